import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';
import type { CreatedSubmission, OwnSubmission } from '../api/routes/student';

/** The submission id inside an edit token (`<id>.<secret>`). */
export const submissionIdOf = (editToken: string) => editToken.split('.')[0] ?? '';

/**
 * A student's own submission, read with its edit token (sent as `x-edit-token`). The key is the
 * /api path; the token stays out of the key so it never shows up in devtools or cache dumps.
 */
export function ownSubmissionQuery(editToken: string) {
  const id = submissionIdOf(editToken);
  return queryOptions({
    queryKey: ['/api/submissions', id] as const,
    queryFn: () => apiRequest<OwnSubmission>('GET', `/api/submissions/${encodeURIComponent(id)}`, undefined, { 'x-edit-token': editToken }),
    enabled: Boolean(id),
  });
}

export function createSubmission(body: Record<string, unknown>): Promise<CreatedSubmission> {
  return apiRequest<CreatedSubmission>('POST', '/api/submissions', body);
}

export function updateSubmission(editToken: string, content: Record<string, unknown>): Promise<OwnSubmission> {
  const id = submissionIdOf(editToken);
  return apiRequest<OwnSubmission>('PUT', `/api/submissions/${encodeURIComponent(id)}`, content, { 'x-edit-token': editToken });
}

/** Seed §7: a successful submission refreshes the submission and analytics data. */
export function invalidateAfterSubmission(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/submissions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/analytics'] }),
  ]);
}

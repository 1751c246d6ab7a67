import type { QueryClient } from '@tanstack/react-query';
import { invokeFunction } from '../../lib/invoke';
import { queryKeys } from '../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { deviceId } from '../deviceId';

export interface CreatedSubmission {
  id: string;
  /** `<id>.<secret>`: the only key to read or edit this submission again. */
  editToken: string;
  sessionId: string;
}

/**
 * POST /api/submissions (Variant A or B) → {id, editToken, sessionId}. The body is validated by the
 * submissions function with the same schemas as the forms; this browser's device id rides along
 * for the per-device rate limit.
 */
export function createSubmission(body: Record<string, unknown>): Promise<CreatedSubmission> {
  return invokeFunction<CreatedSubmission>('POST', 'submissions', { headers: { 'x-device-id': deviceId() }, body });
}

/** A new or changed submission changes the public timeline and every professor's analytics. */
export function invalidateAfterSubmission(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all }),
  ]);
}

/** The screens do not wait for the refresh: the student sees "Submitted!" at once. */
export function useCreateSubmission({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createSubmission> } = {}) {
  return useEndpointMutation(createSubmission, mutationConfig, (queryClient) => void invalidateAfterSubmission(queryClient));
}

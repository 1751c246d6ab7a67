import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { queryKeys } from '../../lib/queryKeys';
import type { Reply } from './reply-to-submission';

/** GET /api/professor/submissions/replies?ids=: the professor's replies to the submissions shown (RLS: own courses). */
export async function getReplies(submissionIds: readonly string[]): Promise<Record<string, Reply>> {
  if (submissionIds.length === 0) return {};
  const { db } = await dataClients();
  const rows = dataOrThrow(
    await db.from('submission_replies').select('submission_id, body, updated_at').in('submission_id', [...submissionIds]),
  );
  return Object.fromEntries(rows.map((row) => [row.submission_id, { submissionId: row.submission_id, body: row.body, updatedAt: row.updated_at }]));
}

export const repliesQueryOptions = (submissionIds: readonly string[]) =>
  queryOptions({ queryKey: queryKeys.professor.submissions.replies(submissionIds), queryFn: () => getReplies(submissionIds) });

export const useReplies = (submissionIds: readonly string[]) => useQuery(repliesQueryOptions(submissionIds));

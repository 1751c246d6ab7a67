import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { invokeFunction } from '../../lib/invoke';
import { queryKeys } from '../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { replyBodySchema } from '../../lib/schemas';

/** A professor's reply to one anonymous submission. */
export interface Reply {
  submissionId: string;
  body: string;
  updatedAt: string;
}

/** The reply form's payload; the body is checked as the database checks it (1–1000 characters, trimmed). */
export const replySchema = z.object({ body: replyBodySchema });

/**
 * POST /api/professor/submissions/{id}/reply {body}: writes or rewrites the reply and marks the
 * submission reviewed (the database checks the course is the caller's: another's is a 404). The
 * replies function writes it with the professor's own JWT, then pushes the first reply to the
 * student if they asked for it, so the notification does not depend on this tab staying open.
 */
export async function replyToSubmission({ submissionId, body }: { submissionId: string; body: string }): Promise<Reply> {
  const parsed = replySchema.safeParse({ body });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid reply');
  return invokeFunction<Reply>('POST', 'replies', { body: { submissionId, body: parsed.data.body } });
}

/** A reply changes the submission lists, Response Needed, and the live view. */
export function refreshAfterReply(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.professor.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all }),
  ]);
}

export function useReplyToSubmission({ mutationConfig }: { mutationConfig?: MutationConfig<typeof replyToSubmission> } = {}) {
  return useEndpointMutation(replyToSubmission, mutationConfig, refreshAfterReply);
}

import { z } from 'zod';
import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { queryKeys } from '../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { checkQuestionSchema, noteBodySchema } from '../../lib/schemas';

/**
 * The note form's payload; the body is checked as the database checks it (1–1000 characters,
 * trimmed), and the optional check question too (at most 200; blank is none).
 */
export const noteSchema = z.object({ body: noteBodySchema, checkQuestion: checkQuestionSchema });

/**
 * POST /api/notes {sessionId, body}: a note on one of the professor's class sessions (row-level
 * security and a trigger refuse another's session, and nothing is written).
 */
export async function createSessionNote({
  sessionId,
  body,
  checkQuestion,
}: {
  sessionId: string;
  body: string;
  checkQuestion?: string | null;
}): Promise<{ id: string }> {
  const parsed = noteSchema.safeParse({ body, checkQuestion });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid note');
  const { db } = await dataClients();
  return dataOrThrow(
    await db
      .from('session_notes')
      .insert({ session_id: sessionId, body: parsed.data.body, check_question: parsed.data.checkQuestion })
      .select('id')
      .single(),
  );
}

export function useCreateSessionNote({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createSessionNote> } = {}) {
  return useEndpointMutation(createSessionNote, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.notes.all }),
  );
}

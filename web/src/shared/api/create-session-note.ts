import { z } from 'zod';
import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { queryKeys } from '../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { type NoteTopics, noteBodySchema, noteTopicsSchema } from '../../lib/schemas';

/**
 * The note form's payload; the body is checked as the database checks it (1–1000 characters,
 * trimmed), and the topics too ("Did it work?": the confusion the note answers, and the control
 * the next session rates beside it; docs/decisions/follow-up-checks.md).
 */
export const noteSchema = z.object({ body: noteBodySchema }).and(noteTopicsSchema);

export type NewSessionNote = { sessionId: string; body: string } & Partial<NoteTopics>;

/**
 * POST /api/notes {sessionId, body, addressedTopic?, addressedGroupId?, controlTopic?,
 * controlGroupId?}: a note on one of the professor's class sessions (row-level security and a
 * trigger refuse another's session, a group of another session, a control equal to the topic; and
 * nothing is written).
 */
export async function createSessionNote({ sessionId, ...note }: NewSessionNote): Promise<{ id: string }> {
  const parsed = noteSchema.safeParse(note);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid note');
  const { body, addressedTopic, addressedGroupId, controlTopic, controlGroupId } = parsed.data;
  const { db } = await dataClients();
  return dataOrThrow(
    await db
      .from('session_notes')
      .insert({
        session_id: sessionId,
        body,
        addressed_topic: addressedTopic,
        addressed_group_id: addressedGroupId,
        control_topic: controlTopic,
        control_group_id: controlGroupId,
      })
      .select('id')
      .single(),
  );
}

export function useCreateSessionNote({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createSessionNote> } = {}) {
  return useEndpointMutation(createSessionNote, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.notes.all }),
  );
}

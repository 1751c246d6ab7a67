import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { jsonAs } from '../../lib/json';
import { type MutationConfig, useEndpointMutation } from '../../lib/reactQuery';
import { refreshAfterReply } from './reply-to-submission';

/** DELETE /api/professor/submissions/{id}/reply: takes the reply back (the student no longer sees it). */
export async function withdrawReply(submissionId: string): Promise<{ submissionId: string; withdrawn: boolean }> {
  const { db } = await dataClients();
  return jsonAs(dataOrThrow(await db.rpc('withdraw_reply', { submission_id: submissionId })));
}

export function useWithdrawReply({ mutationConfig }: { mutationConfig?: MutationConfig<typeof withdrawReply> } = {}) {
  return useEndpointMutation(withdrawReply, mutationConfig, refreshAfterReply);
}

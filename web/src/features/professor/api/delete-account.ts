import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { jsonAs } from '../../../lib/json';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/** What went with the account: the courses it owned, and the teams it left. */
export interface DeletedAccount {
  ownedCourses: number;
  memberships: number;
}

/**
 * DELETE /api/professor/account: deletes the signed-in professor's account; the courses they own
 * (with their feedback) go with it and their team memberships end. The caller then signs out
 * (/api/logout), which also drops everything cached.
 */
export async function deleteAccount(): Promise<DeletedAccount> {
  const { db } = await dataClients();
  return jsonAs<DeletedAccount>(dataOrThrow(await db.rpc('delete_my_account')));
}

export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  // Nothing to refresh: signing out next resets every query.
  return useEndpointMutation(deleteAccount, mutationConfig, () => undefined);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients, sessionMayExist } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

/**
 * GET /api/admin/owner → { isOwner }: whether the signed-in account is an app owner
 * (is_app_owner(), as the user-stories board asks). Signed-out visitors are not.
 */
export async function getAppOwner(): Promise<{ isOwner: boolean }> {
  if (!sessionMayExist()) return { isOwner: false };
  const { db } = await dataClients();
  return { isOwner: dataOrThrow(await db.rpc('is_app_owner', {}, { get: true })) === true };
}

export const appOwnerQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.owner, queryFn: getAppOwner });

export const useAppOwner = (signedIn: boolean) => useQuery({ ...appOwnerQueryOptions(), enabled: signedIn });

import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * DELETE /api/admin/lti-platforms/{id}: removes a learning platform and its LMS course links
 * (remove_lti_platform(); an app owner only). Its launches are refused from then on.
 */
export async function removeLtiPlatform(id: string): Promise<{ id: string }> {
  const { db } = await dataClients();
  dataOrThrow(await db.rpc('remove_lti_platform', { p_id: id }));
  return { id };
}

export function useRemoveLtiPlatform({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeLtiPlatform> } = {}) {
  return useEndpointMutation(removeLtiPlatform, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.ltiPlatforms }),
  );
}

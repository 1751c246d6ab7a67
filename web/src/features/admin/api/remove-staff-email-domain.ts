import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';

/**
 * DELETE /api/admin/staff-email-domains/{domain}: removes a domain from those whose addresses may
 * become professors; with none left, anyone may again (remove_staff_email_domain(); an app owner
 * only). Accounts already made stay.
 */
export async function removeStaffEmailDomain(domain: string): Promise<{ domain: string }> {
  const { db } = await dataClients();
  dataOrThrow(await db.rpc('remove_staff_email_domain', { p_domain: domain }));
  return { domain };
}

export function useRemoveStaffEmailDomain({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeStaffEmailDomain> } = {}) {
  return useEndpointMutation(removeStaffEmailDomain, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.staffEmailDomains }),
  );
}

import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { parseStaffDomain } from './staff-domain-input';

/**
 * POST /api/admin/staff-email-domains {domain}: lets the addresses of a domain (and its
 * subdomains) become professors, and from then on only those, invitations and trusted LMS domains
 * (add_staff_email_domain(); an app owner only). Answers the domain as stored. Refused: not a
 * domain (400, before any request, and again by the function), more than 50 (400), not an app
 * owner (403).
 */
export async function addStaffEmailDomain({ domain }: { domain: string }): Promise<string> {
  const checked = parseStaffDomain(domain);
  const { db } = await dataClients();
  return dataOrThrow(await db.rpc('add_staff_email_domain', { p_domain: checked }));
}

export function useAddStaffEmailDomain({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addStaffEmailDomain> } = {}) {
  return useEndpointMutation(addStaffEmailDomain, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.staffEmailDomains }),
  );
}

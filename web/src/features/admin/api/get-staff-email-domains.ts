import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

export interface StaffEmailDomain {
  domain: string;
  createdAt: string;
}

/**
 * GET /api/admin/staff-email-domains: the e-mail domains whose addresses may become professors,
 * alphabetically; none means anyone may (staff_email_domains(); an app owner only, anyone else
 * gets a 403).
 */
export async function getStaffEmailDomains(): Promise<StaffEmailDomain[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.rpc('staff_email_domains', {}, { get: true }));
  return rows.map((row) => ({ domain: row.domain, createdAt: row.created_at }));
}

export const staffEmailDomainsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.staffEmailDomains, queryFn: getStaffEmailDomains });

export const useStaffEmailDomains = () => useQuery(staffEmailDomainsQueryOptions());

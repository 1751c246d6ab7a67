import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

export interface LtiPlatform {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  jwksUrl: string;
  tokenUrl: string | null;
  emailDomains: string[];
  createdAt: string;
  /** How many LMS courses are linked to ClassPulse courses through this platform. */
  linkedCourses: number;
}

/**
 * GET /api/admin/lti-platforms: every registered learning platform, by name (lti_platforms_admin();
 * an app owner only, anyone else gets a 403).
 */
export async function getLtiPlatforms(): Promise<LtiPlatform[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow(await db.rpc('lti_platforms_admin', {}, { get: true }));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    deploymentIds: row.deployment_ids,
    authLoginUrl: row.auth_login_url,
    jwksUrl: row.jwks_url,
    tokenUrl: row.token_url ?? null,
    emailDomains: row.email_domains,
    createdAt: row.created_at,
    linkedCourses: row.linked_courses,
  }));
}

export const ltiPlatformsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.ltiPlatforms, queryFn: getLtiPlatforms });

export const useLtiPlatforms = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ltiPlatformsQueryOptions(), enabled });

import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { type LtiPlatformFormValues, parseLtiPlatformInput } from './lti-platform-input';

/** PostgREST sends null for a missing id or token URL; the generated types know only text. */
const nullable = (value: string | null) => value as string;

/**
 * POST /api/admin/lti-platforms (no id) or PUT /api/admin/lti-platforms/{id}: registers or changes
 * a learning platform and answers its id (save_lti_platform(); an app owner only). Refused: the
 * payload's rules (400, before any request, and the table's checks), not an app owner (403), an
 * issuer and client id already registered (409), an unknown id (404).
 */
export async function saveLtiPlatform({ id, input }: { id: string | null; input: LtiPlatformFormValues }): Promise<string> {
  const platform = parseLtiPlatformInput(input);
  const { db } = await dataClients();
  return dataOrThrow(
    await db.rpc('save_lti_platform', {
      p_id: nullable(id),
      p_name: platform.name,
      p_issuer: platform.issuer,
      p_client_id: platform.clientId,
      p_deployment_ids: platform.deploymentIds,
      p_auth_login_url: platform.authLoginUrl,
      p_jwks_url: platform.jwksUrl,
      p_token_url: nullable(platform.tokenUrl),
      p_email_domains: platform.emailDomains,
    }),
  );
}

export function useSaveLtiPlatform({ mutationConfig }: { mutationConfig?: MutationConfig<typeof saveLtiPlatform> } = {}) {
  return useEndpointMutation(saveLtiPlatform, mutationConfig, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.ltiPlatforms }),
  );
}

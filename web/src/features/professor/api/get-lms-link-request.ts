import { queryOptions } from '@tanstack/react-query';
import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';

/** An LMS course waiting to be linked: what the instructor's launch said about it. */
export interface LinkRequest {
  /** The LMS course's short label ("COSC 1337"), or '' when the platform gave none. */
  label: string;
  /** The LMS course's title ("Programming Fundamentals II"), or ''. */
  title: string;
  /** The platform's name as the app owner registered it ("Canvas at State U"). */
  platform: string;
}

/**
 * GET /api/lti/link-requests/{token}: the signed-in professor's pending request behind a token
 * (made by their launch from an LMS course not linked yet), or null when it is spent, expired or
 * another account's.
 */
export async function getLinkRequest(token: string): Promise<LinkRequest | null> {
  const { db } = await dataClients();
  const [row] = dataOrThrow(await db.rpc('lti_link_request', { p_token: token }));
  return row ? { label: row.context_label, title: row.context_title, platform: row.platform_name } : null;
}

export const linkRequestQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.ltiLinkRequest(token), queryFn: () => getLinkRequest(token), staleTime: Infinity });

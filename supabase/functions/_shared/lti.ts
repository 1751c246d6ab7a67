// LTI 1.3 (IMS LTI 1.3 Core, Deep Linking 2.0): the pure part of the `lti` function: the claims a
// verified launch must carry, the refusal codes and their pages, the login redirect, the
// deep-linking response's claims. No Deno API and no jose here, so Node's unit tests import it
// as the function does. docs/decisions/lti.md says what is done and what is left.
import { escapeHtml } from './html.ts';

export const LTI_VERSION = '1.3.0';
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const CLAIMS = {
  messageType: `${CLAIM}message_type`,
  version: `${CLAIM}version`,
  deploymentId: `${CLAIM}deployment_id`,
  targetLinkUri: `${CLAIM}target_link_uri`,
  resourceLink: `${CLAIM}resource_link`,
  roles: `${CLAIM}roles`,
  context: `${CLAIM}context`,
  deepLinkingSettings: `${DL_CLAIM}deep_linking_settings`,
  contentItems: `${DL_CLAIM}content_items`,
  data: `${DL_CLAIM}data`,
} as const;

export type MessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

/** Why a login or a launch was refused: the audit row's reason, the page's status and its text. */
export const REFUSALS = {
  missing_parameters: { status: 400, text: 'The request is missing a required LTI parameter.' },
  malformed_token: { status: 400, text: 'The launch token could not be read.' },
  unknown_issuer: { status: 403, text: 'This learning platform is not registered with ClassPulse.' },
  unknown_client: { status: 403, text: 'This learning platform’s client id is not registered with ClassPulse.' },
  foreign_target: { status: 400, text: 'The launch target is not a ClassPulse address.' },
  wrong_audience: { status: 401, text: 'The launch token was not issued for ClassPulse.' },
  bad_signature: { status: 401, text: 'The launch token’s signature could not be verified.' },
  expired_token: { status: 401, text: 'The launch token has expired or is not valid yet. Please launch ClassPulse again.' },
  unknown_state: { status: 401, text: 'This launch has already been used or has expired. Please launch ClassPulse again.' },
  nonce_mismatch: { status: 401, text: 'The launch token does not belong to this login. Please launch ClassPulse again.' },
  unknown_deployment: { status: 403, text: 'This deployment of ClassPulse is not registered.' },
  unsupported_message: { status: 400, text: 'ClassPulse does not support this kind of LTI launch.' },
  wrong_version: { status: 400, text: 'ClassPulse supports LTI version 1.3.0 only.' },
  missing_claim: { status: 400, text: 'The launch token is missing a required LTI claim.' },
  platform_unreachable: { status: 502, text: 'The learning platform’s keys could not be fetched. Please try again in a moment.' },
  not_instructor: { status: 403, text: 'Only an instructor can add ClassPulse to a course.' },
  unlinked_context: {
    status: 404,
    text: 'This course of your learning platform is not linked to a ClassPulse course yet. Please ask your instructor or administrator.',
  },
} as const satisfies Record<string, { status: number; text: string }>;

export type RefusalReason = keyof typeof REFUSALS;

/** A refusal the function answers with an HTML page and one audit row (reason, claimed issuer). */
export class LtiRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly issuer?: string,
  ) {
    super(reason);
    this.name = 'LtiRefusal';
  }
}

/** A small, complete HTML page (no script unless given), the way every LTI answer that is not a redirect looks. */
export function page(title: string, body: string, { script }: { script?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ClassPulse</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a202c}h1{font-size:1.4rem}a,button{font-size:1rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>
`;
}

export function refusalPage(reason: RefusalReason): { status: number; html: string } {
  const { status, text } = REFUSALS[reason];
  return {
    status,
    html: page('ClassPulse could not be opened', `<p>${escapeHtml(text)}</p>\n<p><small>Reason: <code>${reason}</code></small></p>`),
  };
}

/** An auto-submitting form (the deep-linking response goes back to the platform as a browser POST). */
export function autoPostPage(title: string, action: string, fields: Record<string, string>, button: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    title,
    `<form id="lti" method="post" action="${escapeHtml(action)}">\n${inputs}\n<button type="submit">${escapeHtml(button)}</button>\n</form>`,
    { script: "document.getElementById('lti').submit();" },
  );
}

/** Whether `uri` is an http(s) address on one of the allowed origins (the site's, the functions'). */
export function isOnSite(uri: string | undefined, origins: string[]): boolean {
  if (!uri) return false;
  try {
    const url = new URL(uri);
    return (url.protocol === 'https:' || url.protocol === 'http:') && origins.includes(url.origin) && !url.username && !url.password;
  } catch {
    return false;
  }
}

export interface LoginRequest {
  authLoginUrl: string;
  clientId: string;
  redirectUri: string;
  loginHint: string;
  ltiMessageHint?: string;
  state: string;
  nonce: string;
}

/** The platform's authorization URL for the OIDC login (LTI 1.3 Core §5.1.1.2; OIDC implicit flow). */
export function authRedirectUrl(r: LoginRequest): string {
  const url = new URL(r.authLoginUrl);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: r.clientId,
    redirect_uri: r.redirectUri,
    login_hint: r.loginHint,
    state: r.state,
    nonce: r.nonce,
  };
  if (r.ltiMessageHint) params.lti_message_hint = r.ltiMessageHint;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The audience check the signature check cannot make alone: with several audiences, `azp` must be the client. */
export function audienceAccepted(aud: unknown, azp: unknown, clientId: string): boolean {
  const list = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!list.includes(clientId)) return false;
  if (list.length > 1 && azp !== clientId) return false;
  return azp === undefined || azp === clientId;
}

/** The audiences of an unverified token, to find which registration it names. */
export function audiences(aud: unknown): string[] {
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
/** An http(s) address: the deep-linking form posts to it, so no `javascript:` or `data:`. */
function isWebAddress(v: unknown): v is string {
  if (!isText(v)) return false;
  try {
    const { protocol } = new URL(v);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
/** A claim's text trimmed to what the database keeps, or '' when it is not text. */
const shortText = (v: unknown, max: number) =>
  typeof v === 'string'
    ? v
        .replace(/\p{Cc}/gu, ' ')
        .trim()
        .slice(0, max)
    : '';

const INSTRUCTOR_ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

const ASSISTANT_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
];
const TEACHING_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
];

/** What ClassPulse keeps of a verified launch: nothing about the person but whether they teach. */
export interface Launch {
  messageType: MessageType;
  deploymentId: string;
  contextId?: string;
  /** The LMS course's own label and title (course data, not the person's), for the link page. */
  context?: { label: string; title: string };
  teaches: boolean;
  /** A teaching assistant (and not an instructor): may join a team whose owner allows it. */
  assistant: boolean;
  deepLinking?: { returnUrl: string; data?: string };
}

/**
 * Checks the LTI claims of a token whose signature, issuer, audience and times jose has verified
 * (and whose nonce and state the function has), and keeps only what the launch needs: the user's
 * `sub`, name, e-mail and the like are not copied, so they are gone with the request.
 */
export function readLaunch(payload: Record<string, unknown>, deploymentIds: string[]): Launch {
  const deploymentId = payload[CLAIMS.deploymentId];
  if (!isText(deploymentId)) throw new LtiRefusal('missing_claim');
  if (!deploymentIds.includes(deploymentId)) throw new LtiRefusal('unknown_deployment');
  const messageType = payload[CLAIMS.messageType];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest') {
    throw new LtiRefusal(isText(messageType) ? 'unsupported_message' : 'missing_claim');
  }
  const version = payload[CLAIMS.version];
  if (!isText(version)) throw new LtiRefusal('missing_claim');
  if (version !== LTI_VERSION) throw new LtiRefusal('wrong_version');
  const roles = payload[CLAIMS.roles];
  if (!Array.isArray(roles)) throw new LtiRefusal('missing_claim');
  const has = (list: string[]) => roles.some((r) => typeof r === 'string' && list.includes(r));
  const teaches = has(TEACHING_ROLES);
  const assistant = has(ASSISTANT_ROLES) && !roles.includes(INSTRUCTOR_ROLE);
  const context = payload[CLAIMS.context];
  if (context !== undefined && !(isObject(context) && isText(context.id))) throw new LtiRefusal('missing_claim');
  const contextId = isObject(context) && isText(context.id) ? context.id : undefined;
  const described = isObject(context) ? { label: shortText(context.label, 200), title: shortText(context.title, 500) } : undefined;
  const common = { deploymentId, contextId, context: described, teaches, assistant };

  if (messageType === 'LtiResourceLinkRequest') {
    const link = payload[CLAIMS.resourceLink];
    if (!isObject(link) || !isText(link.id) || !isText(payload[CLAIMS.targetLinkUri])) throw new LtiRefusal('missing_claim');
    return { messageType, ...common };
  }
  const settings = payload[CLAIMS.deepLinkingSettings];
  if (!isObject(settings) || !isWebAddress(settings.deep_link_return_url) || !Array.isArray(settings.accept_types)) {
    throw new LtiRefusal('missing_claim');
  }
  if (!settings.accept_types.includes('ltiResourceLink')) throw new LtiRefusal('unsupported_message');
  const data = typeof settings.data === 'string' ? settings.data : undefined;
  return { messageType, ...common, deepLinking: { returnUrl: settings.deep_link_return_url, data } };
}

/** The claims of the deep-linking response (Deep Linking 2.0 §4.2), to be signed with the tool's key. */
export function deepLinkingResponseClaims(o: {
  clientId: string;
  issuer: string;
  deploymentId: string;
  nonce: string;
  data?: string;
  launchUrl: string;
}): Record<string, unknown> {
  return {
    iss: o.clientId,
    aud: o.issuer,
    nonce: o.nonce,
    [CLAIMS.messageType]: 'LtiDeepLinkingResponse',
    [CLAIMS.version]: LTI_VERSION,
    [CLAIMS.deploymentId]: o.deploymentId,
    [CLAIMS.contentItems]: [
      {
        type: 'ltiResourceLink',
        title: 'ClassPulse feedback',
        text: 'Tell your professor, anonymously, what was unclear in today’s class.',
        url: o.launchUrl,
      },
    ],
    ...(o.data !== undefined ? { [CLAIMS.data]: o.data } : {}),
  };
}

/** The student's form for today: the same address as the class link's (`/class-session`). */
export function classSessionUrl(site: string, courseId: string, sessionDate: string): string {
  const url = new URL('/class-session', site);
  url.searchParams.set('courseId', courseId);
  url.searchParams.set('sessionId', sessionDate);
  return url.toString();
}

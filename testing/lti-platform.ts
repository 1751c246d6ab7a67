// A stand-in LMS for the LTI tests (Vitest's and Playwright's): its own RSA key pair and JWKS served on a local port (node
// http), registered with ClassPulse through SQL as an administrator would, and launches signed the
// way Canvas and Moodle shape them. It plays the browser too: it follows the tool's login redirect
// and posts the id_token back, as the platform's auth endpoint makes the browser do.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type pg from 'pg';

/** The stack under test, as the runner (Vitest or Playwright) knows it: set once by `useStack`. */
interface StandInStack {
  db(): pg.Pool;
  apiUrl(): string;
}
let current: StandInStack | undefined;

export function useStack(stack: StandInStack): void {
  current = stack;
}

function under(): StandInStack {
  if (!current) throw new Error('Call useStack() before using the LTI stand-in platform');
  return current;
}
const db = () => under().db();

export const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  teachingAssistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership#TeachingAssistant',
};

export const functionUrl = (path: string) => `${under().apiUrl()}/functions/v1/lti${path}`;
export const launchUrl = () => functionUrl('/launch');

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function signingKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** Someone in the LMS: what the platform puts in a launch about them, none of which may be stored. */
export interface LmsUser {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
}

export function lmsUser(): LmsUser {
  const tag = randomBytes(6).toString('hex');
  return {
    sub: `lms-sub-${tag}`,
    name: `Grace Hopper ${tag}`,
    givenName: `Grace${tag}`,
    familyName: `Hopper${tag}`,
    email: `grace.${tag}@students.example.edu`,
  };
}

/** The domain the stand-in platforms are registered for: their instructors' addresses. */
export const TRUSTED_DOMAIN = 'faculty.example.edu';

/** An instructor of the trusted domain (a new address each time, so a new ClassPulse account). */
export function lmsInstructor(): LmsUser {
  const user = lmsUser();
  return { ...user, email: `prof.${user.sub.slice(-12)}@${TRUSTED_DOMAIN}` };
}

export type Flavour = 'canvas' | 'moodle';

export class Platform {
  readonly issuer: string;
  readonly clientId: string;
  readonly deploymentId: string;
  id = '';
  jwksHits = 0;
  private keys: SigningKey[] = [];
  private server?: http.Server;
  baseUrl = '';

  /**
   * The e-mail domains ClassPulse trusts this platform for (it may sign their instructors in and
   * make their accounts). The LMS users of lmsUser() are students of another domain.
   */
  constructor(
    readonly flavour: Flavour,
    readonly emailDomains: string[] = [TRUSTED_DOMAIN],
  ) {
    const tag = randomBytes(5).toString('hex');
    // Canvas cloud has one issuer for every school; a Moodle site is its own issuer.
    this.issuer = flavour === 'canvas' ? `https://canvas-${tag}.instructure.com` : `https://moodle-${tag}.example.edu`;
    this.clientId = flavour === 'canvas' ? `1000000000${randomBytes(3).readUIntBE(0, 3)}` : randomBytes(8).toString('base64url');
    this.deploymentId = flavour === 'canvas' ? `${randomBytes(1)[0]}:${randomBytes(20).toString('hex')}` : String(1 + randomBytes(1)[0]!);
  }

  get key(): SigningKey {
    return this.keys[0]!;
  }

  /** Starts the JWKS server and registers the platform (and its deployment) with ClassPulse. */
  async start(): Promise<this> {
    this.keys = [await signingKey()];
    this.server = http.createServer((req, res) => {
      if (req.url === '/jwks') {
        this.jwksHits++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: this.keys.map((k) => k.publicJwk) }));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const { rows } = await db().query<{ id: string }>(
      `insert into private.lti_platforms (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url, token_url, email_domains)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        `Test ${this.flavour}`,
        this.issuer,
        this.clientId,
        [this.deploymentId],
        `${this.baseUrl}/authorize`,
        `${this.baseUrl}/jwks`,
        `${this.baseUrl}/token`,
        this.emailDomains,
      ],
    );
    this.id = rows[0]!.id;
    return this;
  }

  async stop(): Promise<void> {
    // The edge runtime may keep a JWKS connection open; close() alone would wait for it.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new signing key in front (the old one stays in the JWKS), as a platform rotates. */
  async rotate(): Promise<void> {
    this.keys.unshift(await signingKey());
  }

  async linkContext(contextId: string, courseId: string): Promise<void> {
    await db().query(`insert into private.lti_context_links (platform_id, context_id, course_id) values ($1, $2, $3)`, [
      this.id,
      contextId,
      courseId,
    ]);
  }

  /** The fields of a login initiation, as the platform fills them (fresh hints each time). */
  loginFields(): Record<'iss' | 'login_hint' | 'target_link_uri' | 'client_id' | 'lti_deployment_id' | 'lti_message_hint', string> {
    return {
      iss: this.issuer,
      login_hint: randomBytes(8).toString('hex'),
      target_link_uri: launchUrl(),
      client_id: this.clientId,
      lti_deployment_id: this.deploymentId,
      lti_message_hint: randomBytes(8).toString('hex'),
    };
  }

  /** The OIDC login initiation the platform starts (Canvas posts a form, Moodle redirects with a GET). */
  async initiateLogin(params: Record<string, string> = {}): Promise<Response> {
    const fields = { ...this.loginFields(), ...params };
    if (this.flavour === 'canvas') {
      return fetch(functionUrl('/login'), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    }
    return fetch(`${functionUrl('/login')}?${new URLSearchParams(fields)}`, { redirect: 'manual' });
  }

  /** Logs in and returns the state and nonce the tool put in the redirect to the platform. */
  async login(): Promise<{ state: string; nonce: string }> {
    const response = await this.initiateLogin();
    if (response.status !== 302) throw new Error(`login initiation answered ${response.status}: ${await response.text()}`);
    const location = new URL(response.headers.get('location')!);
    return { state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')! };
  }

  /** A whole launch but its post: a login, then a token signed for its nonce; post both to the tool. */
  async signedLaunch(o: Omit<Parameters<Platform['claims']>[0], 'nonce'>): Promise<{ idToken: string; state: string }> {
    const { state, nonce } = await this.login();
    return { idToken: await this.sign(this.claims({ ...o, nonce })), state };
  }

  /** The claims of a launch, shaped like this platform's. */
  claims(o: {
    user: LmsUser;
    nonce: string;
    roles?: string[];
    contextId?: string;
    context?: { label?: string; title?: string };
    messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
    deepLinkData?: string;
  }): JWTPayload {
    const type = o.messageType ?? 'LtiResourceLinkRequest';
    const roles = o.roles ?? [ROLE.learner];
    const common: JWTPayload = {
      nonce: o.nonce,
      sub: o.user.sub,
      name: o.user.name,
      given_name: o.user.givenName,
      family_name: o.user.familyName,
      email: o.user.email,
      locale: 'en',
      [`${CLAIM}message_type`]: type,
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]: this.deploymentId,
      [`${CLAIM}target_link_uri`]: launchUrl(),
      [`${CLAIM}roles`]: roles,
      [`${CLAIM}context`]: {
        id: o.contextId ?? 'no-context',
        label: o.context?.label ?? 'COSC 1337',
        title: o.context?.title ?? 'Programming Fundamentals',
        type: ['CourseOffering'],
      },
      [`${CLAIM}tool_platform`]: {
        guid: randomUUID(),
        name: this.flavour === 'canvas' ? 'Canvas' : 'Moodle',
        product_family_code: this.flavour,
      },
      [`${CLAIM}launch_presentation`]: { document_target: 'iframe', return_url: `${this.baseUrl}/return` },
      [`${CLAIM}lis`]: { person_sourcedid: `sis-${o.user.sub}`, course_offering_sourcedid: 'COSC1337-001' },
    };
    if (type === 'LtiResourceLinkRequest') common[`${CLAIM}resource_link`] = { id: randomUUID(), title: 'ClassPulse feedback' };
    else {
      common[`${DL_CLAIM}deep_linking_settings`] = {
        deep_link_return_url: `${this.baseUrl}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: false,
        data: o.deepLinkData,
      };
    }
    if (this.flavour === 'canvas') {
      // Canvas adds its own claims (and a picture of the user).
      common['https://purl.imsglobal.org/spec/lti/claim/custom'] = { canvas_user_id: o.user.sub };
      common['https://www.instructure.com/placement'] = type === 'LtiDeepLinkingRequest' ? 'link_selection' : 'course_navigation';
      common.picture = `https://canvas.example/images/${o.user.sub}.png`;
    } else {
      common[`${CLAIM}ext`] = { user_username: o.user.email, lms: 'moodle-2' };
    }
    return common;
  }

  /** Signs claims as the platform: aud as Canvas sends it (a string) or Moodle (an array with azp). */
  async sign(
    claims: JWTPayload,
    o: { key?: SigningKey; kid?: string; aud?: string | string[]; azp?: string | null; expired?: boolean; issuer?: string } = {},
  ): Promise<string> {
    const key = o.key ?? this.key;
    const aud = o.aud ?? (this.flavour === 'canvas' ? this.clientId : [this.clientId]);
    const azp = o.azp === null ? undefined : (o.azp ?? (this.flavour === 'moodle' ? this.clientId : undefined));
    return new SignJWT({ ...claims, ...(azp ? { azp } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? key.kid, typ: 'JWT' })
      .setIssuer(o.issuer ?? this.issuer)
      .setAudience(aud)
      .setIssuedAt(o.expired ? Math.floor(Date.now() / 1000) - 3600 : undefined)
      .setExpirationTime(o.expired ? Math.floor(Date.now() / 1000) - 1800 : '5 minutes')
      .sign(key.privateKey);
  }

  /** A key the platform never published (an attacker's), optionally under the platform's kid. */
  static async rogueKey(): Promise<SigningKey> {
    return signingKey();
  }
}

/** The browser's form post of the platform's answer to the tool's launch URL. */
export function postLaunch(fields: Record<string, string>): Promise<Response> {
  return fetch(launchUrl(), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** The page a browser is on when the platform's auth endpoint answers: a form posting the launch to the tool. */
export function launchFormHtml({ idToken, state }: { idToken: string; state: string }, button = 'Launch ClassPulse'): string {
  return `<form method="post" action="${launchUrl()}"><input type="hidden" name="id_token" value="${idToken}"><input type="hidden" name="state" value="${state}"><button>${button}</button></form>`;
}

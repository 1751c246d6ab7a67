// lti: ClassPulse as an LTI 1.3 tool (IMS LTI 1.3 Core, Deep Linking 2.0) for Canvas, Moodle and
// any other platform registered in private.lti_platforms (docs/lti.md).
//
// GET|POST /lti/login   OIDC login initiation: checks the issuer, client and target, stores a
//                       one-time state and nonce, and sends the browser to the platform's auth URL.
// POST     /lti/launch  The platform's form post of `id_token` + `state`: the token is verified
//                       (platform JWKS, iss, aud/azp, exp/iat, nonce once, state, deployment,
//                       message type and version, required claims), then a learner goes to today's
//                       feedback form of the linked course, an instructor who already owns or
//                       teaches it is signed in (Auth's admin generate_link, by the platform's
//                       e-mail; else a page that opens the course), and a deep-linking request
//                       goes back with a signed content item.
// GET      /lti/jwks    The tool's public keys.
//
// teaching.ts signs instructors and TAs in (and links an LMS course on a first launch); common.ts
// holds what both files share.
//
// Privacy: the launch's `sub`, name, e-mail and the like are never copied out of the verified
// payload (readLaunch keeps only deployment, context, role and deep-linking settings; an
// instructor's e-mail is read only to find their existing account), never stored and never logged. A refusal answers an HTML page (4xx) and writes one audit row: a reason code,
// the claimed issuer and the time.
import type { Context } from 'hono';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as jose,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { db } from '../_shared/db.ts';
import { HttpError } from '../_shared/errors.ts';
import { escapeHtml } from '../_shared/html.ts';
import { createApp, readText } from '../_shared/http.ts';
import {
  audienceAccepted,
  audiences,
  authRedirectUrl,
  autoPostPage,
  classSessionUrl,
  deepLinkingResponseClaims,
  isOnSite,
  LtiRefusal,
  page,
  readLaunch,
  refusalPage,
} from '../_shared/lti.ts';
import { html, LAUNCH_URL, ORIGINS, type Platform, randomToken, sha256Hex, SITE, storable } from './common.ts';
import { type LinkedCourse, teachingLaunch } from './teaching.ts';

const JWKS_TTL_MS = 10 * 60 * 1000;
const RETIRED_KEY_DAYS = 7;

const app = createApp('lti');

// ---------------------------------------------------------------------------------------------
// Answers

/** Runs an LTI route: a refusal becomes its page and one audit row; anything else a 503 page, never a stack trace. */
async function answering(c: Context, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LtiRefusal) {
      await audit(error).catch((e) => console.error('[lti] could not write the audit row:', (e as Error).name));
      console.warn(`[lti] refused: ${error.reason}`);
      const { status, html: body } = refusalPage(error.reason);
      return html(c, body, status);
    }
    if (error instanceof HttpError && error.status < 500) {
      return html(c, page('ClassPulse could not be opened', `<p>${escapeHtml(error.message)}</p>`), error.status);
    }
    // The name and code only: a message may quote the request.
    console.error('[lti] failed:', (error as Error)?.name, (error as { code?: string })?.code ?? '');
    return html(c, page('ClassPulse is unavailable', '<p>Please try again in a moment.</p>'), 503);
  }
}

/** The audit row of a refusal: no token, no user, no address; the issuer only when it looks like one. */
async function audit(refusal: LtiRefusal): Promise<void> {
  const issuer = refusal.issuer && /^https?:\/\/\S{1,490}$/.test(refusal.issuer) && storable(refusal.issuer) ? refusal.issuer : null;
  await db()`
    with expired as (delete from private.lti_launch_refusals where created_at < now() - interval '90 days')
    insert into private.lti_launch_refusals (reason, issuer) values (${refusal.reason}, ${issuer})`;
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** The request's parameters: the query of a GET, the form body of a POST. */
async function parameters(c: Context): Promise<URLSearchParams> {
  if (c.req.method === 'GET') return new URL(c.req.url).searchParams;
  return new URLSearchParams(await readText(c.req.raw));
}

const text = (params: URLSearchParams, name: string, max = 2048) => {
  const value = params.get(name)?.trim();
  return value && value.length <= max ? value : undefined;
};

async function platformsOf(issuer: string): Promise<Platform[]> {
  if (!storable(issuer)) return [];
  return await db()<Platform[]>`
    select id, issuer, client_id, deployment_ids, auth_login_url, jwks_url, email_domains
    from private.lti_platforms where issuer = ${issuer}`;
}

// ---------------------------------------------------------------------------------------------
// The platforms' keys: cached per instance, fetched again once when a token names an unknown kid.

const platformKeys = new Map<string, { keys: JSONWebKeySet; at: number }>();

async function fetchPlatformKeys(url: string): Promise<JSONWebKeySet> {
  let keys: JSONWebKeySet;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    keys = (await response.json()) as JSONWebKeySet;
  } catch (error) {
    console.warn('[lti] the platform keys could not be fetched:', (error as Error).message);
    throw new LtiRefusal('platform_unreachable');
  }
  if (!keys || !Array.isArray(keys.keys)) throw new LtiRefusal('platform_unreachable');
  platformKeys.set(url, { keys, at: Date.now() });
  return keys;
}

async function verifyLaunchToken(token: string, platform: Platform): Promise<JWTPayload> {
  const cached = platformKeys.get(platform.jwks_url);
  const fresh = !cached || Date.now() - cached.at > JWKS_TTL_MS;
  const keys = fresh ? await fetchPlatformKeys(platform.jwks_url) : cached.keys;
  const verify = (set: JSONWebKeySet) =>
    jwtVerify(token, createLocalJWKSet(set), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256'],
      requiredClaims: ['iat', 'exp', 'nonce'],
      maxTokenAge: '10 minutes',
      clockTolerance: 60,
    });
  try {
    try {
      return (await verify(keys)).payload;
    } catch (error) {
      // The platform may have rotated its keys since they were cached: fetch them once more.
      if (error instanceof jose.JWKSNoMatchingKey && !fresh) return (await verify(await fetchPlatformKeys(platform.jwks_url))).payload;
      throw error;
    }
  } catch (error) {
    throw new LtiRefusal(verificationFailure(error), platform.issuer);
  }
}

function verificationFailure(error: unknown) {
  if (error instanceof LtiRefusal) return error.reason;
  if (error instanceof jose.JWTExpired) return 'expired_token' as const;
  if (error instanceof jose.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return 'missing_claim' as const;
    if (error.claim === 'aud') return 'wrong_audience' as const;
    if (error.claim === 'iss') return 'unknown_issuer' as const;
    return 'expired_token' as const; // iat (too old, or in the future) or nbf
  }
  if (error instanceof jose.JWTInvalid) return 'malformed_token' as const;
  return 'bad_signature' as const;
}

// ---------------------------------------------------------------------------------------------
// The tool's own key pair (private.lti_tool_keys): made on first need, one current at a time.

async function currentToolKey(): Promise<{ kid: string; key: CryptoKey }> {
  const current = () => db()<{ kid: string; private_jwk: JWK }[]>`
    select kid, private_jwk from private.lti_tool_keys where retired_at is null`;
  let rows = await current();
  if (!rows.length) {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = crypto.randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    // Two instances may make one at once: the unique index keeps the first, and both use it.
    await db()`
      insert into private.lti_tool_keys (kid, public_jwk, private_jwk)
      values (${kid}, ${db().json(publicJwk)}, ${db().json(privateJwk)}) on conflict do nothing`;
    rows = await current();
  }
  const [{ kid, private_jwk }] = rows;
  return { kid, key: (await importJWK(private_jwk, 'RS256')) as CryptoKey };
}

// ---------------------------------------------------------------------------------------------
// Routes

app.get('/jwks', async (c) => {
  await currentToolKey();
  const rows = await db()<{ public_jwk: JWK }[]>`
    select public_jwk from private.lti_tool_keys
    where retired_at is null or retired_at > now() - make_interval(days => ${RETIRED_KEY_DAYS})
    order by retired_at is not null, created_at desc`;
  return c.json({ keys: rows.map((r) => r.public_jwk) }, 200, { 'cache-control': 'public, max-age=300' });
});

const login = (c: Context) =>
  answering(c, async () => {
    const params = await parameters(c);
    const issuer = text(params, 'iss', 500);
    const loginHint = text(params, 'login_hint');
    const targetLinkUri = text(params, 'target_link_uri');
    if (!issuer || !loginHint || !targetLinkUri) throw new LtiRefusal('missing_parameters', issuer);
    const platforms = await platformsOf(issuer);
    if (!platforms.length) throw new LtiRefusal('unknown_issuer', issuer);
    const clientId = text(params, 'client_id', 255);
    const platform = clientId ? platforms.find((p) => p.client_id === clientId) : platforms.length === 1 ? platforms[0] : undefined;
    if (!platform) throw new LtiRefusal('unknown_client', issuer);
    if (!isOnSite(targetLinkUri, ORIGINS)) throw new LtiRefusal('foreign_target', issuer);
    const deploymentId = text(params, 'lti_deployment_id', 255);
    if (deploymentId && !platform.deployment_ids.includes(deploymentId)) throw new LtiRefusal('unknown_deployment', issuer);

    const state = randomToken();
    const nonce = randomToken();
    await db()`
      with expired as (delete from private.lti_login_states where expires_at < now())
      insert into private.lti_login_states (state_hash, nonce, platform_id) values (${await sha256Hex(state)}, ${nonce}, ${platform.id})`;
    const location = authRedirectUrl({
      authLoginUrl: platform.auth_login_url,
      clientId: platform.client_id,
      redirectUri: LAUNCH_URL,
      loginHint,
      ltiMessageHint: text(params, 'lti_message_hint'),
      state,
      nonce,
    });
    return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
  });

app.get('/login', login);
app.post('/login', login);

app.post('/launch', (c) =>
  answering(c, async () => {
    const params = await parameters(c);
    const idToken = text(params, 'id_token', 16_384);
    const state = text(params, 'state', 200);
    if (!idToken || !state) throw new LtiRefusal('missing_parameters');

    // Which registration the token names (read before verifying: the keys depend on it).
    let unverified: JWTPayload;
    try {
      decodeProtectedHeader(idToken);
      unverified = decodeJwt(idToken);
    } catch {
      throw new LtiRefusal('malformed_token');
    }
    const issuer = typeof unverified.iss === 'string' ? unverified.iss : undefined;
    if (!issuer) throw new LtiRefusal('missing_claim');
    const platforms = await platformsOf(issuer);
    if (!platforms.length) throw new LtiRefusal('unknown_issuer', issuer);
    const named = audiences(unverified.aud);
    const platform = platforms.find((p) => named.includes(p.client_id));
    if (!platform || !audienceAccepted(unverified.aud, unverified.azp, platform.client_id)) {
      throw new LtiRefusal('wrong_audience', issuer);
    }

    const payload = await verifyLaunchToken(idToken, platform);

    // The state works once: deleted as it is read. Its nonce must be the token's.
    const [login] = await db()<{ nonce: string; platform_id: string; live: boolean }[]>`
      delete from private.lti_login_states where state_hash = ${await sha256Hex(state)}
      returning nonce, platform_id, expires_at > now() as live`;
    if (!login?.live) throw new LtiRefusal('unknown_state', issuer);
    if (login.platform_id !== platform.id || login.nonce !== payload.nonce) throw new LtiRefusal('nonce_mismatch', issuer);

    let launch;
    try {
      launch = readLaunch(payload, platform.deployment_ids);
    } catch (error) {
      if (error instanceof LtiRefusal) throw new LtiRefusal(error.reason, issuer);
      throw error;
    }

    if (launch.deepLinking) {
      if (!launch.teaches) throw new LtiRefusal('not_instructor', issuer);
      const { kid, key } = await currentToolKey();
      const jwt = await new SignJWT(
        deepLinkingResponseClaims({
          clientId: platform.client_id,
          issuer: platform.issuer,
          deploymentId: launch.deploymentId,
          nonce: randomToken(),
          data: launch.deepLinking.data,
          launchUrl: LAUNCH_URL,
        }),
      )
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('5 minutes')
        .sign(key);
      return html(c, autoPostPage('Adding ClassPulse feedback', launch.deepLinking.returnUrl, { JWT: jwt }, 'Add ClassPulse feedback'));
    }

    const [link] =
      launch.contextId && storable(launch.contextId)
        ? await db()<LinkedCourse[]>`
          select l.course_id, d.session_date::text as today, c.code, c.lms_roles_join_team
          from private.lti_context_links l
          join public.courses c on c.id = l.course_id
          cross join lateral private.class_day(c.timezone, now()) d
          where l.platform_id = ${platform.id} and l.context_id = ${launch.contextId}`
        : [];
    // The e-mail is read here and nowhere else, for the account's query and the sign-in link.
    if (launch.teaches) return await teachingLaunch(c, platform, launch, payload.email, link);
    if (!link) throw new LtiRefusal('unlinked_context', issuer);

    // A learner: straight to today's form; nothing of them was kept.
    return new Response(null, {
      status: 303,
      headers: {
        location: classSessionUrl(SITE, link.course_id, link.today),
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
  }),
);

Deno.serve(app.fetch);

// Forged launch tokens against the `lti` function: with a registered stand-in platform
// (../lti/platform.ts), a course linked to its context and a real login initiation (so the state
// is valid), launches whose id_token is unsigned (`alg: none`), HS256 under the platform's public
// key (algorithm confusion), signed by an attacker under the platform's kid, with the attacker's
// key embedded (`jwk`) or linked (`jku`), a real token with its payload altered, a token signed by
// a second registered platform claiming the first's issuer, and a real token with its signature
// stripped. Each answers a 4xx HTML page with its reason, writes exactly one audit row and nothing
// else, and leaves the state alone: the genuine launch with that state then succeeds.
import { availableParallelism } from 'node:os';
import { decodeJwt, exportSPKI, importJWK, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { createAuthUser, createCourse } from '../fixtures.ts';
import { lmsUser, Platform, postLaunch, ROLE } from '../lti/platform.ts';
import { AttackerJwks, changed, everyTable, REFUSALS_TABLE, STACK_TRACE, tableCounts } from './lti-support.ts';

const canvas = new Platform('canvas');
/** A second registered platform, whose key must not open the first's launches. */
const moodle = new Platform('moodle');
const attacker = new AttackerJwks();
const contextId = `ctx-forged-${Date.now()}`;
let courseId = '';
let tables: string[] = [];

beforeAll(async () => {
  await Promise.all([canvas.start(), moodle.start(), attacker.start()]);
  courseId = (await createCourse(await createAuthUser())).id;
  await canvas.linkContext(contextId, courseId);
  await moodle.linkContext(contextId, courseId);
  tables = await everyTable();
});

afterAll(async () => {
  await Promise.all([canvas.stop(), moodle.stop(), attacker.stop()]);
});

const encoder = new TextEncoder();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];

/** Signs `payload` (a real token's claims) with the header and key given, as jose would for anyone. */
function signAs(payload: JWTPayload, header: Record<string, unknown> & { alg: string }, key: CryptoKey | Uint8Array): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ typ: 'JWT', ...header }).sign(key);
}

/** The platform's public key as an HMAC secret might be taken from it: PEM (SPKI) or the JWK's JSON. */
async function publicKeySecrets(): Promise<{ pem: Uint8Array; jwk: Uint8Array }> {
  const publicKey = (await importJWK(canvas.key.publicJwk, 'RS256', { extractable: true })) as CryptoKey;
  return { pem: encoder.encode(await exportSPKI(publicKey)), jwk: encoder.encode(JSON.stringify(canvas.key.publicJwk)) };
}

interface Forgery {
  name: string;
  /** The forged id_token, made from the genuine one the platform would have sent for this login. */
  forge: (genuine: string, payload: JWTPayload) => Promise<string>;
  reason: string;
  status: number;
  /** The audit row's issuer: the claimed one, unless the token cannot be read at all. */
  unreadable?: true;
}

const forgeries: Forgery[] = [
  {
    name: 'alg: none (unsigned, the genuine claims)',
    forge: async (genuine) => `${b64({ alg: 'none', typ: 'JWT' })}.${parts(genuine)[1]}.`,
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'alg: none under the platform’s kid, with the genuine signature left on',
    forge: async (genuine) => `${b64({ alg: 'none', typ: 'JWT', kid: canvas.key.kid })}.${parts(genuine)[1]}.${parts(genuine)[2]}`,
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'HS256 with the platform’s public key (PEM) as the HMAC secret (algorithm confusion)',
    forge: async (_, payload) => signAs(payload, { alg: 'HS256', kid: canvas.key.kid }, (await publicKeySecrets()).pem),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'HS256 with the platform’s public JWK as the HMAC secret, no kid',
    forge: async (_, payload) => signAs(payload, { alg: 'HS256' }, (await publicKeySecrets()).jwk),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'RS256 by an attacker’s key under the platform’s kid',
    forge: async (_, payload) => signAs(payload, { alg: 'RS256', kid: canvas.key.kid }, attacker.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'the attacker’s key embedded as a `jwk` header, under the platform’s kid',
    forge: async (_, payload) =>
      signAs(
        payload,
        { alg: 'RS256', kid: canvas.key.kid, jwk: { ...attacker.key.publicJwk, kid: canvas.key.kid } },
        attacker.key.privateKey,
      ),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'the attacker’s key embedded as a `jwk` header, its own kid',
    forge: async (_, payload) =>
      signAs(payload, { alg: 'RS256', kid: attacker.key.kid, jwk: attacker.key.publicJwk }, attacker.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a `jku` header pointing at the attacker’s JWKS, its own kid',
    forge: async (_, payload) => signAs(payload, { alg: 'RS256', kid: attacker.key.kid, jku: attacker.url }, attacker.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a `jku` header pointing at the attacker’s JWKS, under the platform’s kid',
    forge: async (_, payload) => signAs(payload, { alg: 'RS256', kid: canvas.key.kid, jku: attacker.url }, attacker.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a genuine token with its payload altered (an instructor’s role), the signature kept',
    forge: async (genuine, payload) => {
      const [header, , signature] = parts(genuine);
      return `${header}.${b64({ ...payload, 'https://purl.imsglobal.org/spec/lti/claim/roles': [ROLE.instructor] })}.${signature}`;
    },
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a genuine token with its payload altered (a later expiry), the signature kept',
    forge: async (genuine, payload) => {
      const [header, , signature] = parts(genuine);
      return `${header}.${b64({ ...payload, exp: payload.exp! + 86_400 })}.${signature}`;
    },
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'signed by a second registered platform’s key, claiming the first’s issuer (its own kid)',
    forge: async (_, payload) => signAs(payload, { alg: 'RS256', kid: moodle.key.kid }, moodle.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'signed by a second registered platform’s key, claiming the first’s issuer and kid',
    forge: async (_, payload) => signAs(payload, { alg: 'RS256', kid: canvas.key.kid }, moodle.key.privateKey),
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a genuine token with its signature stripped (`header.payload.`)',
    forge: async (genuine) => `${parts(genuine)[0]}.${parts(genuine)[1]}.`,
    reason: 'bad_signature',
    status: 401,
  },
  {
    name: 'a genuine token with its signature and last dot stripped (`header.payload`)',
    forge: async (genuine) => `${parts(genuine)[0]}.${parts(genuine)[1]}`,
    reason: 'malformed_token',
    status: 400,
    unreadable: true,
  },
];

describe('forged LTI launch tokens: a 4xx page, one audit row, nothing else, and the state still works', () => {
  it.each(forgeries)('$name', async ({ forge, reason, status, unreadable }) => {
    const { state, nonce } = await canvas.login();
    const claims = canvas.claims({ user: lmsUser(), nonce, contextId });
    const genuine = await canvas.sign(claims);
    const token = await forge(genuine, decodeJwt(genuine));
    expect(token).not.toBe(genuine);

    const before = await tableCounts(tables);
    const response = await postLaunch({ id_token: token, state });
    const body = await response.text();
    expect(response.status, body).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(body).toContain('<!doctype html>');
    expect(body).toContain(`Reason: <code>${reason}</code>`);
    expect(body).not.toMatch(STACK_TRACE);
    expect(body).not.toContain(token.slice(0, 40));

    const after = await tableCounts(tables);
    const { [REFUSALS_TABLE]: refusals, ...others } = changed(before, after);
    expect(refusals).toBe(`${before[REFUSALS_TABLE]} → ${before[REFUSALS_TABLE]! + 1}`);
    // Exact when no other test file runs meanwhile (Vitest's one worker on a 2-core machine, CI's);
    // the LTI tables are only written by the LTI files, so they are always checked.
    const ltiOthers = Object.keys(others).filter((t) => t.startsWith('private.lti_'));
    if (availableParallelism() <= 2) expect(others).toEqual({});
    else expect(ltiOthers).toEqual([]);
    const { rows } = await db().query(`select reason, issuer from private.lti_launch_refusals order by id desc limit 1`);
    expect(rows[0]).toEqual({ reason, issuer: unreadable ? null : canvas.issuer });

    // The signature is checked before the state is used: the genuine launch with it still works.
    const ok = await postLaunch({ id_token: genuine, state });
    expect(ok.status, await ok.clone().text()).toBe(303);
    const location = new URL(ok.headers.get('location')!);
    expect(location.pathname).toBe('/class-session');
    expect(location.searchParams.get('courseId')).toBe(courseId);
  });

  it('the attacker’s JWKS (named by `jku`) was never fetched', () => {
    expect(attacker.hits).toBe(0);
  });
});

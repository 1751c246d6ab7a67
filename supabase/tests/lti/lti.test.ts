// The `lti` edge function (LTI 1.3 Core, Deep Linking 2.0) end to end through the gateway, with
// stand-in Canvas and Moodle platforms (platform.ts): login initiation, learner and instructor
// launches, deep linking, the tool's JWKS, and every refusal, each of which must answer a clear
// HTML page with a 4xx and write nothing but one audit row.
import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, stack } from '../../../testing/vitest.ts';
import { createAuthUser, createCourse } from '../fixtures.ts';
import { findStored } from './stored.ts';
import { CLAIM, DL_CLAIM, functionUrl, launchUrl, lmsUser, Platform, postLaunch, ROLE, type LmsUser } from './platform.ts';

const canvas = new Platform('canvas');
const moodle = new Platform('moodle');
let courseId = '';
let courseCode = '';
let ownerId = '';
const ownerEmail = `prof-${randomBytes(4).toString('hex')}@example.edu`;
const contextId = `ctx-${randomBytes(4).toString('hex')}`;
/** Every LMS user a test launched as: none of what identifies them may be stored anywhere. */
const users: LmsUser[] = [];
const loginHints: string[] = [];

const user = () => {
  const u = lmsUser();
  users.push(u);
  return u;
};

beforeAll(async () => {
  await Promise.all([canvas.start(), moodle.start()]);
  ownerId = await createAuthUser(ownerEmail);
  const course = await createCourse(ownerId);
  courseId = course.id;
  courseCode = course.code;
  await canvas.linkContext(contextId, courseId);
  await moodle.linkContext(contextId, courseId);
});

afterAll(async () => {
  await Promise.all([canvas.stop(), moodle.stop()]);
});

interface Counts {
  platforms: number;
  keys: number;
  states: number;
  links: number;
  refusals: number;
}

async function ltiCounts(): Promise<Counts> {
  const { rows } = await db().query<Counts>(
    `select (select count(*)::int from private.lti_platforms) as platforms,
            (select count(*)::int from private.lti_tool_keys) as keys,
            (select count(*)::int from private.lti_login_states) as states,
            (select count(*)::int from private.lti_context_links) as links,
            (select count(*)::int from private.lti_launch_refusals) as refusals`,
  );
  return rows[0]!;
}

async function today(): Promise<string> {
  const { rows } = await db().query<{ day: string }>(
    `select d.session_date::text as day from public.courses c, private.class_day(c.timezone, now()) d where c.id = $1`,
    [courseId],
  );
  return rows[0]!.day;
}

/**
 * A refusal: its status, an HTML page with the text (no stack trace), one new audit row with the
 * reason and the claimed issuer, and nothing else written (a state used by the launch is gone).
 */
async function expectRefused(
  response: Response,
  expected: { status: number; text: string; reason: string; issuer: string | null },
  before: Counts,
) {
  const body = await response.text();
  expect(response.status, body).toBe(expected.status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(body).toContain('<!doctype html>');
  expect(body).toContain(expected.text);
  expect(body).not.toMatch(/\bat .+:\d+:\d+|Error:|TypeError|jose|postgres/i);
  const after = await ltiCounts();
  expect(after.refusals).toBe(before.refusals + 1);
  expect({ ...after, states: 0, refusals: 0 }).toEqual({ ...before, states: 0, refusals: 0 });
  expect(after.states).toBeLessThanOrEqual(before.states);
  const { rows } = await db().query(`select reason, issuer from private.lti_launch_refusals order by id desc limit 1`);
  expect(rows[0]).toEqual({ reason: expected.reason, issuer: expected.issuer });
}

describe('the tool JWKS', () => {
  it('publishes the current public key, and no private part', async () => {
    const response = await fetch(functionUrl('/jwks'));
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, string>[] };
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.kid).toBeTruthy();
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
  });
});

describe('OIDC login initiation', () => {
  it.each([canvas, moodle])(
    '$flavour: redirects to the platform’s auth URL with state, nonce, form_post and prompt=none',
    async (platform) => {
      const hint = `hint-${randomBytes(6).toString('hex')}`;
      loginHints.push(hint);
      const before = await ltiCounts();
      const response = await platform.initiateLogin({ login_hint: hint, lti_message_hint: 'message-hint-1' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${platform.baseUrl}/authorize`);
      const params = Object.fromEntries(location.searchParams);
      expect(params).toMatchObject({
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: launchUrl(),
        login_hint: hint,
        lti_message_hint: 'message-hint-1',
      });
      expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const after = await ltiCounts();
      expect(after.states).toBe(before.states + 1);
      expect(after.refusals).toBe(before.refusals);
      // Only the state's hash is kept.
      const { rows } = await db().query(`select count(*)::int as n from private.lti_login_states where state_hash = $1`, [params.state]);
      expect(rows[0].n).toBe(0);
    },
  );

  it('refuses an unregistered issuer with a page and an audit row', async () => {
    const issuer = `https://unknown-${randomBytes(4).toString('hex')}.example.edu`;
    const before = await ltiCounts();
    const response = await canvas.initiateLogin({ iss: issuer });
    await expectRefused(response, { status: 403, text: 'not registered with ClassPulse', reason: 'unknown_issuer', issuer }, before);
  });

  it('refuses a client id the issuer did not register', async () => {
    const before = await ltiCounts();
    const response = await moodle.initiateLogin({ client_id: 'someone-else' });
    await expectRefused(
      response,
      { status: 403, text: 'client id is not registered', reason: 'unknown_client', issuer: moodle.issuer },
      before,
    );
  });

  it('refuses a target_link_uri outside the site', async () => {
    for (const target of ['https://evil.example/functions/v1/lti/launch', 'javascript:alert(1)']) {
      const before = await ltiCounts();
      const response = await canvas.initiateLogin({ target_link_uri: target });
      await expectRefused(
        response,
        { status: 400, text: 'not a ClassPulse address', reason: 'foreign_target', issuer: canvas.issuer },
        before,
      );
    }
  });

  it('refuses a login without its required parameters', async () => {
    const before = await ltiCounts();
    const response = await fetch(`${functionUrl('/login')}?iss=${encodeURIComponent(canvas.issuer)}`, { redirect: 'manual' });
    await expectRefused(
      response,
      { status: 400, text: 'missing a required LTI parameter', reason: 'missing_parameters', issuer: canvas.issuer },
      before,
    );
  });
});

describe('a learner’s launch', () => {
  it.each([canvas, moodle])('$flavour: reaches today’s feedback form and leaves no LMS identity anywhere', async (platform) => {
    const student = user();
    const { state, nonce } = await platform.login();
    const token = await platform.sign(platform.claims({ user: student, nonce, contextId }));
    const response = await postLaunch({ id_token: token, state });
    expect(response.status, await response.clone().text()).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/class-session');
    expect(Object.fromEntries(location.searchParams)).toEqual({ courseId, sessionId: await today() });
    expect(response.headers.get('location')).not.toContain(student.sub);

    const needles = users.flatMap((u) => [u.sub, u.name, u.givenName, u.familyName, u.email]).concat(loginHints, [token.slice(-40)]);
    expect(await findStored(needles)).toEqual([]);
  });

  it('a platform that rotated its key is fetched again once, and the launch succeeds', async () => {
    const { state, nonce } = await moodle.login();
    await moodle.rotate();
    const hits = moodle.jwksHits;
    const response = await postLaunch({ id_token: await moodle.sign(moodle.claims({ user: user(), nonce, contextId })), state });
    expect(response.status).toBe(303);
    expect(moodle.jwksHits).toBe(hits + 1);
  });
});

describe('an instructor’s launch', () => {
  it.each([
    ['Instructor', ROLE.instructor],
    ['TeachingAssistant', ROLE.teachingAssistant],
  ])('%s without an account teaching the course: a page that opens it', async (_, role) => {
    const { state, nonce } = await canvas.login();
    const response = await postLaunch({
      id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId, roles: [role] })),
      state,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await response.text();
    // The live view, through the sign-in page.
    expect(body).toContain(`/api/login?next=${encodeURIComponent(`/professor/live/${courseId}`)}`);
    expect(body).toContain(courseCode);
  });

  it('the course’s owner, by the e-mail the platform shares, is signed in through Supabase Auth', async () => {
    const { state, nonce } = await canvas.login();
    const teacher = { ...lmsUser(), email: ownerEmail.toUpperCase() };
    const response = await postLaunch({
      id_token: await canvas.sign(canvas.claims({ user: teacher, nonce, contextId, roles: [ROLE.instructor] })),
      state,
    });
    expect(response.status, await response.clone().text()).toBe(303);
    const verify = response.headers.get('location')!;
    expect(verify.startsWith(`${stack().apiUrl}/auth/v1/verify?`)).toBe(true);
    const signedIn = await fetch(verify, { redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    const landing = new URL(signedIn.headers.get('location')!);
    expect(landing.pathname).toBe('/api/login');
    const accessToken = new URLSearchParams(landing.hash.slice(1)).get('access_token')!;
    expect(decodeJwt(accessToken).sub).toBe(ownerId);
    // A learner with the same e-mail is still only sent to the form.
    const second = await canvas.login();
    const asLearner = await postLaunch({
      id_token: await canvas.sign(canvas.claims({ user: teacher, nonce: second.nonce, contextId })),
      state: second.state,
    });
    expect(new URL(asLearner.headers.get('location')!).pathname).toBe('/class-session');
  });

  it('a launch from an LMS course that is not linked gets a page saying so', async () => {
    const { state, nonce } = await canvas.login();
    const before = await ltiCounts();
    const response = await postLaunch({
      id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId: 'not-linked' })),
      state,
    });
    await expectRefused(
      response,
      { status: 404, text: 'not linked to a ClassPulse course', reason: 'unlinked_context', issuer: canvas.issuer },
      before,
    );
  });
});

describe('deep linking', () => {
  it.each([canvas, moodle])('$flavour: answers a form posting a JWT signed with the tool key, echoing data', async (platform) => {
    const { state, nonce } = await platform.login();
    const data = `dl-${randomBytes(6).toString('hex')}`;
    const claims = platform.claims({
      user: user(),
      nonce,
      contextId,
      roles: [ROLE.instructor],
      messageType: 'LtiDeepLinkingRequest',
      deepLinkData: data,
    });
    const response = await postLaunch({ id_token: await platform.sign(claims), state });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`action="${platform.baseUrl}/deep-link-return"`);
    expect(body).toContain('.submit()');
    const jwt = /name="JWT" value="([^"]+)"/.exec(body)?.[1];
    expect(jwt).toBeTruthy();

    const { payload, protectedHeader } = await jwtVerify(jwt!, createRemoteJWKSet(new URL(functionUrl('/jwks'))), {
      issuer: platform.clientId,
      audience: platform.issuer,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload).toMatchObject({
      [`${CLAIM}message_type`]: 'LtiDeepLinkingResponse',
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]: platform.deploymentId,
      [`${DL_CLAIM}data`]: data,
      [`${DL_CLAIM}content_items`]: [expect.objectContaining({ type: 'ltiResourceLink', title: 'ClassPulse feedback', url: launchUrl() })],
    });
    expect(payload.nonce).toBeTruthy();
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(600);
  });

  it('a learner cannot add the tool', async () => {
    const { state, nonce } = await canvas.login();
    const before = await ltiCounts();
    const claims = canvas.claims({ user: user(), nonce, contextId, messageType: 'LtiDeepLinkingRequest' });
    const response = await postLaunch({ id_token: await canvas.sign(claims), state });
    await expectRefused(response, { status: 403, text: 'Only an instructor', reason: 'not_instructor', issuer: canvas.issuer }, before);
  });
});

describe('refused launches: a page, a 4xx, one audit row and nothing else', () => {
  it('a bad signature (a key the platform never published, under its kid)', async () => {
    const { state, nonce } = await canvas.login();
    const rogue = await Platform.rogueKey();
    const token = await canvas.sign(canvas.claims({ user: user(), nonce, contextId }), { key: rogue, kid: canvas.key.kid });
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: token, state }),
      { status: 401, text: 'signature could not be verified', reason: 'bad_signature', issuer: canvas.issuer },
      before,
    );
    // A signature that fails does not use the state up: the real launch still works.
    const ok = await postLaunch({ id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId })), state });
    expect(ok.status).toBe(303);
  });

  it('an unknown kid: the platform keys are fetched once more, then refused', async () => {
    const { state, nonce } = await canvas.login();
    const rogue = await Platform.rogueKey();
    const hits = canvas.jwksHits;
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId }), { key: rogue }), state }),
      { status: 401, text: 'signature could not be verified', reason: 'bad_signature', issuer: canvas.issuer },
      before,
    );
    expect(canvas.jwksHits).toBeLessThanOrEqual(hits + 1);
  });

  it('an unregistered issuer', async () => {
    const { state, nonce } = await canvas.login();
    const issuer = `https://unknown-${randomBytes(4).toString('hex')}.example.edu`;
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId }), { issuer }), state }),
      { status: 403, text: 'not registered with ClassPulse', reason: 'unknown_issuer', issuer },
      before,
    );
  });

  it('an unregistered deployment', async () => {
    const { state, nonce } = await moodle.login();
    const claims = { ...moodle.claims({ user: user(), nonce, contextId }), [`${CLAIM}deployment_id`]: 'deployment-999' };
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: await moodle.sign(claims), state }),
      { status: 403, text: 'deployment of ClassPulse is not registered', reason: 'unknown_deployment', issuer: moodle.issuer },
      before,
    );
  });

  it('an expired token', async () => {
    const { state, nonce } = await canvas.login();
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: await canvas.sign(canvas.claims({ user: user(), nonce, contextId }), { expired: true }), state }),
      { status: 401, text: 'has expired', reason: 'expired_token', issuer: canvas.issuer },
      before,
    );
  });

  it('a replayed launch (the same token and state twice)', async () => {
    const { state, nonce } = await moodle.login();
    const token = await moodle.sign(moodle.claims({ user: user(), nonce, contextId }));
    expect((await postLaunch({ id_token: token, state })).status).toBe(303);
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: token, state }),
      { status: 401, text: 'already been used', reason: 'unknown_state', issuer: moodle.issuer },
      before,
    );
  });

  it('a reused nonce (an old token with a new login’s state)', async () => {
    const first = await canvas.login();
    const token = await canvas.sign(canvas.claims({ user: user(), nonce: first.nonce, contextId }));
    expect((await postLaunch({ id_token: token, state: first.state })).status).toBe(303);
    const second = await canvas.login();
    const before = await ltiCounts();
    await expectRefused(
      await postLaunch({ id_token: token, state: second.state }),
      { status: 401, text: 'does not belong to this login', reason: 'nonce_mismatch', issuer: canvas.issuer },
      before,
    );
  });

  it('a wrong audience, and several audiences without azp', async () => {
    for (const options of [{ aud: 'another-tool' }, { aud: [moodle.clientId, 'another-tool'], azp: null }, { azp: 'another-tool' }]) {
      const { state, nonce } = await moodle.login();
      const before = await ltiCounts();
      await expectRefused(
        await postLaunch({ id_token: await moodle.sign(moodle.claims({ user: user(), nonce, contextId }), options), state }),
        { status: 401, text: 'not issued for ClassPulse', reason: 'wrong_audience', issuer: moodle.issuer },
        before,
      );
    }
    // Several audiences with azp = the client are accepted.
    const { state, nonce } = await moodle.login();
    const ok = await postLaunch({
      id_token: await moodle.sign(moodle.claims({ user: user(), nonce, contextId }), {
        aud: [moodle.clientId, 'another-tool'],
        azp: moodle.clientId,
      }),
      state,
    });
    expect(ok.status).toBe(303);
  });

  it.each([`${CLAIM}message_type`, `${CLAIM}version`, `${CLAIM}roles`, `${CLAIM}resource_link`, `${CLAIM}deployment_id`])(
    'a missing claim: %s',
    async (claim) => {
      const { state, nonce } = await canvas.login();
      const claims = canvas.claims({ user: user(), nonce, contextId });
      delete claims[claim];
      const before = await ltiCounts();
      await expectRefused(
        await postLaunch({ id_token: await canvas.sign(claims), state }),
        { status: 400, text: 'missing a required LTI claim', reason: 'missing_claim', issuer: canvas.issuer },
        before,
      );
    },
  );

  it('another message type, another version', async () => {
    for (const [claim, value, reason, text] of [
      [`${CLAIM}message_type`, 'LtiSubmissionReviewRequest', 'unsupported_message', 'does not support this kind'],
      [`${CLAIM}version`, '1.1.0', 'wrong_version', 'version 1.3.0 only'],
    ] as const) {
      const { state, nonce } = await canvas.login();
      const claims = { ...canvas.claims({ user: user(), nonce, contextId }), [claim]: value };
      const before = await ltiCounts();
      await expectRefused(
        await postLaunch({ id_token: await canvas.sign(claims), state }),
        { status: 400, text, reason, issuer: canvas.issuer },
        before,
      );
    }
  });

  it('no token, no state, or a token that is not a JWT', async () => {
    const { state } = await canvas.login();
    for (const [fields, reason, text] of [
      [{ state }, 'missing_parameters', 'missing a required LTI parameter'],
      [{ id_token: 'not-a-jwt', state }, 'malformed_token', 'could not be read'],
    ] as const) {
      const before = await ltiCounts();
      await expectRefused(await postLaunch(fields), { status: 400, text, reason, issuer: null }, before);
    }
  });

  it('the audit rows hold no personal data', async () => {
    const { rows } = await db().query(
      `select column_name::text from information_schema.columns where table_schema = 'private' and table_name = 'lti_launch_refusals' order by 1`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(['created_at', 'id', 'issuer', 'reason']);
    const needles = users.flatMap((u) => [u.sub, u.name, u.email]);
    expect(await findStored(needles)).toEqual([]);
  });
});

describe('rotating the tool key', () => {
  it('keeps the previous public key in the JWKS and signs with the new one', async () => {
    await fetch(functionUrl('/jwks')); // a current key exists
    const { rows } = await db().query<{ kid: string }>(`select kid from private.lti_tool_keys where retired_at is null`);
    const previous = rows[0]!.kid;
    await db().query(`select private.lti_rotate_tool_key()`);

    const { state, nonce } = await canvas.login();
    const claims = canvas.claims({ user: user(), nonce, contextId, roles: [ROLE.instructor], messageType: 'LtiDeepLinkingRequest' });
    const body = await (await postLaunch({ id_token: await canvas.sign(claims), state })).text();
    const jwt = /name="JWT" value="([^"]+)"/.exec(body)![1]!;
    const kid = decodeProtectedHeader(jwt).kid;
    expect(kid).not.toBe(previous);

    const { keys } = (await (await fetch(functionUrl('/jwks'))).json()) as { keys: { kid: string }[] };
    expect(keys.map((k) => k.kid)).toEqual([kid, previous]);
  });
});

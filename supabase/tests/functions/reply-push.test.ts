// Reply notifications end to end: a student's browser subscription (keys made here as a browser
// makes them), stored through the submissions function; a professor's reply through the replies
// function; and a stand-in push service on loopback (TLS with a certificate made for the run) that
// checks the VAPID header (RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the
// subscription's private key. Then what happens to the subscription: used once, deleted on 404/410,
// kept on other failures, refused when bad, never readable by professors, gone with its submission.
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, signInWithEmailCode, type SignedIn } from '../../../testing/vitest.ts';
import { createCourse, createSession } from '../fixtures.ts';
import { expectNoSecretsStored, invoke, quick, raw, secrets, student } from './helpers.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service standing in on loopback: records each request and answers the status set for its path (201). */
class StandInPushService {
  readonly received: Received[] = [];
  readonly statusFor = new Map<string, number>();
  private server!: https.Server;
  private dir!: string;
  origin = '';

  async start(): Promise<void> {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'classpulse-push-'));
    const [key, cert] = [path.join(this.dir, 'key.pem'), path.join(this.dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    this.server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const requestPath = req.url ?? '';
        this.received.push({ path: requestPath, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.statusFor.get(requestPath) ?? 201).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `https://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The first request to `requestPath`, once it has come. */
  requestTo(requestPath: string): Promise<Received> {
    return waitFor(() => this.received.find((r) => r.path === requestPath), `a push to ${requestPath}`);
  }
}

/** Waits until `check` answers something (at most 15 s). */
function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === false) throw new Error(`Timed out waiting for ${what}`);
      return value;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** A browser's push subscription for an endpoint of the stand-in: a P-256 key pair and 16 random bytes. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { ecdh, auth, json };
}

/** The plaintext of an aes128gcm push body, decrypted as the browser would. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  return (ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }) as Buffer).toString('utf8');
}

const push = new StandInPushService();
let professor: SignedIn;
let otherProfessor: SignedIn;
let courseId: string;
let courseCode: string;
let sessionId: string;
let vapidPublicKey: string;

beforeAll(async () => {
  await push.start();
  [professor, otherProfessor] = await Promise.all([signInWithEmailCode(), signInWithEmailCode()]);
  const course = await createCourse(professor.userId);
  courseId = course.id;
  courseCode = course.code;
  sessionId = (await createSession(courseId)).id;
  const key = await invoke('submissions/push-key', { method: 'GET' });
  expect(key.status).toBe(200);
  vapidPublicKey = key.data.publicKey;
});

afterAll(async () => {
  await push.stop();
});

/** A fresh submission of this course, as a student sends it: {id, editToken}. */
async function submission(): Promise<{ id: string; editToken: string }> {
  const created = await invoke('submissions', { body: quick(courseId, sessionId), headers: student() });
  expect(created.status).toBe(201);
  secrets.add(created.data.editToken.split('.')[1]);
  return created.data;
}

const subscribe = (s: { id: string; editToken: string }, body: unknown, token = s.editToken) =>
  invoke(`submissions/${s.id}/push`, { method: 'PUT', body, headers: { 'x-edit-token': token } });

async function storedSubscription(submissionId: string): Promise<{ endpoint: string; p256dh: string; auth: string } | undefined> {
  const { rows } = await db().query('select endpoint, p256dh, auth from public.reply_push_subscriptions where submission_id = $1', [
    submissionId,
  ]);
  return rows[0];
}

const reply = (submissionId: string, body = 'We will go over the base case on Friday.', client = professor.client) =>
  invoke('replies', { body: { submissionId, body }, client });

const endpointPath = () => `/push/${randomUUID()}`;

describe('the VAPID key', () => {
  it('GET /submissions/push-key answers the public key browsers subscribe with (65 bytes, base64url)', () => {
    expect(vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
});

describe('the first reply is pushed to the subscription, once', () => {
  it('signs the request for the push service (RFC 8292) and encrypts "Your professor replied" and the course code for the browser alone (RFC 8291)', async () => {
    const own = await submission();
    const requestPath = endpointPath();
    const browser = browserSubscription(`${push.origin}${requestPath}`);
    const stored = await subscribe(own, browser.json);
    expect([stored.status, stored.data]).toEqual([200, { notify: true }]);
    const read = await invoke(`submissions/${own.id}`, { method: 'GET', headers: { 'x-edit-token': own.editToken } });
    expect([read.status, read.data.notify]).toEqual([200, true]);

    const answered = await reply(own.id);
    expect(answered.status).toBe(200);
    expect(Object.keys(answered.data).sort()).toEqual(['body', 'submissionId', 'updatedAt']);

    const sent = await push.requestTo(requestPath);
    // RFC 8292: "vapid t=<JWT>, k=<public key>", an ES256 JWT for the endpoint's origin, signed by k.
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(sent.headers.authorization));
    expect(match).not.toBeNull();
    const [, jwt, k] = match!;
    expect(k).toBe(vapidPublicKey);
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const point = Buffer.from(k!, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(jwt!, key, { algorithms: ['ES256'], audience: push.origin });
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    // RFC 8291 / RFC 8188: aes128gcm, with a TTL the push service keeps it for.
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(sent.headers.ttl)).toBeGreaterThan(0);

    const plaintext = decrypt(sent.body, browser.ecdh, browser.auth);
    expect(JSON.parse(plaintext)).toEqual({ title: 'Your professor replied', body: courseCode, submissionId: own.id });
    // Nothing of the student's feedback, of the reply or of the edit token.
    for (const text of ['base case', 'Recursion', own.editToken.split('.')[1]!]) expect(plaintext).not.toContain(text);

    // Used once: the row is gone, and the student's page says so.
    await waitFor(async () => (await storedSubscription(own.id)) === undefined, 'the used subscription to be deleted');
    const after = await invoke(`submissions/${own.id}`, { method: 'GET', headers: { 'x-edit-token': own.editToken } });
    expect(after.data.notify).toBe(false);
    // Once there is a reply, there is nothing to wait for.
    const late = await subscribe(own, browserSubscription(`${push.origin}${endpointPath()}`).json);
    expect([late.status, late.data.code]).toEqual([409, 'push_already_replied']);
  });

  it('a push service that answers 410 (or 404) has forgotten the subscription: it is deleted', async () => {
    for (const status of [410, 404]) {
      const own = await submission();
      const requestPath = endpointPath();
      push.statusFor.set(requestPath, status);
      expect((await subscribe(own, browserSubscription(`${push.origin}${requestPath}`).json)).status).toBe(200);
      expect((await reply(own.id)).status).toBe(200);
      await push.requestTo(requestPath);
      await waitFor(async () => (await storedSubscription(own.id)) === undefined, `the subscription to go after a ${status}`);
    }
  });

  it('any other failure keeps the subscription for the next reply', async () => {
    const own = await submission();
    const requestPath = endpointPath();
    push.statusFor.set(requestPath, 500);
    expect((await subscribe(own, browserSubscription(`${push.origin}${requestPath}`).json)).status).toBe(200);
    expect((await reply(own.id)).status).toBe(200);
    await push.requestTo(requestPath);
    await waitFor(async () => (await storedSubscription(own.id)) !== undefined, 'the subscription to be put back');
  });

  it('a reply the caller may not write sends nothing and leaves the subscription alone', async () => {
    const own = await submission();
    expect((await subscribe(own, browserSubscription(`${push.origin}${endpointPath()}`).json)).status).toBe(200);
    const refused = await reply(own.id, 'Not my course.', otherProfessor.client);
    expect([refused.status, refused.data.code]).toEqual([404, 'submission_not_found']);
    const unsigned = await raw('replies', {
      body: JSON.stringify({ submissionId: own.id, body: 'Hi' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    expect(await storedSubscription(own.id)).toBeDefined();
  });
});

describe('what is refused, and nothing is stored', () => {
  const keys = () => browserSubscription('https://push.example.com/x').json.keys;
  const cases: [string, () => unknown][] = [
    ['an http endpoint', () => ({ endpoint: 'http://push.example.com/send/1', keys: keys() })],
    [
      'an http endpoint on loopback (https only, even locally)',
      () => ({ endpoint: `${push.origin.replace('https:', 'http:')}/push/1`, keys: keys() }),
    ],
    ['an IP address', () => ({ endpoint: 'https://10.0.0.1/send/1', keys: keys() })],
    ['the cloud metadata address', () => ({ endpoint: 'https://169.254.169.254/latest/meta-data', keys: keys() })],
    ['a port of its own', () => ({ endpoint: 'https://push.example.com:8443/send/1', keys: keys() })],
    ['a local-only name', () => ({ endpoint: 'https://printer.local/send/1', keys: keys() })],
    ['credentials in the address', () => ({ endpoint: 'https://user:secret@push.example.com/send/1', keys: keys() })],
    ['an endpoint over 1024 characters', () => ({ endpoint: `https://push.example.com/${'a'.repeat(1010)}`, keys: keys() })],
    ['a malformed endpoint', () => ({ endpoint: 'https://', keys: keys() })],
    ['no endpoint', () => ({ keys: keys() })],
    ['no keys', () => ({ endpoint: 'https://push.example.com/send/1' })],
    ['a public key of the wrong length', () => ({ endpoint: 'https://push.example.com/send/1', keys: { ...keys(), p256dh: 'BAAA' } })],
    [
      'a public key that is not a P-256 point',
      () => ({ endpoint: 'https://push.example.com/send/1', keys: { ...keys(), p256dh: `B${'A'.repeat(86)}` } }),
    ],
    ['an auth secret of the wrong length', () => ({ endpoint: 'https://push.example.com/send/1', keys: { ...keys(), auth: 'c2hvcnQ' } })],
    ['an unknown field', () => ({ endpoint: 'https://push.example.com/send/1', keys: keys(), userId: 'x' })],
  ];
  for (const [name, body] of cases) {
    it(`${name}: 400`, async () => {
      const own = await submission();
      const refused = await subscribe(own, body());
      expect(refused.status).toBe(400);
      expect(refused.data.error).toEqual(expect.any(String));
      expect(await storedSubscription(own.id)).toBeUndefined();
    });
  }

  it('a wrong, another submission’s or a missing edit token: 404, like an unknown submission', async () => {
    const [own, other] = [await submission(), await submission()];
    const body = browserSubscription('https://push.example.com/send/1').json;
    for (const token of [`${own.id}.${'x'.repeat(43)}`, other.editToken]) {
      const refused = await subscribe(own, body, token);
      expect([refused.status, refused.data.code]).toEqual([404, 'submission_not_found']);
    }
    const missing = await invoke(`submissions/${own.id}/push`, { method: 'PUT', body });
    expect(missing.status).toBe(404);
    const gone = await invoke(`submissions/${own.id}/push`, { method: 'DELETE', headers: { 'x-edit-token': other.editToken } });
    expect(gone.status).toBe(404);
    expect(await storedSubscription(own.id)).toBeUndefined();
  });
});

describe('where a subscription goes', () => {
  it('DELETE /submissions/{id}/push (the student turns it off) deletes it', async () => {
    const own = await submission();
    expect((await subscribe(own, browserSubscription('https://push.example.com/send/2').json)).status).toBe(200);
    const off = await invoke(`submissions/${own.id}/push`, { method: 'DELETE', headers: { 'x-edit-token': own.editToken } });
    expect([off.status, off.data]).toEqual([200, { notify: false }]);
    expect(await storedSubscription(own.id)).toBeUndefined();
  });

  it('is stored as the browser gave it, padding aside, and replaced by a second PUT', async () => {
    const own = await submission();
    const first = browserSubscription('https://fcm.googleapis.com/fcm/send/abc');
    expect((await subscribe(own, { ...first.json, keys: { ...first.json.keys, auth: `${first.json.keys.auth}==` } })).status).toBe(200);
    expect(await storedSubscription(own.id)).toEqual({ endpoint: first.json.endpoint, ...first.json.keys });
    const second = browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/def');
    expect((await subscribe(own, second.json)).status).toBe(200);
    expect(await storedSubscription(own.id)).toEqual({ endpoint: second.json.endpoint, ...second.json.keys });
  });

  it('goes with its submission, and with the course’s "Delete all feedback"', async () => {
    const [one, two] = [await submission(), await submission()];
    for (const own of [one, two])
      expect((await subscribe(own, browserSubscription('https://push.example.com/send/3').json)).status).toBe(200);
    await db().query('delete from public.submissions where id = $1', [one.id]);
    expect(await storedSubscription(one.id)).toBeUndefined();
    const deleted = await professor.client.rpc('delete_course_feedback', { course_id: courseId });
    expect(deleted.error).toBeNull();
    expect(await storedSubscription(two.id)).toBeUndefined();
  });

  it('is never readable or writable by a professor, or by anyone with the anon key', async () => {
    const own = await submission();
    expect((await subscribe(own, browserSubscription('https://push.example.com/send/4').json)).status).toBe(200);
    const read = await professor.client.from('reply_push_subscriptions').select('endpoint');
    expect(read.error?.code).toBe('42501');
    const write = await professor.client.from('reply_push_subscriptions').delete().eq('submission_id', own.id);
    expect(write.error?.code).toBe('42501');
    expect(await storedSubscription(own.id)).toBeDefined();
  });

  it('stores no address, browser or raw token', async () => {
    await expectNoSecretsStored();
  });
});

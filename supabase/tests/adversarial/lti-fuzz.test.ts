// Fuzzing the `lti` function (fast-check, seeded by FUZZ_SEED like fuzz.test.ts): random and hostile
// login initiations (GET query and POST form; parameters missing, empty, huge, unicode, with NUL
// bytes or HTML, repeated; wrong content types, JSON, multipart, raw bytes, bodies past 64 KB) and
// launches (random strings, malformed JWT shapes, base64 garbage, enormous tokens, tokens shaped
// like the platform's but unsigned or badly signed, and tokens the registered platform really
// signed after a real login whose claims have the wrong types: roles as a string, context as an
// array, aud as a number, deployment_id as an object, exp as a string…). Properties: never a 5xx,
// always an HTML page (or a redirect to the platform or to the class session) on the routes the
// function serves, no stack trace, no input echoed unescaped, and no table written but the login
// states and the refusals' audit. Only reachable platforms are registered, so 502
// `platform_unreachable` cannot happen. `FUZZ_SEED=<seed>` replays a run (docs/testing.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { CompactSign } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../testing/vitest.ts';
import { createAuthUser, createCourse } from '../fixtures.ts';
import { CLAIM, DL_CLAIM, functionUrl, launchUrl, lmsUser, Platform, postLaunch, ROLE } from '../lti/platform.ts';
import { changed, everyTable, HOSTILE, OWN_SCRIPT, REFUSALS_TABLE, STACK_TRACE, STATES_TABLE, tableCounts } from './lti-support.ts';
import { checkFunctionReply, percentEncode as encode, send, type RawReply, type RawRequest } from './support.ts';

/** One seed per run: FUZZ_SEED to replay, else a random one (printed either way). */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomBytes(4).readInt32LE();
/** Each fast-check run is one batch of this many requests, sent at once. */
const BATCH = 8;
/** Batches per target, and the time each target may take at most (a slow machine tries fewer). */
const RUNS = { login: 45, launch: 45, claims: 20 } as const;
const TIME_LIMIT_MS = 12_000;
/** At least this many requests a run, or the suite fails (the time limits cut a very slow run short). */
const MIN_CASES = 400;

const canvas = new Platform('canvas');
const moodle = new Platform('moodle');
const contextId = `ctx-fuzz-${randomBytes(4).toString('hex')}`;
let cases = 0;
/** How the answers went (status, and the reason of a refusal page), printed at the end. */
const outcomes = new Map<string, number>();
let tables: string[] = [];
let before: Record<string, number> = {};
const startedAt = Date.now();

beforeAll(async () => {
  await Promise.all([canvas.start(), moodle.start()]);
  const course = await createCourse(await createAuthUser());
  await canvas.linkContext(contextId, course.id);
  await moodle.linkContext(contextId, course.id);
  // The tool's key exists before the baseline (a deep-linking answer would otherwise make it).
  expect((await fetch(functionUrl('/jwks'))).status).toBe(200);
  tables = await everyTable();
  before = await tableCounts(tables);
});

afterAll(async () => {
  await Promise.all([canvas.stop(), moodle.stop()]);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `lti fuzz: ${cases} generated requests, seed ${SEED} (${seconds} s). ` +
      `Replay: FUZZ_SEED=${SEED} npm test -- integration supabase/tests/adversarial/lti-fuzz.test.ts\n` +
      `lti fuzz answers: ${[...outcomes]
        .sort((a, b) => b[1] - a[1])
        .map(([o, n]) => `${o}: ${n}`)
        .join(', ')}`,
  );
});

let group = 0;
/** fast-check's parameters for one target: its own seed (derived from the run's), a run and time budget. */
function params<T>(runs: number): fc.Parameters<T> {
  group += 1;
  return {
    seed: SEED + 100 + group,
    numRuns: runs,
    endOnFailure: true,
    interruptAfterTimeLimit: TIME_LIMIT_MS,
    markInterruptAsFailure: false,
    verbose: 1,
  };
}

const platformOf = (name: 'canvas' | 'moodle') => (name === 'canvas' ? canvas : moodle);
const LOGIN_PATH = '/functions/v1/lti/login';
const LAUNCH_PATH = '/functions/v1/lti/launch';

// Checks --------------------------------------------------------------------------------------

function describeRequest(req: RawRequest, reply: RawReply): string {
  const headers = req.headers.map(([n, v]) => `${n}: ${v.slice(0, 80)}`).join('; ');
  const body = req.body ? Buffer.from(req.body).toString('utf8') : '';
  return `${req.method} ${req.path.slice(0, 300)} [${headers}] (${req.body?.byteLength ?? 0} bytes: ${JSON.stringify(body.slice(0, 300))}) → ${reply.status} ${reply.headers['content-type'] ?? ''} ${reply.text.slice(0, 400)}`;
}

/**
 * What every answer of the lti routes must be. GET/POST /login and POST /launch: never a 5xx; a
 * redirect goes only to a registered platform's auth URL (login) or to the class session (launch);
 * anything with a body is a complete HTML page without a stack trace, without the hostile input
 * echoed and without a script of its own but the deep-linking form's. Other methods are the shared
 * frame's (a JSON refusal, checked as the other functions' are). The HTTP server's own refusal of
 * an over-long request line (an empty 431/414), or a connection closed on a body past 64 KB, is
 * not judged.
 */
function checkLtiReply(req: RawRequest, reply: RawReply | 'closed', label = ''): void {
  if (reply === 'closed') return;
  if ((reply.status === 431 || reply.status === 414) && reply.text === '') return;
  const login = req.path.startsWith(LOGIN_PATH);
  const served = login ? ['GET', 'POST', 'HEAD'].includes(req.method) : req.method === 'POST';
  if (!served) {
    checkFunctionReply(req, reply);
    return;
  }
  const fail = (why: string): never => {
    throw new Error(`${why}: ${label}${describeRequest(req, reply)}`);
  };
  if (reply.status >= 500) fail('a 5xx');
  if (reply.status === 302 || reply.status === 303) {
    const location = String(reply.headers.location ?? '');
    const allowed = login
      ? [canvas, moodle].some((p) => location.startsWith(`${p.baseUrl}/authorize?`)) && reply.status === 302
      : new URL(location, 'http://x').pathname === '/class-session' && reply.status === 303;
    if (!allowed) fail(`a redirect to ${location}`);
    return;
  }
  if (reply.status !== 200 && (reply.status < 400 || reply.status >= 500)) fail('an unexpected status');
  if (!String(reply.headers['content-type'] ?? '').startsWith('text/html')) fail('not an HTML page');
  if (req.method === 'HEAD') return;
  if (!reply.text.startsWith('<!doctype html>')) fail('not a complete HTML page');
  if (STACK_TRACE.test(reply.text)) fail('a stack trace or library name in the page');
  for (const hostile of HOSTILE) if (reply.text.includes(hostile)) fail(`the input echoed unescaped (${hostile})`);
  if (reply.text.replace(OWN_SCRIPT, '').includes('<script')) fail('a script in the page');
  // A refusal names its reason; only the frame's own body errors (not UTF-8: 400, too large: 413) have none.
  if (reply.status >= 400 && !/Reason: <code>[a-z_]+<\/code>/.test(reply.text) && ![400, 413].includes(reply.status)) {
    fail('a refusal without its reason');
  }
}

async function runBatch(requests: RawRequest[], labels: string[] = []) {
  cases += requests.length;
  const replies = await Promise.all(requests.map((r) => send(r, BATCH)));
  requests.forEach((req, i) => {
    const reply = replies[i]!;
    const outcome =
      reply === 'closed' ? 'closed' : `${reply.status}${/Reason: <code>([a-z_]+)</.exec(reply.text)?.[1]?.replace(/^/, ' ') ?? ''}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    checkLtiReply(req, reply, labels[i]);
  });
}

// Shared generators and encoders -----------------------------------------------------------------

const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\u202Eevil',
    '\uD800',
    '😀'.repeat(300),
    "'; drop table courses; --",
    ...HOSTILE,
  ),
);

/** Only what would break the query's structure or Node's request line is encoded: `<`, `"`, `'` go raw. */
function encodeRaw(text: string): string {
  return [...text].map((ch) => (/^[\u0021-\u007e]$/.test(ch) && !'%&#=+'.includes(ch) ? ch : encode(ch))).join('');
}

const formOf = (pairs: [string, string][], enc = encode) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
const encoder = new TextEncoder();

function multipart(pairs: [string, string][]): { type: string; body: string } {
  const boundary = `----lti-fuzz-${randomUUID()}`;
  const parts = pairs.map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

/** How the fields travel: a form (right or wrong content type), JSON, multipart, bytes, the query, or padded past 64 KB. */
type Transport =
  | { k: 'form'; contentType: string | null }
  | { k: 'json' }
  | { k: 'multipart' }
  | { k: 'query' }
  | { k: 'queryRaw' }
  | { k: 'huge'; kb: number }
  | { k: 'bytes'; bytes: number[] };

const FORM = 'application/x-www-form-urlencoded';
const transport = (query: number): fc.Arbitrary<Transport> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ k: fc.constant('form' as const), contentType: fc.constant(FORM) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('form' as const),
        contentType: fc.constantFrom(
          null,
          '',
          'text/plain',
          'application/json',
          'multipart/form-data; boundary=nothing',
          `${FORM}; charset=latin1`,
          'application/xml',
        ),
      }),
    },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('json' as const) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('multipart' as const) }) },
    { weight: query, arbitrary: fc.record({ k: fc.constant('query' as const) }) },
    { weight: query ? 2 : 0, arbitrary: fc.record({ k: fc.constant('queryRaw' as const) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('huge' as const), kb: fc.integer({ min: 40, max: 200 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({ k: fc.constant('bytes' as const), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }) }),
    },
  );

const OTHER_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
const methodFor = (own: string[]) =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) });

/** The request: GET carries the fields in the query whatever the transport; POST as the transport says. */
function request(method: string, path: string, pairs: [string, string][], t: Transport): RawRequest {
  const headers: [string, string][] = [];
  if (method === 'GET' || method === 'HEAD' || t.k === 'query' || t.k === 'queryRaw') {
    const query = formOf(pairs, t.k === 'queryRaw' ? encodeRaw : encode);
    return { method, path: query ? `${path}?${query}` : path, headers };
  }
  let body: Uint8Array;
  switch (t.k) {
    case 'form':
      if (t.contentType !== null) headers.push(['content-type', t.contentType]);
      body = encoder.encode(formOf(pairs));
      break;
    case 'json':
      headers.push(['content-type', 'application/json']);
      body = encoder.encode(JSON.stringify(Object.fromEntries(pairs)));
      break;
    case 'multipart': {
      const { type, body: text } = multipart(pairs);
      headers.push(['content-type', type]);
      body = encoder.encode(text);
      break;
    }
    case 'huge':
      headers.push(['content-type', FORM]);
      body = encoder.encode(`${formOf(pairs)}&padding=${'a'.repeat(t.kb * 1024)}`);
      break;
    case 'bytes':
      headers.push(['content-type', FORM]);
      body = Uint8Array.from(t.bytes);
      break;
  }
  return { method, path, headers, body };
}

// Login initiation --------------------------------------------------------------------------------

const LOGIN_PARAMS = ['iss', 'login_hint', 'target_link_uri', 'client_id', 'lti_deployment_id', 'lti_message_hint'] as const;
type LoginParam = (typeof LOGIN_PARAMS)[number];

type ValueSpec =
  | { k: 'valid' }
  | { k: 'missing' }
  | { k: 'empty' }
  | { k: 'blank' }
  | { k: 'text'; v: string }
  | { k: 'hostile'; i: number; append: boolean }
  | { k: 'nul'; at: 'start' | 'end' | 'only' }
  | { k: 'unicode'; v: string }
  | { k: 'huge'; n: number; ch: string }
  | { k: 'twice'; first: boolean; other: string }
  | { k: 'alternate'; i: number };

const valueSpec: fc.Arbitrary<ValueSpec> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ k: fc.constant('valid' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('missing' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constantFrom('empty' as const, 'blank' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('text' as const), v: oddText }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('hostile' as const), i: fc.nat(HOSTILE.length - 1), append: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('nul' as const), at: fc.constantFrom('start' as const, 'end' as const, 'only' as const) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('unicode' as const),
      v: fc.constantFrom('é', 'e\u0301', '😀', '\u202E', '\uFFFF', '\uD800', 'ß', 'İ'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('huge' as const),
      n: fc.integer({ min: 200, max: 20_000 }),
      ch: fc.constantFrom('a', 'é', '😀', '%'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('twice' as const), first: fc.boolean(), other: oddText }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('alternate' as const), i: fc.nat() }) },
);

/** Plausible wrong values of each parameter (another platform's, a foreign target, a lookalike issuer). */
function alternates(name: LoginParam, p: Platform): string[] {
  const other = p === canvas ? moodle : canvas;
  switch (name) {
    case 'iss':
      return [
        other.issuer,
        p.issuer.toUpperCase(),
        `${p.issuer}/`,
        ` ${p.issuer}`,
        'https://unknown.example.edu',
        'javascript:alert(1)',
        `${p.issuer}\u0000`,
        'http://127.0.0.1:1',
      ];
    case 'target_link_uri':
      return [
        'https://evil.example/launch',
        'javascript:alert(1)',
        `data:text/html,${HOSTILE[0]}`,
        launchUrl().replace('://', '://user:pass@'),
        `${launchUrl()}@evil.example`,
        '//evil.example/launch',
        '/functions/v1/lti/launch',
        launchUrl().replace('http:', 'ftp:'),
      ];
    case 'client_id':
      return [other.clientId, `${p.clientId} `, '0', 'x'.repeat(256), `${p.clientId}\u0000`];
    case 'lti_deployment_id':
      return [other.deploymentId, 'deployment-999', 'x'.repeat(256), `${p.deploymentId}\u0000`];
    default:
      return ['x'.repeat(2049), 'hint', `${HOSTILE[1]}`];
  }
}

function resolve(spec: ValueSpec, valid: string, alts: string[]): string[] {
  switch (spec.k) {
    case 'valid':
      return [valid];
    case 'missing':
      return [];
    case 'empty':
      return [''];
    case 'blank':
      return ['  \t '];
    case 'text':
      return [spec.v];
    case 'hostile':
      return [spec.append ? `${valid}${HOSTILE[spec.i]}` : HOSTILE[spec.i]!];
    case 'nul':
      return [spec.at === 'only' ? '\u0000' : spec.at === 'start' ? `\u0000${valid}` : `${valid}\u0000`];
    case 'unicode':
      return [`${valid}${spec.v}`];
    case 'huge':
      return [spec.ch.repeat(spec.n)];
    case 'twice':
      return spec.first ? [valid, spec.other] : [spec.other, valid];
    case 'alternate':
      return [alts[spec.i % alts.length]!];
  }
}

interface LoginCase {
  platform: 'canvas' | 'moodle';
  method: string;
  values: Record<LoginParam, ValueSpec>;
  extra: [string, string][];
  transport: Transport;
}

const loginCase: fc.Arbitrary<LoginCase> = fc.record({
  platform: fc.constantFrom('canvas' as const, 'moodle' as const),
  method: methodFor(['GET', 'POST']),
  values: fc.record(Object.fromEntries(LOGIN_PARAMS.map((n) => [n, valueSpec])) as Record<LoginParam, fc.Arbitrary<ValueSpec>>),
  extra: fc.array(
    fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'state', 'nonce', 'redirect_uri')), oddText),
    {
      maxLength: 2,
    },
  ),
  transport: transport(3),
});

function loginRequest(c: LoginCase): RawRequest {
  const p = platformOf(c.platform);
  const valid: Record<LoginParam, string> = p.loginFields();
  const pairs: [string, string][] = [];
  for (const name of LOGIN_PARAMS) for (const v of resolve(c.values[name], valid[name], alternates(name, p))) pairs.push([name, v]);
  pairs.push(...c.extra);
  return request(c.method, LOGIN_PATH, pairs, c.transport);
}

// Launch: tokens that are not the platform's -----------------------------------------------------

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).toString('base64url');

/** Claim values of the wrong type or shape; a function of the launch's own values where it needs them. */
interface Ctx {
  p: Platform;
  nonce: string;
}
const MUTATIONS: Record<string, ((c: Ctx) => unknown)[]> = {
  [`${CLAIM}roles`]: [
    () => ROLE.instructor,
    () => 'Learner',
    () => 42,
    () => ({}),
    () => null,
    () => [42, null],
    () => [[ROLE.instructor]],
    () => [HOSTILE[0]],
  ],
  [`${CLAIM}context`]: [
    () => [{ id: contextId }],
    () => contextId,
    () => ({ id: 42 }),
    () => ({ id: '' }),
    () => ({ id: [contextId] }),
    () => null,
    () => ({ id: HOSTILE[0] }),
    () => ({ id: `${contextId}\u0000` }),
    () => ({ id: 'x'.repeat(5000) }),
    () => ({ id: `${contextId}é` }),
  ],
  aud: [() => 42, () => [], ({ p }) => [p.clientId, 42], () => ({}), () => null, () => true, () => '', ({ p }) => [[p.clientId]]],
  [`${CLAIM}deployment_id`]: [
    ({ p }) => ({ id: p.deploymentId }),
    () => 42,
    ({ p }) => [p.deploymentId],
    () => '',
    () => null,
    ({ p }) => `${p.deploymentId}\u0000`,
    () => HOSTILE[1],
  ],
  exp: [
    () => 'tomorrow',
    () => String(now() + 300),
    () => null,
    () => 1e308,
    () => now() + 300.5,
    () => -1,
    () => [now() + 300],
    () => ({}),
  ],
  iat: [() => 'now', () => now() + 3600, () => null, () => ({}), () => -1e308, () => String(now())],
  nbf: [() => now() + 3600, () => 'x', () => null],
  nonce: [() => 42, () => null, () => ({}), ({ nonce }) => [nonce], () => '', ({ nonce }) => `${nonce} `],
  iss: [
    ({ p }) => `${p.issuer}\u0000`,
    () => 42,
    ({ p }) => [p.issuer],
    () => null,
    ({ p }) => `${p.issuer}/`,
    ({ p }) => p.issuer.toUpperCase(),
    () => `https://x.example/${HOSTILE[0]}`,
  ],
  sub: [() => 42, () => ({}), () => 'x'.repeat(10_000), () => null],
  azp: [() => 42, () => 'another-tool', () => null, ({ p }) => [p.clientId]],
  email: [() => 42, () => ({}), () => HOSTILE[1], () => 'a\u0000@example.edu', () => ['x@example.edu']],
  [`${CLAIM}message_type`]: [
    () => 42,
    () => 'LtiDeepLinkingRequest',
    () => '',
    () => null,
    () => ['LtiResourceLinkRequest'],
    () => HOSTILE[0],
  ],
  [`${CLAIM}version`]: [() => 1.3, () => '1.3', () => null, () => ['1.3.0'], () => '1.3.0\u0000'],
  [`${CLAIM}resource_link`]: [() => 'link', () => ({ id: 42 }), () => ({}), () => [], () => null, () => ({ id: HOSTILE[2] })],
  [`${CLAIM}target_link_uri`]: [() => 42, () => '', () => 'javascript:alert(1)', () => null, () => 'https://evil.example/'],
  [`${DL_CLAIM}deep_linking_settings`]: [
    ({ p }) => ({ deep_link_return_url: `${p.baseUrl}/return?${HOSTILE[1]}`, accept_types: ['ltiResourceLink'], data: HOSTILE[0] }),
    ({ p }) => ({ deep_link_return_url: `${p.baseUrl}/return`, accept_types: 'ltiResourceLink' }),
    () => ({ deep_link_return_url: 42, accept_types: ['ltiResourceLink'] }),
    ({ p }) => ({ deep_link_return_url: `${p.baseUrl}/return`, accept_types: ['ltiResourceLink'], data: { x: 1 } }),
    () => 'settings',
    () => null,
  ],
  [`${CLAIM}custom`]: [() => ({ [HOSTILE[0]!]: HOSTILE[1] }), () => 'custom', () => [1, 2]],
};
const MUTATED = Object.keys(MUTATIONS);

type Mutation = { claim: number; value: number } | { claim: number; delete: true };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ claim: fc.nat(MUTATED.length - 1), value: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ claim: fc.nat(MUTATED.length - 1), delete: fc.constant(true as const) }) },
);

/** What the mutations did, for a failure's message. */
function mutationLabel(p: Platform, nonce: string, mutations: Mutation[]): string {
  const changes = mutations.map((m) => {
    const claim = MUTATED[m.claim]!;
    if ('delete' in m) return `delete ${claim}`;
    const values = MUTATIONS[claim]!;
    return `${claim} = ${JSON.stringify(values[m.value % values.length]!({ p, nonce }))?.slice(0, 200)}`;
  });
  return `claims: ${changes.join('; ')}; `;
}

/** The claims a launch of `p` would carry (iss, aud and times included), then the mutations. */
function launchPayload(p: Platform, nonce: string, mutations: Mutation[], roles?: string[]): Record<string, unknown> {
  const t = now();
  const payload: Record<string, unknown> = {
    ...p.claims({ user: lmsUser(), nonce, contextId, roles }),
    iss: p.issuer,
    aud: p.flavour === 'canvas' ? p.clientId : [p.clientId],
    ...(p.flavour === 'moodle' ? { azp: p.clientId } : {}),
    iat: t,
    exp: t + 300,
  };
  for (const m of mutations) {
    const claim = MUTATED[m.claim]!;
    if ('delete' in m) delete payload[claim];
    else {
      const values = MUTATIONS[claim]!;
      payload[claim] = values[m.value % values.length]!({ p, nonce });
    }
  }
  return payload;
}

type TokenSpec =
  | { k: 'missing' }
  | { k: 'text'; v: string }
  | { k: 'segments'; parts: string[] }
  | { k: 'garbage'; parts: number[][] }
  | { k: 'json'; header: unknown; payload: unknown; signature: string }
  | { k: 'enormous'; size: number; jwt: boolean }
  | {
      k: 'shaped';
      platform: 'canvas' | 'moodle';
      alg: string;
      kid: 'own' | 'random' | 'missing' | 'number' | 'hostile';
      header: Record<string, unknown>;
      mutations: Mutation[];
      signature: 'empty' | 'random' | 'text' | 'another';
      bytes: number;
    };

const anyJson = fc.jsonValue({ maxDepth: 3 });
const tokenSpec: fc.Arbitrary<TokenSpec> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ k: fc.constant('missing' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('text' as const), v: oddText }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('segments' as const),
      parts: fc.array(fc.oneof(fc.base64String({ maxLength: 60 }), fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/), oddText), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('garbage' as const),
      parts: fc.array(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 120 }), { minLength: 2, maxLength: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('json' as const),
      header: fc.oneof(
        anyJson,
        fc.constantFrom({ alg: 'RS256' }, { alg: 'none' }, { alg: 'RS256', kid: 42 }, { alg: ['RS256'] }, { alg: 'RS256', crit: ['x'] }),
      ),
      payload: fc.oneof(anyJson, fc.constantFrom({ iss: 42 }, { iss: null }, { iss: 'https://unknown.example', aud: 'x' })),
      signature: fc.oneof(fc.constant(''), fc.base64String({ maxLength: 40 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('enormous' as const),
      size: fc.oneof(fc.integer({ min: 16_000, max: 16_500 }), fc.integer({ min: 16_500, max: 120_000 })),
      jwt: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('shaped' as const),
      platform: fc.constantFrom('canvas' as const, 'moodle' as const),
      alg: fc.constantFrom('RS256', 'RS256', 'none', 'None', 'HS256', 'ES256', 'PS256', 'RS512', 'EdDSA', '', 'rs256'),
      kid: fc.constantFrom('own' as const, 'own' as const, 'random' as const, 'missing' as const, 'number' as const, 'hostile' as const),
      header: fc
        .subarray([
          { crit: ['exp'] },
          { b64: false, crit: ['b64'] },
          { jku: 'http://127.0.0.1:9/jwks' },
          { jwk: { kty: 'RSA', n: 'AQAB', e: 'AQAB' } },
          { typ: 42 },
          { x5u: 'http://127.0.0.1:9/x5u' },
          { zip: 'DEF' },
          { cty: HOSTILE[0] },
        ])
        .map((list) => Object.assign({}, ...list) as Record<string, unknown>),
      mutations: fc.array(mutation, { maxLength: 3 }),
      signature: fc.constantFrom('empty' as const, 'random' as const, 'random' as const, 'text' as const, 'another' as const),
      bytes: fc.integer({ min: 0, max: 400 }),
    }),
  },
);

/** A signature of the platform's over other claims: genuine bytes, wrong token. */
let anotherSignature = '';

function tokenOf(spec: TokenSpec): string | undefined {
  switch (spec.k) {
    case 'missing':
      return undefined;
    case 'text':
      return spec.v;
    case 'segments':
      return spec.parts.join('.');
    case 'garbage':
      return spec.parts.map((bytes) => Buffer.from(bytes).toString('base64url')).join('.');
    case 'json':
      return `${b64(spec.header)}.${b64(spec.payload)}.${spec.signature}`;
    case 'enormous': {
      if (!spec.jwt) return 'e'.repeat(spec.size);
      const head = `${b64({ alg: 'RS256', kid: canvas.key.kid })}.`;
      const payload = b64({ ...launchPayload(canvas, 'n', []), padding: 'p'.repeat(Math.max(0, spec.size * 0.75 - 2000)) });
      return `${head}${payload}.${randomBytes(256).toString('base64url')}`;
    }
    case 'shaped': {
      const p = platformOf(spec.platform);
      const kid = { own: p.key.kid, random: randomUUID(), missing: undefined, number: 42, hostile: HOSTILE[0] }[spec.kid];
      const header = { alg: spec.alg, typ: 'JWT', ...(kid === undefined ? {} : { kid }), ...spec.header };
      const signature = {
        empty: '',
        random: randomBytes(spec.bytes).toString('base64url'),
        text: `${HOSTILE[0]}!!`,
        another: anotherSignature,
      }[spec.signature];
      return `${b64(header)}.${b64(launchPayload(p, randomBytes(16).toString('base64url'), spec.mutations))}.${signature}`;
    }
  }
}

type StateSpec = 'missing' | 'empty' | 'random' | 'huge' | 'nul' | 'hostile' | 'unicode';
interface LaunchCase {
  method: string;
  token: TokenSpec;
  state: StateSpec;
  twice: boolean;
  transport: Transport;
}

const launchCase: fc.Arbitrary<LaunchCase> = fc.record({
  method: methodFor(['POST']),
  token: tokenSpec,
  state: fc.constantFrom<StateSpec>('random', 'random', 'random', 'missing', 'empty', 'huge', 'nul', 'hostile', 'unicode'),
  twice: fc.boolean(),
  transport: transport(1),
});

function stateOf(spec: StateSpec): string | undefined {
  const random = randomBytes(32).toString('base64url');
  return {
    missing: undefined,
    empty: '',
    random,
    huge: 's'.repeat(201),
    nul: `${random}\u0000`,
    hostile: HOSTILE[0],
    unicode: `${random}😀`,
  }[spec];
}

function launchRequest(c: LaunchCase): RawRequest {
  const pairs: [string, string][] = [];
  const token = tokenOf(c.token);
  const state = stateOf(c.state);
  if (token !== undefined) pairs.push(['id_token', token]);
  if (state !== undefined) pairs.push(['state', state]);
  if (c.twice && token !== undefined) pairs.push(['id_token', 'x.y.z']);
  return request(c.method, LAUNCH_PATH, pairs, c.transport);
}

// Launch: the platform's own signature over claims of the wrong types -----------------------------

interface ClaimsCase {
  platform: 'canvas' | 'moodle';
  role: 'learner' | 'instructor';
  mutations: Mutation[];
}

const claimsCase: fc.Arbitrary<ClaimsCase> = fc.record({
  platform: fc.constantFrom('canvas' as const, 'moodle' as const),
  role: fc.constantFrom('learner' as const, 'learner' as const, 'instructor' as const),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
});

/** Signs any payload, whatever its claims' types (SignJWT would check some), with the platform's key. */
async function signRaw(p: Platform, payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(encoder.encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RS256', kid: p.key.kid, typ: 'JWT' })
    .sign(p.key.privateKey);
}

async function claimsRequest(c: ClaimsCase): Promise<{ req: RawRequest; label: string }> {
  const p = platformOf(c.platform);
  const { state, nonce } = await p.login();
  cases += 1; // the login
  const payload = launchPayload(p, nonce, c.mutations, [c.role === 'learner' ? ROLE.learner : ROLE.instructor]);
  const req = request(
    'POST',
    LAUNCH_PATH,
    [
      ['id_token', await signRaw(p, payload)],
      ['state', state],
    ],
    { k: 'form', contentType: FORM },
  );
  return { req, label: `${c.platform}, ${c.role}, ${mutationLabel(p, nonce, c.mutations)}` };
}

// The suites ----------------------------------------------------------------------------------

describe('fuzz: the lti function through the gateway', () => {
  it('login initiation: GET query and POST form, every parameter random or hostile', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(loginCase, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch.map(loginRequest));
      }),
      params(RUNS.login),
    );
  }, 60_000);

  it('launch: random strings, malformed JWTs, base64 garbage, enormous and unsigned tokens', async () => {
    anotherSignature = (await canvas.sign(canvas.claims({ user: lmsUser(), nonce: 'another', contextId }))).split('.')[2]!;
    await fc.assert(
      fc.asyncProperty(fc.array(launchCase, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await runBatch(batch.map(launchRequest));
      }),
      params(RUNS.launch),
    );
  }, 60_000);

  it('launch: tokens the platform really signed, after a real login, with claims of the wrong types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(claimsCase, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const made = await Promise.all(batch.map(claimsRequest));
        await runBatch(
          made.map((m) => m.req),
          made.map((m) => m.label),
        );
      }),
      params(RUNS.claims),
    );
  }, 60_000);
});

describe('what the lti fuzz found, kept as plain tests: a NUL byte reaches Postgres', () => {
  // Postgres refuses text with a NUL byte (22021), so a value that goes into a query unchecked
  // makes the function answer its 503 page instead of the refusal the value deserves.
  async function expectPage(response: Response, status: number, text: string) {
    const body = await response.text();
    expect(response.status, body.slice(0, 600)).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(body).toContain(text);
  }

  it('login: an issuer with a NUL byte is an unknown issuer (403), not a 503', async () => {
    const query = new URLSearchParams({
      iss: `${canvas.issuer}\u0000`,
      login_hint: 'hint',
      target_link_uri: launchUrl(),
      client_id: canvas.clientId,
    });
    await expectPage(await fetch(`${functionUrl('/login')}?${query}`, { redirect: 'manual' }), 403, 'Reason: <code>unknown_issuer</code>');
  });

  it('login: a refusal whose claimed issuer has a NUL byte still writes its audit row', async () => {
    const { rows: before } = await db().query<{ n: number }>(`select count(*)::int as n from private.lti_launch_refusals`);
    const query = new URLSearchParams({ iss: 'https://nul.example.edu/\u0000', target_link_uri: launchUrl() }); // no login_hint
    await expectPage(
      await fetch(`${functionUrl('/login')}?${query}`, { redirect: 'manual' }),
      400,
      'Reason: <code>missing_parameters</code>',
    );
    const { rows: after } = await db().query<{ n: number }>(`select count(*)::int as n from private.lti_launch_refusals`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('launch, unsigned (anyone can post it): an iss claim with a NUL byte is an unknown issuer (403), not a 503', async () => {
    const token = [
      b64({ alg: 'RS256', kid: canvas.key.kid, typ: 'JWT' }),
      b64({ iss: `${canvas.issuer}\u0000`, aud: canvas.clientId }),
      randomBytes(256).toString('base64url'),
    ].join('.');
    await expectPage(
      await postLaunch({ id_token: token, state: randomBytes(32).toString('base64url') }),
      403,
      'Reason: <code>unknown_issuer</code>',
    );
  });

  it('launch signed by the platform: a context id with a NUL byte is not linked (404), not a 503', async () => {
    const { state, nonce } = await canvas.login();
    const claims = canvas.claims({ user: lmsUser(), nonce, contextId: `${contextId}\u0000` });
    await expectPage(await postLaunch({ id_token: await canvas.sign(claims), state }), 404, 'Reason: <code>unlinked_context</code>');
  });

  it('launch signed by the platform: an instructor whose e-mail has a NUL byte has no usable e-mail (the 200 page that says so), not a 503', async () => {
    const { state, nonce } = await canvas.login();
    const claims = canvas.claims({ user: { ...lmsUser(), email: 'prof\u0000@example.edu' }, nonce, contextId, roles: [ROLE.instructor] });
    await expectPage(
      await postLaunch({ id_token: await canvas.sign(claims), state }),
      200,
      'Your learning platform did not share your e-mail',
    );
  });
});

describe('after the lti fuzz', () => {
  it(`tried at least ${MIN_CASES} requests`, () => {
    expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
  });

  it('no table changed but the login states and the refusals’ audit', async () => {
    const after = await tableCounts(tables);
    const { [REFUSALS_TABLE]: _refusals, [STATES_TABLE]: _states, ...others } = changed(before, after);
    expect(after[REFUSALS_TABLE]! - before[REFUSALS_TABLE]!).toBeLessThanOrEqual(cases);
    // Exact when no other test file runs meanwhile (Vitest's one worker on a 2-core machine, CI's);
    // the LTI tables are only written by the LTI files, so they are always checked.
    if (availableParallelism() <= 2) expect(others).toEqual({});
    else expect(Object.keys(others).filter((t) => t.startsWith('private.lti_'))).toEqual([]);
  });
});

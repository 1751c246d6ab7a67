// Fuzzing (fast-check, seeded): generated and mutated requests to every route of the submissions,
// user-stories, class-summaries and health functions and to every RPC the web client calls, through the gateway.
// Bodies of every JSON type and shape, huge and deeply nested values, invalid UTF-8, wrong content
// types, every method, missing and repeated headers, odd paths. Properties: never a 5xx; every
// refusal of our functions is `{ "error": "…" }` with a 4xx (PostgREST's: a JSON message); nothing
// is written by a refused request (row counts of every table before and after); nothing written
// holds an address or a raw token. The seed is printed; `FUZZ_SEED=<seed>` replays a run (docs/testing.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../functions/_shared/errors.ts';
import { parseWith } from '../../functions/_shared/http.ts';
import {
  quickContentSchema,
  quickSubmissionSchema,
  sessionContentSchema,
  sessionSubmissionSchema,
  storyCreateSchema,
  storyMergeSchema,
  storyUpdateSchemaFor,
  submissionKind,
} from '../../functions/_shared/schemas.ts';
import { db, signInWithEmailCode, stack } from '../../../testing/vitest.ts';
import { createCourse, createQuickSubmission, createSession, createStory, sha256 } from '../fixtures.ts';
import { deviceId, expectNoSecretsStored, fakeIp, fakeIpv6, quick, secrets, sessionFeedback } from '../functions/helpers.ts';
import { lockStaffDomains } from '../staffDomainsLock.ts';
import {
  changedCounts,
  checkFunctionReply,
  checkPostgrestReply,
  percentEncode,
  publicTables,
  rowCounts,
  send,
  type RawReply,
  type RawRequest,
} from './support.ts';

/** One seed per run: FUZZ_SEED to replay, else a random one (printed either way). */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomBytes(4).readInt32LE();
/** Requests in flight at once: enough to keep the stack busy, few enough for a 2-core machine. */
const CONCURRENCY = 8;
/** Each fast-check run is one batch of this many requests, sent at once. */
const BATCH = 8;
/** HTTP cases per target (batches × BATCH), and the time each may take at most. */
const RUNS = { submissions: 300, 'user-stories': 200, 'class-summaries': 40, health: 20, rpc: 220 } as const;
const SCHEMA_CASES = 2000;
const TIME_LIMIT_MS = 45_000;

let httpCases = 0;
let schemaCases = 0;
const startedAt = Date.now();

// Fixtures ------------------------------------------------------------------------------------

interface Fixtures {
  professorId: string;
  professorEmail: string;
  professorJwt: string;
  courseId: string;
  courseCode: string;
  sessionId: string;
  accessToken: string;
  closedSessionId: string;
  /** A submission of the open session, created through the function: its edit token is known. */
  submissionId: string;
  editToken: string;
  /** A submission of the closed session (never editable). */
  closedSubmissionId: string;
  storyIds: string[];
  /** Voting tokens the server issued to the suite. */
  votingTokens: string[];
}

let F: Fixtures;
const ipv4: string[] = [];
const ipv6: string[] = [];
const devices: string[] = [];
/** A few of the wrong tokens the fuzz sends, for the privacy scan (all of them would make it slow). */
const sentTokens: string[] = [];

/** What accepted (2xx) requests may have written: the only writes allowed. */
const accepted = {
  submissions: new Set<string>(),
  editedSubmissions: new Set<string>(),
  stories: new Set<string>(),
  deletedStories: new Set<string>(),
  mergedStories: new Set<string>(),
  editedStories: new Set<string>(),
  votes: new Set<string>(),
  unvotes: new Set<string>(),
  issuedTokens: new Set<string>(),
  replies: 0,
  withdrawals: 0,
  sessionsCreated: 0,
};

let tables: string[];
let globalBefore: Record<string, number>;
let scopedBefore: Record<string, number>;
let fixtureRowsBefore: unknown[];

/** Row counts of what the suite's requests can reach: its course, its stories, its tokens. */
async function scopedCounts(): Promise<Record<string, number>> {
  const storyIds = [...F.storyIds, ...accepted.stories];
  const hashes = [...F.votingTokens, ...accepted.issuedTokens].map(sha256);
  const { rows } = await db().query(
    `select
       (select count(*)::int from public.profiles where id = $1) as profiles,
       (select count(*)::int from public.app_owners where user_id = $1) as app_owners,
       (select count(*)::int from public.courses where owner_id = $1) as courses,
       (select count(*)::int from public.class_sessions where course_id = $2) as class_sessions,
       (select count(*)::int from public.submissions where course_id = $2) as submissions,
       (select count(*)::int from public.submission_replies r join public.submissions s on s.id = r.submission_id
         where s.course_id = $2) as submission_replies,
       (select count(*)::int from public.reply_push_subscriptions p join public.submissions s on s.id = p.submission_id
         where s.course_id = $2) as reply_push_subscriptions,
       (select count(*)::int from public.session_notes n join public.class_sessions cs on cs.id = n.session_id
         where cs.course_id = $2) as session_notes,
       (select count(*)::int from public.me_too m join public.submissions s on s.id = m.submission_id
         where s.course_id = $2) as me_too,
       (select count(*)::int from public.me_too_tallies t join public.submissions s on s.id = t.submission_id
         where s.course_id = $2) as me_too_tallies,
       (select count(*)::int from public.topic_ratings r join public.submissions s on s.id = r.submission_id
         where s.course_id = $2) as topic_ratings,
       (select count(*)::int from public.course_members where course_id = $2) as course_members,
       (select count(*)::int from public.course_invitations where course_id = $2) as course_invitations,
       (select count(*)::int from public.class_summary_subscriptions where course_id = $2) as class_summary_subscriptions,
       (select count(*)::int from public.confusion_group_edits where course_id = $2) as confusion_group_edits,
       (select count(*)::int from public.user_stories where id = any($3::uuid[]) or session_token_hash = any($4::text[])) as user_stories,
       (select count(*)::int from public.user_story_upvotes where user_story_id = any($3::uuid[]) or session_token_hash = any($4::text[])) as user_story_upvotes,
       (select count(*)::int from public.anonymous_sessions where anonymous_token_hash = any($4::text[])) as anonymous_sessions`,
    [F.professorId, F.courseId, storyIds, hashes],
  );
  return rows[0];
}

/** The content of the fixture rows that only an accepted request may change. */
async function fixtureRows(): Promise<unknown[]> {
  const { rows } = await db().query(
    `select 's:' || id as key, to_jsonb(s) - 'reviewed_at' - 'updated_at' as row from public.submissions s where id = any($1::uuid[])
     union all
     select 'u:' || id, to_jsonb(u) - 'updated_at' from public.user_stories u where id = any($2::uuid[])
     order by 1`,
    [[F.submissionId, F.closedSubmissionId], F.storyIds],
  );
  return rows;
}

beforeAll(async () => {
  const professor = await signInWithEmailCode();
  await db().query('insert into public.app_owners (user_id) values ($1)', [professor.userId]);
  const course = await createCourse(professor.userId);
  const open = await createSession(course.id);
  const closed = await createSession(course.id, { daysFromToday: -1, expired: true });
  for (let i = 0; i < 96; i++) ipv4.push(fakeIp());
  for (let i = 0; i < 32; i++) ipv6.push(fakeIpv6());
  for (let i = 0; i < 64; i++) devices.push(deviceId());
  // The suite's own submission, through the function, so its edit token is real.
  const created = await send({
    method: 'POST',
    path: '/functions/v1/submissions',
    headers: [
      ['content-type', 'application/json'],
      ['x-forwarded-for', ipv4[0]],
      ['x-device-id', devices[0]],
    ],
    body: new TextEncoder().encode(JSON.stringify(quick(course.id, open.id))),
  });
  if (created === 'closed' || created.status !== 201)
    throw new Error(`could not create the fixture submission: ${JSON.stringify(created)}`);
  const { id, editToken } = JSON.parse(created.text) as { id: string; editToken: string };
  secrets.add(editToken.split('.')[1]);
  const votingTokens: string[] = [];
  for (const ip of ipv4.slice(1, 4)) {
    const board = await send({ method: 'GET', path: '/functions/v1/user-stories', headers: [['x-forwarded-for', ip]] });
    const token = board !== 'closed' && (JSON.parse(board.text) as { sessionToken: string | null }).sessionToken;
    if (!token) throw new Error('no voting token for the fuzz');
    secrets.add(token);
    votingTokens.push(token);
  }
  // The professor wants after-class summaries, and yesterday's closed session is due one: a fuzzed
  // call to /class-summaries/run that got through would send it (checked after the fuzz).
  await db().query(
    `insert into public.class_summary_subscriptions (course_id, user_id, created_at) values ($1, $2, now() - interval '3 days')`,
    [course.id, professor.userId],
  );
  F = {
    professorId: professor.userId,
    professorEmail: professor.email,
    professorJwt: professor.accessToken,
    courseId: course.id,
    courseCode: course.code,
    sessionId: open.id,
    accessToken: open.access_token,
    closedSessionId: closed.id,
    submissionId: id,
    editToken,
    closedSubmissionId: await createQuickSubmission(course.id, closed.id),
    storyIds: await Promise.all([0, 1, 2, 3].map(() => createStory())),
    votingTokens,
  };
  tables = (await publicTables()).filter((t) => t !== 'rate_limit_buckets');
  [globalBefore, scopedBefore, fixtureRowsBefore] = await Promise.all([rowCounts(tables), scopedCounts(), fixtureRows()]);
});

afterAll(() => {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  // Printed on stdout so that `npm test` shows it.
  console.log(
    `fuzz: ${httpCases + schemaCases} generated cases, seed ${SEED} (${httpCases} HTTP requests through the gateway, ` +
      `${schemaCases} schema-only cases through the functions' zod schemas; ${seconds} s). ` +
      `Replay: FUZZ_SEED=${SEED} npm test -- integration supabase/tests/adversarial/fuzz.test.ts`,
  );
});

// Generators ----------------------------------------------------------------------------------

const anyJson = fc.jsonValue({ maxDepth: 4 });
const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\uFEFF', '\u202Eevil', '😀'.repeat(300), "'; drop table courses; --", '<script>'),
);
/** Long text that serialises as itself but prints short in a counterexample. */
function longText(times: number): unknown {
  return { toJSON: () => 'long text '.repeat(times), [fc.toStringMethod]: () => `"long text "×${times}` };
}

/** A value for a field: any JSON, odd text, NUL bytes, numbers at the edges, long text. */
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: anyJson },
  { weight: 2, arbitrary: oddText },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, -1, 1.5, 7, 8, 55, 101, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, null, true, []) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 5000 }).map(longText) },
);

type Base = 'quick' | 'session' | 'quickContent' | 'sessionContent' | 'ratings' | 'story' | 'status' | 'merge';
type Mutation = { op: 'delete'; key: string } | { op: 'set'; key: string; value: unknown } | { op: 'wrap' };
type BodySpec =
  | { kind: 'none' }
  | { kind: 'valid'; base: Base }
  | { kind: 'json'; value: unknown }
  | { kind: 'mutated'; base: Base; mutations: Mutation[] }
  | { kind: 'deep'; depth: number; object: boolean }
  | { kind: 'huge'; kb: number; char: string }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'badUtf8'; base: Base; sequence: readonly number[] };

const BASE_KEYS: Record<Base, string[]> = {
  // followUp…: the optional ratings of the previous session's note's topics (mutations add them).
  quick: ['courseId', 'sessionId', 'topic', 'confusion', 'difficultyLevel', 'followUpNoteId', 'followUpAddressed', 'followUpControl'],
  session: [
    'courseId',
    'sessionId',
    'mindAfterSession',
    'unclearParts',
    'wentWell',
    'pace',
    'challengeLevel',
    'clarityRating',
    'confidenceLevel',
    'followUpNoteId',
    'followUpAddressed',
    'followUpControl',
  ],
  quickContent: ['topic', 'confusion', 'difficultyLevel'],
  ratings: ['followUpNoteId', 'followUpAddressed', 'followUpControl'],
  sessionContent: ['mindAfterSession', 'unclearParts', 'wentWell', 'pace', 'challengeLevel', 'clarityRating', 'confidenceLevel'],
  story: ['title', 'description', 'submittedBy', 'impact', 'confidence', 'ease'],
  status: ['status'],
  merge: ['keepId', 'mergeId'],
};

function baseBody(base: Base): Record<string, unknown> {
  const story = {
    title: 'As a student, I want fuzzed stories',
    description: 'As a student, I want fuzzed stories, so that the board holds.',
    submittedBy: null,
    impact: 4,
    confidence: 5,
    ease: 6,
  };
  switch (base) {
    case 'quick':
      return quick(F.courseId, F.sessionId);
    case 'session':
      return sessionFeedback(F.courseId, F.sessionId);
    case 'quickContent': {
      const { topic, confusion, difficultyLevel } = quick(F.courseId, F.sessionId);
      return { topic, confusion, difficultyLevel };
    }
    case 'sessionContent': {
      const { courseId: _c, sessionId: _s, ...content } = sessionFeedback(F.courseId, F.sessionId);
      return content;
    }
    case 'ratings':
      return { followUpNoteId: F.storyIds[0], followUpAddressed: 5, followUpControl: 3 };
    case 'story':
      return story;
    case 'status':
      return { status: 'in_review' };
    case 'merge':
      return { keepId: F.storyIds[2], mergeId: F.storyIds[3] };
  }
}

const mutation = (base: Base): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom(...BASE_KEYS[base]) }),
    fc.record({ op: fc.constant('set' as const), key: fc.constantFrom(...BASE_KEYS[base]), value: fieldValue }),
    fc.record({
      op: fc.constant('set' as const),
      key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'editTokenHash', 'id', 'kind')),
      value: fieldValue,
    }),
    fc.constant({ op: 'wrap' as const }),
  );

const bodySpec = (bases: Base[]): fc.Arbitrary<BodySpec> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('valid' as const), base: fc.constantFrom(...bases) }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('json' as const), value: anyJson }) },
    {
      weight: 10,
      arbitrary: fc.constantFrom(...bases).chain((base) =>
        fc.record({
          kind: fc.constant('mutated' as const),
          base: fc.constant(base),
          mutations: fc.array(mutation(base), { minLength: 1, maxLength: 3 }),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 50, max: 20_000 }), object: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        kb: fc.integer({ min: 60, max: 200 }),
        char: fc.constantFrom('a', 'é', '😀', '\\u0000'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: oddText }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 200 }) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('badUtf8' as const),
        base: fc.constantFrom(...bases),
        sequence: fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80]),
      }),
    },
  );

const encoder = new TextEncoder();

function applyMutations(value: Record<string, unknown>, mutations: Mutation[]): unknown {
  let body: unknown = { ...value };
  for (const m of mutations) {
    if (m.op === 'wrap') body = [body];
    else if (body && typeof body === 'object' && !Array.isArray(body)) {
      const object = body as Record<string, unknown>;
      if (m.op === 'delete') delete object[m.key];
      else Object.defineProperty(object, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return body;
}

function buildBody(spec: BodySpec): Uint8Array | undefined {
  switch (spec.kind) {
    case 'none':
      return undefined;
    case 'valid':
      return encoder.encode(JSON.stringify(baseBody(spec.base)));
    case 'json':
      return encoder.encode(JSON.stringify(spec.value) ?? 'null');
    case 'mutated':
      return encoder.encode(JSON.stringify(applyMutations(baseBody(spec.base), spec.mutations)));
    case 'deep':
      return encoder.encode(
        spec.object ? '{"a":'.repeat(spec.depth) + '1' + '}'.repeat(spec.depth) : '['.repeat(spec.depth) + ']'.repeat(spec.depth),
      );
    case 'huge': {
      const unit = encoder.encode(spec.char).byteLength;
      return encoder.encode(JSON.stringify({ topic: 'x' }).replace('"x"', `"${spec.char.repeat(Math.ceil((spec.kb * 1024) / unit))}"`));
    }
    case 'text':
      return encoder.encode(spec.text);
    case 'bytes':
      return Uint8Array.from(spec.bytes);
    case 'badUtf8': {
      const text = JSON.stringify(baseBody(spec.base));
      const at = text.indexOf('":"') + 3; // inside the first string value
      const head = encoder.encode(at > 2 ? text.slice(0, at) : text);
      const tail = encoder.encode(at > 2 ? text.slice(at) : '');
      return Uint8Array.from([...head, ...spec.sequence, ...tail]);
    }
  }
}

type IpSpec = { k: 'v4' | 'v6' | 'list' | 'port' | 'cf' | 'dup'; i: number };
const ipSpec: fc.Arbitrary<IpSpec> = fc.record({ k: fc.constantFrom('v4', 'v4', 'v6', 'list', 'port', 'cf', 'dup'), i: fc.nat() });

/** Always names one of the suite's addresses first: a request must never count as 127.0.0.1 (the other tests'). */
function ipHeaders(spec: IpSpec): [string, string][] {
  const v4 = ipv4[spec.i % ipv4.length];
  const v6 = ipv6[spec.i % ipv6.length];
  switch (spec.k) {
    case 'v4':
      return [['x-forwarded-for', v4]];
    case 'v6':
      return [['x-forwarded-for', v6]];
    case 'list':
      return [['x-forwarded-for', ` , ${v4}, 198.51.100.7`]];
    case 'port':
      return [['x-forwarded-for', spec.i % 2 ? `${v4}:443` : `[${v6}]:8080`]];
    case 'cf':
      return [
        ['cf-connecting-ip', v6],
        ['x-forwarded-for', v4],
      ];
    case 'dup':
      return [
        ['x-forwarded-for', v4],
        ['x-forwarded-for', v6],
      ];
  }
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  '',
  'none',
  'twice',
] as const;
const contentTypeSpec = fc.constantFrom(...CONTENT_TYPES);

function contentTypeHeaders(spec: (typeof CONTENT_TYPES)[number]): [string, string][] {
  if (spec === 'none') return [];
  if (spec === 'twice')
    return [
      ['content-type', 'application/json'],
      ['content-type', 'text/plain'],
    ];
  return [['content-type', spec]];
}

type AuthSpec = 'none' | 'anon' | 'professor' | 'garbage' | 'foreignKey' | 'basic' | 'twice';
const authSpec = fc.constantFrom<AuthSpec>('none', 'anon', 'anon', 'professor', 'garbage', 'foreignKey', 'basic', 'twice');

function authHeaders(spec: AuthSpec): [string, string][] {
  const anon = stack().anonKey;
  switch (spec) {
    case 'none':
      return [];
    case 'anon':
      return [
        ['apikey', anon],
        ['authorization', `Bearer ${anon}`],
      ];
    case 'professor':
      return [
        ['apikey', anon],
        ['authorization', `Bearer ${F.professorJwt}`],
      ];
    case 'garbage':
      return [
        ['apikey', anon],
        ['authorization', 'Bearer eyJ.not.a-jwt'],
      ];
    case 'foreignKey':
      return [
        ['apikey', 'not-a-key'],
        ['authorization', 'Bearer eyJ.not.a-jwt'],
      ];
    case 'basic':
      return [['authorization', 'Basic dXNlcjpwYXNz']];
    case 'twice':
      return [
        ['apikey', anon],
        ['authorization', `Bearer ${anon}`],
        ['authorization', `Bearer ${F.professorJwt}`],
      ];
  }
}

// Every method HTTP servers parse (an invented one never gets past Node's parser: an empty 400).
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'PURGE', 'LOCK', 'QUERY', 'SEARCH'];
const methodSpec = (own: string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });

type IdSpec = { k: 'fixture' | 'closed' | 'upper' | 'story' | 'uuid' | 'odd'; v: string; i: number };
const ODD_IDS = [
  'not-a-uuid',
  '%00',
  '%ZZ',
  '%2F',
  '..',
  '.',
  '%20',
  '%F0%9F%98%80',
  '%C0%AF',
  "'%3B--",
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(3000),
];
const idSpec: fc.Arbitrary<IdSpec> = fc.record({
  k: fc.constantFrom('fixture', 'fixture', 'closed', 'upper', 'story', 'story', 'uuid', 'odd', 'odd'),
  v: fc.oneof(fc.uuid(), fc.constantFrom(...ODD_IDS), fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/)),
  i: fc.nat(),
});

function idOf(spec: IdSpec): string {
  switch (spec.k) {
    case 'fixture':
      return F.submissionId;
    case 'closed':
      return F.closedSubmissionId;
    case 'upper':
      return F.submissionId.toUpperCase();
    case 'story':
      return F.storyIds[spec.i % F.storyIds.length];
    case 'uuid':
    case 'odd':
      return spec.v;
  }
}

interface FunctionCase {
  method: string;
  shape: string;
  id: IdSpec;
  query: string;
  ip: IpSpec;
  auth: AuthSpec;
  contentType: (typeof CONTENT_TYPES)[number];
  body: BodySpec;
  /** Headers of the function: which token, device id, extras. */
  token: string;
  device: string;
  extra: [string, string][];
}

const QUERIES = ['', '?', '?a=1&a=2', '?courseId=%ZZ', '?x=' + 'y'.repeat(2000), '?want=%00', '#frag'];
const EXTRA_HEADERS: [string, string][] = [
  ['x-app-owner', 'true'],
  ['accept', 'text/html'],
  ['content-encoding', 'gzip'],
  ['x-client-info', 'supabase-js/2'],
  ['origin', 'https://evil.example'],
  ['access-control-request-method', 'PUT'],
  ['x-http-method-override', 'DELETE'],
  ['expect', '100-continue'],
  ['x-fuzz', 'ü'],
];

const functionCase = (own: { methods: string[]; shapes: string[]; bases: Base[] }) =>
  fc.record({
    method: methodSpec(own.methods),
    shape: fc.constantFrom(...own.shapes),
    id: idSpec,
    query: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...QUERIES) }),
    ip: ipSpec,
    auth: authSpec,
    contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json' as const) }, { weight: 3, arbitrary: contentTypeSpec }),
    body: bodySpec(own.bases),
    token: fc.constantFrom('none', 'valid', 'wrong', 'wrong', 'otherId', 'garbage', 'long', 'twice', 'hash', 'empty'),
    device: fc.constantFrom('pool', 'pool', 'none', 'long', 'twice'),
    extra: fc.subarray(EXTRA_HEADERS, { maxLength: 2 }),
  }) as fc.Arbitrary<FunctionCase>;

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

function editTokenHeaders(spec: string, id: string): [string, string][] {
  const wrong = () => {
    const token = `${id}.${randomSecret()}`;
    if (sentTokens.length < 200) sentTokens.push(token);
    return token;
  };
  switch (spec) {
    case 'valid':
      return [['x-edit-token', F.editToken]];
    case 'wrong':
      return [['x-edit-token', wrong()]];
    case 'otherId':
      return [['x-edit-token', `${randomUUID()}.${F.editToken.split('.')[1]}`]];
    case 'garbage':
      return [['x-edit-token', 'garbage']];
    case 'long':
      return [['x-edit-token', `${id}.${'A'.repeat(300)}`]];
    case 'twice':
      return [
        ['x-edit-token', F.editToken],
        ['x-edit-token', wrong()],
      ];
    case 'hash':
      return [['x-edit-token', `${id}.${sha256(F.editToken.split('.')[1])}`]];
    case 'empty':
      return [['x-edit-token', '']];
    default:
      return [];
  }
}

function sessionTokenHeaders(spec: string, i: number): [string, string][] {
  const held = F.votingTokens[i % F.votingTokens.length];
  switch (spec) {
    case 'valid':
    case 'hash':
      return [['x-session-token', held]];
    case 'wrong':
    case 'otherId':
      return [['x-session-token', randomSecret()]];
    case 'garbage':
      return [['x-session-token', 'garbage']];
    case 'long':
      return [['x-session-token', 'A'.repeat(300)]];
    case 'twice':
      return [
        ['x-session-token', held],
        ['x-session-token', randomSecret()],
      ];
    case 'empty':
      return [['x-session-token', '']];
    default:
      return [];
  }
}

function deviceHeaders(spec: string, i: number): [string, string][] {
  const own = devices[i % devices.length];
  switch (spec) {
    case 'pool':
      return [['x-device-id', own]];
    case 'long':
      return [['x-device-id', 'd'.repeat(201)]];
    case 'twice':
      return [
        ['x-device-id', own],
        ['x-device-id', devices[(i + 1) % devices.length]],
      ];
    default:
      return [];
  }
}

function functionRequest(fn: string, c: FunctionCase): RawRequest {
  const id = idOf(c.id);
  const path = `/functions/v1/${fn}${c.shape.replace('{id}', id)}${c.query}`;
  const headers: [string, string][] = [
    ...authHeaders(c.auth),
    ...ipHeaders(c.ip),
    ...(c.body.kind === 'none' ? [] : contentTypeHeaders(c.contentType)),
    ...(fn === 'submissions' ? editTokenHeaders(c.token, id) : sessionTokenHeaders(c.token, c.ip.i)),
    ...deviceHeaders(c.device, c.ip.i),
    ...c.extra,
  ];
  // A TRACE request must not carry content (RFC 9110): HTTP servers refuse one that does themselves.
  return { method: c.method, path, headers, body: c.method === 'TRACE' ? undefined : buildBody(c.body) };
}

/** Records what an accepted request of a function may have written. */
function noteAccepted(fn: string, req: RawRequest, reply: RawReply) {
  if (reply.status < 200 || reply.status >= 300 || req.method === 'OPTIONS' || req.method === 'HEAD') return;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(reply.text);
  } catch {
    return;
  }
  if (!data || typeof data !== 'object') return;
  const rest = req.path.slice(`/functions/v1/${fn}`.length).split(/[?#]/)[0];
  const segments = rest.split('/').filter(Boolean);
  if (fn === 'submissions') {
    if (req.method === 'POST' && typeof data.id === 'string') {
      accepted.submissions.add(data.id);
      secrets.add(String(data.editToken).split('.')[1]);
    }
    if (req.method === 'PUT' && typeof data.id === 'string') accepted.editedSubmissions.add(data.id);
    return;
  }
  if (fn !== 'user-stories') return;
  if (req.method === 'GET' && typeof data.sessionToken === 'string') {
    if (!F.votingTokens.includes(data.sessionToken)) accepted.issuedTokens.add(data.sessionToken);
    secrets.add(data.sessionToken);
  }
  if (req.method === 'POST' && segments.length === 0 && typeof data.id === 'string') accepted.stories.add(data.id);
  if (segments[1] === 'upvote') (req.method === 'POST' ? accepted.votes : accepted.unvotes).add(segments[0]);
  if (req.method === 'PUT') accepted.editedStories.add(segments[0]);
  if (req.method === 'DELETE' && segments.length === 1) accepted.deletedStories.add(segments[0]);
  if (req.method === 'POST' && segments[0] === 'merge') {
    accepted.mergedStories.add(String(data.id));
    for (const id of F.storyIds) accepted.mergedStories.add(id); // the kept story and the merged one both change
  }
}

/** Unsubscribe tokens of the right shape that no send holds. */
const WRONG_UNSUBSCRIBE_TOKENS = [randomSecret(), randomSecret()];

/**
 * class-summaries answers its unsubscribe routes with a page for people (HTML, 404 for a token it
 * does not know); everything else of it as every function does. Never a 5xx either way.
 */
function checkClassSummariesReply(req: RawRequest, reply: RawReply | 'closed'): void {
  const page =
    reply !== 'closed' &&
    req.path.split(/[?#]/)[0].startsWith('/functions/v1/class-summaries/unsubscribe') &&
    String(reply.headers['content-type'] ?? '').startsWith('text/html');
  if (page && reply.status < 500) return;
  checkFunctionReply(req, reply);
}

async function runBatch(
  requests: RawRequest[],
  check: (req: RawRequest, reply: RawReply | 'closed') => void,
  note?: (req: RawRequest, reply: RawReply) => void,
) {
  httpCases += requests.length;
  const replies = await Promise.all(requests.map((r) => send(r, CONCURRENCY)));
  requests.forEach((req, i) => {
    const reply = replies[i];
    if (reply !== 'closed') note?.(req, reply);
    check(req, reply);
  });
}

let group = 0;
/** fast-check's parameters for one target: its own seed (derived from the run's), a run and time budget. */
function params<T>(runs: number): fc.Parameters<T> {
  group += 1;
  return {
    seed: SEED + group,
    numRuns: runs,
    endOnFailure: true,
    interruptAfterTimeLimit: TIME_LIMIT_MS,
    markInterruptAsFailure: false,
    verbose: 1,
  };
}

async function fuzzFunction(
  fn: string,
  own: { methods: string[]; shapes: string[]; bases: Base[] },
  runs: number,
  check: typeof checkFunctionReply = checkFunctionReply,
) {
  await fc.assert(
    fc.asyncProperty(fc.array(functionCase(own), { minLength: BATCH, maxLength: BATCH }), async (cases) => {
      await runBatch(
        cases.map((c) => functionRequest(fn, c)),
        check,
        (req, reply) => noteAccepted(fn, req, reply),
      );
    }),
    params(runs),
  );
}

// RPCs the web client calls -------------------------------------------------------------------

type ArgValue = 'valid' | 'json' | 'uuid' | 'huge' | 'deep' | 'int' | 'omit';
/** `unknownIds`: a "valid" id is a random one, so a fuzzed call never ends or copies the suite's course. */
const RPCS: Record<string, { method: 'GET' | 'POST'; args: string[]; unknownIds?: true }> = {
  search_courses: { method: 'GET', args: ['code'] },
  withdraw_reply: { method: 'POST', args: ['submission_id'] },
  mark_reviewed: { method: 'POST', args: ['ids', 'reviewed'] },
  is_app_owner: { method: 'GET', args: [] },
  create_today_session: { method: 'POST', args: ['course_id', 'topic'] },
  resolve_class_token: { method: 'GET', args: ['token'] },
  dashboard_stats: { method: 'POST', args: ['course_id'] },
  my_courses: { method: 'POST', args: [] },
  end_term: { method: 'POST', args: ['course_id'], unknownIds: true },
  start_next_term: { method: 'POST', args: ['course_id', 'term'], unknownIds: true },
  term_for: { method: 'GET', args: ['day'] },
  get_class_session: { method: 'GET', args: ['session_id'] },
  active_session: { method: 'POST', args: ['course_id'] },
  confusion_patterns: { method: 'POST', args: ['days', 'course_id'] },
  similar_user_stories: { method: 'GET', args: ['want', 'max_items'] },
  course_notes: { method: 'GET', args: ['course_id', 'max_items', 'session_id'] },
  follow_up_check: { method: 'GET', args: ['course_id', 'session'] },
  course_class_day: { method: 'GET', args: ['course_id'] },
  follow_up_figures: { method: 'GET', args: ['note_id'] },
  reply_to_submission: { method: 'POST', args: ['submission_id', 'body'] },
  course_timeline: { method: 'GET', args: ['course_id', 'max_items'] },
  session_insights: { method: 'POST', args: ['course_id', 'days', 'max_sessions'] },
  live_session: { method: 'POST', args: ['course_id', 'since'] },
  shared_confusion: { method: 'POST', args: ['course_id', 'session_id'] },
  // Unknown ids: a fuzzed call never corrects the suite's groups, it must only be refused cleanly.
  merge_confusion_groups: { method: 'POST', args: ['course_id', 'group_id', 'into_group_id'], unknownIds: true },
  take_out_of_confusion_group: { method: 'POST', args: ['course_id', 'submission_id'], unknownIds: true },
  term_report: { method: 'GET', args: ['course_id', 'from_date', 'to_date'] },
  // /admin's learning platforms (the fuzz's professor is an app owner). No valid values: a fuzzed
  // call never registers or removes a real platform, it must only never answer 5xx.
  lti_platforms_admin: { method: 'GET', args: [] },
  save_lti_platform: {
    method: 'POST',
    args: [
      'p_id',
      'p_name',
      'p_issuer',
      'p_client_id',
      'p_deployment_ids',
      'p_auth_login_url',
      'p_jwks_url',
      'p_token_url',
      'p_email_domains',
    ],
  },
  remove_lti_platform: { method: 'POST', args: ['p_id'] },
  // /admin's staff e-mail domains, the same way: no valid values, and whatever domain a fuzzed call
  // did add is removed after the run (a list left behind would refuse the next tests' new accounts).
  staff_email_domains: { method: 'GET', args: [] },
  add_staff_email_domain: { method: 'POST', args: ['p_domain'] },
  remove_staff_email_domain: { method: 'POST', args: ['p_domain'] },
};

function validArg(name: string): unknown {
  const values: Record<string, unknown> = {
    code: F.courseCode,
    submission_id: F.submissionId,
    ids: [F.submissionId],
    reviewed: true,
    course_id: F.courseId,
    topic: 'Fuzzed topic',
    token: F.accessToken,
    session_id: F.sessionId,
    days: 7,
    want: 'I want to see fuzzed stories',
    max_items: 5,
    max_sessions: 3,
    body: 'A reply from the fuzz.',
    since: null,
    term: 'Spring 2099',
    day: '2026-11-27',
    session: F.sessionId,
    from_date: '2026-09-01',
    to_date: '2026-12-31',
    // No note of the suite's: the figures of an unknown note are none (null), never an error.
    note_id: F.sessionId,
  };
  return values[name];
}

interface RpcCase {
  fn: string;
  method: string;
  args: { kind: ArgValue; json: unknown; uuid: string; size: number; int: number }[];
  extra: [string, unknown][];
  asBody: BodySpec | null;
  contentType: (typeof CONTENT_TYPES)[number];
  accept: string;
  prefer: string;
  auth: AuthSpec;
  ip: IpSpec;
}

const rpcCase: fc.Arbitrary<RpcCase> = fc.record({
  fn: fc.constantFrom(...Object.keys(RPCS)),
  method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('GET', 'POST') }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
  args: fc.array(
    fc.record({
      kind: fc.constantFrom<ArgValue>('valid', 'valid', 'valid', 'json', 'json', 'uuid', 'huge', 'deep', 'int', 'omit'),
      json: fieldValue,
      uuid: fc.uuid(),
      size: fc.integer({ min: 1, max: 100 }),
      int: fc.constantFrom(-1, 0, 1, 90, 91, 500, 501, 2 ** 31, -(2 ** 31) - 1, 2 ** 63),
    }),
    { minLength: 3, maxLength: 3 },
  ),
  extra: fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('p_limit', 'owner_id', 'select', 'order', 'limit', 'on_conflict', 'columns'), fc.string({ maxLength: 8 })),
      fieldValue,
    ),
    { maxLength: 2 },
  ),
  asBody: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bodySpec(['quick']) }),
  contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json' as const) }, { weight: 2, arbitrary: contentTypeSpec }),
  accept: fc.constantFrom(
    'application/json',
    'application/json',
    '*/*',
    'text/csv',
    'application/vnd.pgrst.object+json',
    'text/html',
    'application/vnd.pgrst.plan+json',
    '',
  ),
  prefer: fc.constantFrom(
    '',
    '',
    'params=single-object',
    'return=representation',
    'tx=commit',
    'count=exact',
    'handling=strict',
    'missing=default',
  ),
  auth: fc.constantFrom<AuthSpec>('anon', 'anon', 'professor', 'professor', 'none', 'garbage', 'foreignKey', 'twice'),
  ip: ipSpec,
});

function argValue(name: string, a: RpcCase['args'][number]): unknown {
  switch (a.kind) {
    case 'valid':
      return validArg(name);
    case 'json':
      return a.json;
    case 'uuid':
      return a.uuid;
    case 'huge':
      return 'h'.repeat(a.size * 1024);
    case 'deep':
      return JSON.parse('['.repeat(a.size * 10) + ']'.repeat(a.size * 10));
    case 'int':
      return a.int;
    case 'omit':
      return undefined;
  }
}

function rpcRequest(c: RpcCase): RawRequest {
  const spec = RPCS[c.fn];
  const args: Record<string, unknown> = {};
  spec.args.forEach((name, i) => {
    const arg = c.args[i % c.args.length];
    const value = spec.unknownIds && name.endsWith('_id') && arg.kind === 'valid' ? arg.uuid : argValue(name, arg);
    if (value !== undefined) args[name] = value;
  });
  for (const [name, value] of c.extra) args[name] = value;
  const headers: [string, string][] = [
    ...authHeaders(c.auth),
    ...ipHeaders(c.ip),
    ...(c.accept ? [['accept', c.accept] as [string, string]] : []),
    ...(c.prefer ? [['prefer', c.prefer] as [string, string]] : []),
  ];
  if (c.method === 'GET' || c.method === 'HEAD') {
    const query = Object.entries(args)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&');
    return { method: c.method, path: `/rest/v1/rpc/${c.fn}${query ? `?${query}` : ''}`, headers };
  }
  const body = c.method === 'TRACE' ? undefined : c.asBody ? buildBody(c.asBody) : encoder.encode(JSON.stringify(args));
  return { method: c.method, path: `/rest/v1/rpc/${c.fn}`, headers: [...headers, ...contentTypeHeaders(c.contentType)], body };
}

function noteRpc(req: RawRequest, reply: RawReply) {
  if (reply.status < 200 || reply.status >= 300) return;
  const fn = req.path.slice('/rest/v1/rpc/'.length).split('?')[0];
  if (fn === 'reply_to_submission') accepted.replies += 1;
  if (fn === 'withdraw_reply') accepted.withdrawals += 1;
  if (fn === 'create_today_session') accepted.sessionsCreated += 1;
  if (fn === 'mark_reviewed' || fn === 'reply_to_submission') accepted.editedSubmissions.add(F.submissionId);
}

// The suites ----------------------------------------------------------------------------------

describe('fuzz: the edge functions through the gateway', () => {
  it('submissions: POST /, GET and PUT /{id}, PUT /{id}/ratings, GET /form-page (forms and course pages), and everything else', async () => {
    await fuzzFunction(
      'submissions',
      {
        methods: ['POST', 'POST', 'GET', 'PUT'],
        shapes: [
          '',
          '/',
          '/{id}',
          '/{id}',
          '/{id}',
          '/{id}/',
          '/{id}/extra',
          '//{id}',
          '/%2e%2e/{id}',
          '/{id}/..',
          '/{id}/ratings',
          '/form-page',
          '/form-page?page=/submit&courseId={id}',
          '/form-page?page=%2Fclass-session&sessionId=today&courseId={id}',
          '/form-page?page=/class-session&courseId={id}&sessionId={id}',
          '/form-page?page=%2Fclass-session&sessionId=2026-11-29&courseId={id}',
          '/form-page?page=/class/{id}',
          '/form-page?page=/courses/{id}',
          '/form-page?page=%2Fcourses%2F{id}%2F',
        ],
        bases: ['quick', 'session', 'quickContent', 'sessionContent', 'ratings'],
      },
      RUNS.submissions,
    );
  }, 120_000);

  it('user-stories: the board, stories, votes and the owner operations', async () => {
    await fuzzFunction(
      'user-stories',
      {
        methods: ['GET', 'POST', 'POST', 'PUT', 'DELETE'],
        shapes: [
          '',
          '/',
          '/{id}',
          '/{id}/upvote',
          '/{id}/upvote',
          '/{id}/upvote/',
          '/merge',
          '/merge',
          '/merge/x',
          '//merge',
          '/{id}/downvote',
        ],
        bases: ['story', 'status', 'merge', 'story'],
      },
      RUNS['user-stories'],
    );
  }, 120_000);

  it('class-summaries: /run (never without its secret) and the unsubscribe page and one-click POST', async () => {
    await fuzzFunction(
      'class-summaries',
      {
        methods: ['POST', 'POST', 'GET', 'POST'],
        shapes: [
          '/run',
          '/run',
          '/run/',
          '//run',
          '/run/{id}',
          '',
          '/unsubscribe',
          '/unsubscribe?token={id}',
          '/unsubscribe?token={id}',
          `/unsubscribe?token=${WRONG_UNSUBSCRIBE_TOKENS[0]}`,
          `/unsubscribe?token=${WRONG_UNSUBSCRIBE_TOKENS[1]}&lang=es`,
          `/unsubscribe?token=${WRONG_UNSUBSCRIBE_TOKENS[0]}&token=${WRONG_UNSUBSCRIBE_TOKENS[1]}`,
          '/unsubscribe?lang=%00',
          '/unsubscribe/{id}',
        ],
        bases: ['quick'],
      },
      RUNS['class-summaries'],
      checkClassSummariesReply,
    );
  }, 120_000);

  it('health: any method, path and body', async () => {
    await fuzzFunction('health', { methods: ['GET'], shapes: ['', '/', '/{id}', '/../submissions'], bases: ['quick'] }, RUNS.health);
  }, 60_000);
});

describe('fuzz: the RPCs the web client calls, through the gateway to PostgREST', () => {
  it('never a 5xx, and every refusal a JSON message', async () => {
    // A fuzzed call may add a domain: example.edu stays listed meanwhile, so the other files' new
    // accounts are let through, and no other file changes the list (staffDomainsLock.ts).
    const giveBack = await lockStaffDomains();
    await db().query(`insert into private.staff_email_domains (domain) values ('example.edu') on conflict do nothing`);
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(rpcCase, { minLength: BATCH, maxLength: BATCH }), async (cases) => {
          await runBatch(cases.map(rpcRequest), checkPostgrestReply, noteRpc);
        }),
        params(RUNS.rpc),
      );
    } finally {
      await db().query('delete from private.staff_email_domains');
      await giveBack();
    }
  }, 120_000);
});

describe('fuzz (schema-only, no network): the zod schemas the functions validate with', () => {
  const schemas = [
    quickSubmissionSchema,
    sessionSubmissionSchema,
    quickContentSchema,
    sessionContentSchema,
    storyCreateSchema,
    storyMergeSchema,
  ];
  it('accept a value or refuse it with a 400 and a message, never anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyJson,
          fc
            .constantFrom<Base>('quick', 'session', 'story', 'merge')
            .chain((base) => fc.array(mutation(base), { minLength: 1, maxLength: 3 }).map((m) => applyMutations(baseBody(base), m))),
        ),
        (body) => {
          schemaCases += 1;
          const object = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
          const candidates = [...schemas, ...(object ? [storyUpdateSchemaFor(object)] : [])];
          if (object) submissionKind(object);
          for (const schema of candidates) {
            try {
              parseWith(schema, body);
            } catch (error) {
              if (!(error instanceof HttpError) || error.status !== 400 || !error.message.trim()) throw error;
            }
          }
        },
      ),
      params(SCHEMA_CASES),
    );
  });
});

describe('after the fuzz', () => {
  it(`tried at least 5,000 generated cases, most of them over HTTP`, () => {
    expect(httpCases + schemaCases).toBeGreaterThanOrEqual(5000);
    expect(httpCases).toBeGreaterThan(schemaCases);
  });

  it('refused requests wrote nothing: row counts of every table, and the fixture rows', async () => {
    const [globalAfter, scopedAfter, rowsAfter] = await Promise.all([rowCounts(tables), scopedCounts(), fixtureRows()]);
    // What the suite's own accepted requests may have changed, in the rows it can reach.
    const delta = (t: string) => scopedAfter[t] - scopedBefore[t];
    expect(delta('submissions')).toBe(accepted.submissions.size);
    expect(delta('anonymous_sessions')).toBe(accepted.issuedTokens.size);
    expect(delta('user_stories')).toBeLessThanOrEqual(accepted.stories.size);
    expect(delta('user_stories')).toBeGreaterThanOrEqual(
      accepted.stories.size - accepted.deletedStories.size - accepted.mergedStories.size,
    );
    if (accepted.votes.size === 0) expect(delta('user_story_upvotes')).toBeLessThanOrEqual(0);
    if (accepted.unvotes.size === 0 && accepted.deletedStories.size === 0) expect(delta('user_story_upvotes')).toBeGreaterThanOrEqual(0);
    expect(delta('submission_replies')).toBeLessThanOrEqual(accepted.replies);
    expect(delta('submission_replies')).toBeGreaterThanOrEqual(-accepted.withdrawals);
    expect(delta('class_sessions')).toBeLessThanOrEqual(accepted.sessionsCreated);
    for (const t of [
      'profiles',
      'app_owners',
      'courses',
      'class_summary_subscriptions',
      'session_notes',
      'me_too',
      'me_too_tallies',
      // The suite's course has no note with topics: no rating can be stored.
      'topic_ratings',
      // No group of the suite's is ever named.
      'confusion_group_edits',
      'course_members',
      'course_invitations',
      'reply_push_subscriptions',
    ])
      expect(delta(t), t).toBe(0);
    const mayChange = ({ key }: { key: string }) =>
      [accepted.editedSubmissions, accepted.editedStories, accepted.mergedStories, accepted.deletedStories].some((ids) =>
        ids.has(key.slice(2)),
      );
    const keep = (rows: unknown[]) => (rows as { key: string }[]).filter((r) => !mayChange(r));
    expect(keep(rowsAfter)).toEqual(keep(fixtureRowsBefore));
    // Every table of the database: what changed is exactly what changed in the suite's own rows.
    // Exact only when no other test file runs at the same time, which is Vitest's default on a
    // 2-core machine (CI's): one worker. With more workers, other files' rows are told apart by
    // scope only, and the difference is printed.
    const foreign = tables.filter((t) => globalAfter[t] - globalBefore[t] !== scopedAfter[t] - scopedBefore[t]);
    if (availableParallelism() <= 2)
      expect(foreign.map((t) => changedCounts(globalBefore, globalAfter).find((c) => c.startsWith(`${t}:`)) ?? t)).toEqual([]);
    else if (foreign.length) console.log(`fuzz: other test files wrote meanwhile: ${changedCounts(globalBefore, globalAfter).join(', ')}`);
  });

  it('sent no after-class summary: nothing claimed for the subscribed professor, nothing in the inbox', async () => {
    const { rows } = await db().query('select count(*)::int as n from private.class_summary_sends where user_id = $1', [F.professorId]);
    expect(rows[0].n).toBe(0);
    const res = await fetch(
      `${stack().inboxUrl}/api/v1/search?limit=10&query=${encodeURIComponent(`to:"${F.professorEmail}" subject:"After class"`)}`,
    );
    expect(((await res.json()) as { messages: unknown[] }).messages).toEqual([]);
  });

  it('stored no address, device id, user agent or raw token', async () => {
    for (const token of sentTokens) secrets.add(token);
    const { rows } = await db().query(
      `select count(*)::int as n from public.submissions where concat_ws(' ', topic, confusion, mind_after_session, unclear_parts, went_well) like '%2001:db8:%'`,
    );
    expect(rows[0].n).toBe(0);
    await expectNoSecretsStored();
  }, 60_000);
});

// The row-level security matrix: for every table and every operation, what anonymous visitors,
// professor A (who owns the rows), professor B, the app owner and the service role may do
// through PostgREST with their real JWTs.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, db, serviceClient, signInWithEmailCode, uniqueCourseCode, type SignedIn } from '../../stack/testing.ts';
import {
  createAuthUser,
  createCourse,
  createQuickSubmission,
  createSession,
  createStory,
  createVoter,
  randomHash,
  vote,
} from './fixtures.ts';

type Actor = 'anon' | 'professorA' | 'professorB' | 'appOwner' | 'service';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ALLOW = true;
const DENY = false;

interface TableSpec {
  table: string;
  /** Columns a legitimate reader asks for. */
  columns: string;
  /** A fresh row in professor A's world; returns the filter that finds it. */
  row(): Promise<Record<string, string>>;
  /** The row to read and update when it must be someone's own (deletes use a fresh `row()`). */
  ownRow?(): Record<string, string>;
  /** What the actor tries to insert. */
  insert(actor: Actor): Promise<Record<string, unknown>>;
  patch: Record<string, unknown>;
  expect: Record<Op, Record<Actor, boolean>>;
}

const all = (v: boolean): Record<Actor, boolean> => ({ anon: v, professorA: v, professorB: v, appOwner: v, service: v });
const onlyService = all(DENY);
onlyService.service = ALLOW;
const serviceOnlyTable = { select: onlyService, insert: onlyService, update: onlyService, delete: onlyService };

let A: SignedIn;
let B: SignedIn;
let owner: SignedIn;
let clients: Record<Actor, SupabaseClient>;
let courseOfA: string;
let sessionOfA: string;

beforeAll(async () => {
  [A, B, owner] = await Promise.all([
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode('professor@example.edu'),
  ]);
  clients = { anon: anonClient(), professorA: A.client, professorB: B.client, appOwner: owner.client, service: serviceClient() };
  courseOfA = (await createCourse(A.userId)).id;
  sessionOfA = (await createSession(courseOfA)).id;
});

const specs: TableSpec[] = [
  {
    table: 'profiles',
    columns: 'id, email, first_name',
    // Everyone tries professor A's own profile; deletes use throw-away users.
    row: async () => ({ id: await createAuthUser() }),
    ownRow: () => ({ id: A.userId }),
    insert: async () => {
      const id = await createAuthUser();
      await db().query('delete from public.profiles where id = $1', [id]);
      return { id, email: 'new@example.edu' };
    },
    patch: { first_name: 'Grace' },
    expect: {
      select: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      insert: onlyService,
      update: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      delete: onlyService,
    },
  },
  {
    table: 'courses',
    columns: 'id, code, name',
    row: async () => ({ id: (await createCourse(A.userId)).id }),
    insert: async (actor) => ({
      name: 'Inserted',
      code: uniqueCourseCode(),
      timezone: 'UTC',
      ...(actor === 'service' ? { owner_id: A.userId } : {}),
    }),
    patch: { name: 'Renamed' },
    expect: {
      select: all(ALLOW),
      insert: { anon: DENY, professorA: ALLOW, professorB: ALLOW, appOwner: ALLOW, service: ALLOW },
      update: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      delete: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
    },
  },
  {
    table: 'class_sessions',
    columns: 'id, session_date, expires_at, access_token',
    row: async () => ({ id: (await createSession((await createCourse(A.userId)).id)).id }),
    insert: async () => ({
      course_id: (await createCourse(A.userId)).id,
      session_date: '2026-01-05',
      expires_at: '2026-01-06T05:59:59Z',
    }),
    patch: { is_active: false },
    expect: {
      select: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      insert: onlyService,
      update: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      delete: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
    },
  },
  {
    table: 'submissions',
    columns: 'id, topic, confusion, reviewed_at',
    row: async () => ({ id: await createQuickSubmission(courseOfA, sessionOfA) }),
    insert: async () => ({
      course_id: courseOfA,
      class_session_id: sessionOfA,
      kind: 'quick',
      edit_token_hash: randomHash(),
      topic: 'Inserted directly',
      confusion: 'Trying to bypass the edge function.',
      difficulty_level: 'very',
    }),
    patch: { reviewed_at: new Date().toISOString() },
    expect: {
      select: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      insert: onlyService,
      update: { anon: DENY, professorA: ALLOW, professorB: DENY, appOwner: DENY, service: ALLOW },
      delete: onlyService,
    },
  },
  {
    table: 'submission_rate_limits',
    columns: 'bucket, key_hash, submission_count',
    row: async () => {
      const key = randomHash();
      await db().query(
        `insert into public.submission_rate_limits (bucket, key_hash, window_start, submission_count) values ('ip-minute', $1, now(), 1)`,
        [key],
      );
      return { key_hash: key };
    },
    insert: async () => ({ bucket: 'ip-minute', key_hash: randomHash(), window_start: new Date().toISOString() }),
    patch: { submission_count: 0 },
    expect: serviceOnlyTable,
  },
  {
    table: 'user_stories',
    columns: 'id, title, ice_score, status',
    row: async () => ({ id: await createStory() }),
    insert: async () => ({ title: 'As a student, I want to sneak in', description: 'x', impact: 5, confidence: 5, ease: 5 }),
    patch: { status: 'done' },
    expect: {
      select: all(ALLOW),
      insert: onlyService,
      update: { anon: DENY, professorA: DENY, professorB: DENY, appOwner: ALLOW, service: ALLOW },
      delete: { anon: DENY, professorA: DENY, professorB: DENY, appOwner: ALLOW, service: ALLOW },
    },
  },
  {
    table: 'user_story_upvotes',
    columns: 'id, user_story_id',
    row: async () => {
      const story = await createStory();
      const voter = await createVoter();
      await vote(story, voter);
      return { user_story_id: story };
    },
    insert: async () => ({ user_story_id: await createStory(), session_token_hash: randomHash() }),
    patch: { session_token_hash: randomHash() },
    expect: serviceOnlyTable,
  },
  {
    table: 'anonymous_sessions',
    columns: 'id, anonymous_token_hash',
    row: async () => ({ anonymous_token_hash: await createVoter() }),
    insert: async () => ({ anonymous_token_hash: randomHash() }),
    patch: { last_used_at: new Date().toISOString() },
    expect: serviceOnlyTable,
  },
  {
    table: 'app_owners',
    columns: 'user_id',
    // Reads try the seeded owner's own row (only they and the service role see it); writes use
    // throw-away owners so the seeded one keeps moderating.
    row: async () => {
      const userId = await createAuthUser();
      await db().query('insert into public.app_owners (user_id) values ($1)', [userId]);
      return { user_id: userId };
    },
    ownRow: () => ({ user_id: owner.userId }),
    insert: async () => ({ user_id: await createAuthUser() }),
    patch: { created_at: new Date().toISOString() },
    expect: {
      select: { anon: DENY, professorA: DENY, professorB: DENY, appOwner: ALLOW, service: ALLOW },
      insert: onlyService,
      update: onlyService,
      delete: onlyService,
    },
  },
];

const actors: Actor[] = ['anon', 'professorA', 'professorB', 'appOwner', 'service'];

/** Runs one cell; true when the operation took effect (rows seen, written, changed or deleted). */
async function attempt(spec: TableSpec, op: Op, actor: Actor): Promise<boolean> {
  const client = clients[actor];
  const from = client.from(spec.table);
  if (op === 'insert') {
    const { error } = await from.insert(await spec.insert(actor));
    return !error;
  }
  const match = spec.ownRow && op !== 'delete' ? spec.ownRow() : await spec.row();
  if (op === 'select') {
    const { data, error } = await from.select(spec.columns).match(match);
    return !error && (data?.length ?? 0) > 0;
  }
  if (op === 'update') {
    const { error, count } = await from.update(spec.patch, { count: 'exact' }).match(match);
    return !error && (count ?? 0) > 0;
  }
  const { error, count } = await from.delete({ count: 'exact' }).match(match);
  return !error && (count ?? 0) > 0;
}

describe('row-level security matrix', () => {
  for (const spec of specs) {
    for (const op of ['select', 'insert', 'update', 'delete'] as Op[]) {
      it(`${spec.table}: ${op}`, async () => {
        const outcome: Record<string, boolean> = {};
        for (const actor of actors) outcome[actor] = await attempt(spec, op, actor);
        expect(outcome).toEqual(spec.expect[op]);
      });
    }
  }

  it('lets professors read and update only their own profile', async () => {
    const own = await A.client.from('profiles').select('id, email').eq('id', A.userId);
    expect(own.data).toEqual([{ id: A.userId, email: A.email }]);
    const other = await B.client.from('profiles').select('id').eq('id', A.userId);
    expect(other.data).toEqual([]);
    const update = await A.client.from('profiles').update({ first_name: 'Grace' }, { count: 'exact' }).eq('id', A.userId);
    expect(update.count).toBe(1);
  });
});

describe('what anonymous visitors can never read', () => {
  const secrets: [string, string][] = [
    ['class_sessions', 'access_token'],
    ['submissions', 'edit_token_hash'],
    ['courses', 'owner_id'],
    ['profiles', 'email'],
    ['user_stories', 'session_token_hash'],
    ['user_story_upvotes', 'session_token_hash'],
    ['anonymous_sessions', 'anonymous_token_hash'],
  ];
  for (const [table, column] of secrets) {
    it(`${table}.${column}`, async () => {
      const { data, error } = await anonClient().from(table).select(column);
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    });
  }

  it('no signed-in professor reads an edit-token hash or another professor’s owner id', async () => {
    const hash = await A.client.from('submissions').select('edit_token_hash');
    expect(hash.error?.code).toBe('42501');
    const ownerIds = await B.client.from('courses').select('owner_id');
    expect(ownerIds.error?.code).toBe('42501');
  });

  it('the public functions return only public fields', async () => {
    const anon = anonClient();
    const session = await createSession((await createCourse(A.userId)).id, { topic: 'Recursion' });
    const resolved = await anon.rpc('resolve_class_token', { token: session.access_token });
    expect(Object.keys(resolved.data).sort()).toEqual(['courseId', 'sessionId']);
    const detail = await anon.rpc('get_class_session', { session_id: session.id });
    expect(Object.keys(detail.data).sort()).toEqual(['courseId', 'expiresAt', 'sessionDate', 'topic']);
    await createQuickSubmission(courseOfA, sessionOfA);
    const timeline = await anon.rpc('course_timeline', { course_id: courseOfA });
    expect(Object.keys(timeline.data.items[0]).sort()).toEqual(['confusion', 'createdAt', 'difficultyLevel', 'id', 'topic']);
    const stories = await anon.rpc('list_user_stories', { session_token: null });
    expect(Object.keys(stories.data[0]).sort()).toEqual([
      'confidence', 'createdAt', 'description', 'ease', 'hasUpvoted', 'iceScore', 'id', 'impact', 'status',
      'submittedBy', 'title', 'updatedAt', 'upvoteCount',
    ]);
  });

  it('refuses the owner-only and service-only functions to anonymous callers', async () => {
    const anon = anonClient();
    for (const [fn, args] of [
      ['create_today_session', { course_id: courseOfA }],
      ['active_session', { course_id: courseOfA }],
      ['dashboard_stats', {}],
      ['confusion_patterns', { days: 7 }],
      ['session_insights', {}],
      ['mark_reviewed', { ids: [] }],
      ['my_courses', {}],
      ['merge_user_stories', { keep_id: courseOfA, merge_id: sessionOfA }],
      ['create_submission', { p_course_id: courseOfA, p_session: sessionOfA, p_kind: 'quick', p_content: {}, p_edit_token_hash: randomHash(), p_device_key: null, p_ip_key: null }],
      ['consume_rate_limit', { p_bucket: 'x', p_key: randomHash(), p_window_seconds: 60, p_limit: 1 }],
      ['open_story_board', { p_token_hash: null, p_new_token_hash: randomHash(), p_ip_key: null, p_tokens_per_minute: 30 }],
    ] as const) {
      const { error } = await anon.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
    }
  });
});

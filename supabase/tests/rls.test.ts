// The row-level security matrix: for every table and every operation, and for every function,
// what anonymous visitors, professor A (who owns the rows), A's co-instructor and TA, a former
// member of A's team, professor B, the app owner and the service role may do through PostgREST
// with their real JWTs. rls-matrix.ts lists what it covers;
// catalog.test.ts checks that list against the database.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  db,
  serviceClient,
  signInWithAdminLink,
  signInWithEmailCode,
  uniqueCourseCode,
  type SignedIn,
} from '../../testing/vitest.ts';
import {
  addTeamMember,
  createAuthUser,
  createCourse,
  createQuickSubmission,
  createSession,
  createSessionSubmission,
  createStory,
  createVoter,
  randomHash,
  removeTeamMember,
  sha256,
  vote,
} from './fixtures.ts';
import {
  MATRIX_FUNCTIONS,
  MATRIX_TABLES,
  MATRIX_TRIGGER_FUNCTIONS,
  type MatrixFunction,
  type MatrixTable,
  type MatrixTriggerFunction,
} from './rls-matrix.ts';
import { inRolledBackTransaction } from './sql.ts';
import { lockStaffDomains } from './staffDomainsLock.ts';

type Actor = 'anon' | 'professorA' | 'coInstructor' | 'ta' | 'formerMember' | 'professorB' | 'appOwner' | 'service';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ALLOW = true;

interface TableSpec {
  table: MatrixTable;
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

const actors: Actor[] = ['anon', 'professorA', 'coInstructor', 'ta', 'formerMember', 'professorB', 'appOwner', 'service'];
const all = (v: boolean) => Object.fromEntries(actors.map((a) => [a, v])) as Record<Actor, boolean>;
/** Allowed to exactly these actors. */
const only = (...allowed: Actor[]) => Object.fromEntries(actors.map((a) => [a, allowed.includes(a)])) as Record<Actor, boolean>;
const onlyService = only('service');
/** Professor A's whole teaching team (and the service role). */
const team = only('professorA', 'coInstructor', 'ta', 'service');
/** Professor A and the co-instructor (and the service role): the course's editors. */
const editors = only('professorA', 'coInstructor', 'service');
const serviceOnlyTable = { select: onlyService, insert: onlyService, update: onlyService, delete: onlyService };

let A: SignedIn;
let coInstructor: SignedIn;
let ta: SignedIn;
let formerMember: SignedIn;
let B: SignedIn;
let owner: SignedIn;
let clients: Record<Actor, SupabaseClient>;
let courseOfA: string;
let codeOfA: string;
let sessionOfA: string;
let tokenOfA: string;

/** The staff domains' functions change the one list: no other file changes it meanwhile (staffDomainsLock.ts). */
let giveBackStaffDomains: (() => Promise<void>) | undefined;

beforeAll(async () => {
  giveBackStaffDomains = await lockStaffDomains();
  [A, coInstructor, ta, formerMember, B, owner] = await Promise.all([
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithEmailCode(),
    signInWithAdminLink('professor@example.edu'),
  ]);
  clients = {
    anon: anonClient(),
    professorA: A.client,
    coInstructor: coInstructor.client,
    ta: ta.client,
    formerMember: formerMember.client,
    professorB: B.client,
    appOwner: owner.client,
    service: serviceClient(),
  };
  ({ id: courseOfA, code: codeOfA } = await courseOfTeam());
  ({ id: sessionOfA, access_token: tokenOfA } = await createSession(courseOfA));
});

/** A fresh course of professor A with A's team: a co-instructor, a TA, and a member who was removed. */
async function courseOfTeam() {
  const course = await createCourse(A.userId);
  await addTeamMember(course.id, coInstructor.userId, 'co_instructor');
  await addTeamMember(course.id, ta.userId, 'ta');
  await addTeamMember(course.id, formerMember.userId, 'ta');
  await removeTeamMember(course.id, formerMember.userId);
  return course;
}

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
      select: only('professorA', 'service'),
      insert: onlyService,
      update: only('professorA', 'service'),
      delete: onlyService,
    },
  },
  {
    table: 'courses',
    columns: 'id, code, name, section, term, ended_at',
    row: async () => ({ id: (await courseOfTeam()).id }),
    insert: async (actor) => ({
      name: 'Inserted',
      code: uniqueCourseCode(),
      timezone: 'UTC',
      ...(actor === 'service' ? { owner_id: A.userId } : {}),
    }),
    patch: { name: 'Renamed', section: '009', term: 'Summer 2099' },
    expect: {
      select: all(ALLOW),
      // Any professor creates courses of their own; the team's roles apply to A's course only.
      insert: only('professorA', 'coInstructor', 'ta', 'formerMember', 'professorB', 'appOwner', 'service'),
      update: editors,
      delete: only('professorA', 'service'),
    },
  },
  {
    table: 'class_sessions',
    columns: 'id, session_date, expires_at, access_token',
    row: async () => ({ id: (await createSession((await courseOfTeam()).id)).id }),
    insert: async () => ({
      course_id: (await courseOfTeam()).id,
      session_date: '2026-01-05',
      expires_at: '2026-01-06T05:59:59Z',
    }),
    patch: { is_active: false },
    expect: {
      select: team,
      insert: onlyService,
      update: editors,
      delete: editors,
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
      select: team,
      insert: onlyService,
      update: team,
      delete: onlyService,
    },
  },
  {
    table: 'rate_limit_buckets',
    columns: 'bucket, key_hash, submission_count',
    row: async () => {
      const key = randomHash();
      await db().query(
        `insert into public.rate_limit_buckets (bucket, key_hash, window_start, submission_count) values ('ip-minute', $1, now(), 1)`,
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
      update: only('appOwner', 'service'),
      delete: only('appOwner', 'service'),
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
      select: only('appOwner', 'service'),
      insert: onlyService,
      update: onlyService,
      delete: onlyService,
    },
  },
  {
    table: 'submission_replies',
    columns: 'submission_id, body',
    row: async () => ({ submission_id: await replyOfA() }),
    insert: async () => ({ submission_id: await createQuickSubmission(courseOfA, sessionOfA), body: 'Thank you, we will go over it.' }),
    patch: { body: 'Edited reply.' },
    expect: {
      select: team,
      insert: team,
      update: team,
      delete: team,
    },
  },
  {
    table: 'session_notes',
    columns: 'id, session_id, body',
    row: async () => ({ id: await noteOfA() }),
    insert: async () => ({ session_id: sessionOfA, body: 'You said the pace was fast; we slowed down.' }),
    patch: { body: 'Edited note.' },
    expect: {
      select: team,
      insert: editors,
      update: editors,
      delete: editors,
    },
  },
  {
    table: 'course_members',
    columns: 'course_id, user_id, role, email',
    // A throw-away TA of A's course.
    row: async () => {
      const userId = await createAuthUser();
      await addTeamMember(courseOfA, userId, 'ta');
      return { course_id: courseOfA, user_id: userId };
    },
    insert: async () => ({ course_id: courseOfA, user_id: await createAuthUser(), role: 'co_instructor', email: 'x@example.edu' }),
    patch: { role: 'co_instructor' },
    expect: {
      select: team,
      // Members join only by accepting an invitation (a trigger), never by a client's insert.
      insert: onlyService,
      update: onlyService,
      // The owner removes members (a member may leave: see team.test.ts).
      delete: only('professorA', 'service'),
    },
  },
  {
    table: 'course_invitations',
    columns: 'id, email, role',
    row: async () => {
      const { rows } = await db().query<{ id: string }>(
        `insert into public.course_invitations (course_id, email, role, invited_by) values ($1, $2, 'ta', $3) returning id`,
        [courseOfA, `invitee-${randomHash().slice(0, 10)}@example.edu`, A.userId],
      );
      return { id: rows[0].id };
    },
    // Invitations are created through invite_to_course(), which checks them.
    insert: async () => ({ course_id: courseOfA, email: `direct-${randomHash().slice(0, 10)}@example.edu`, role: 'ta' }),
    patch: { role: 'co_instructor' },
    expect: {
      select: only('professorA', 'service'),
      insert: onlyService,
      update: onlyService,
      delete: only('professorA', 'service'),
    },
  },
  {
    // A student's push subscription: only the edge functions use it; no professor ever reads it.
    table: 'reply_push_subscriptions',
    columns: 'submission_id, endpoint',
    row: async () => {
      const submissionId = await createQuickSubmission(courseOfA, sessionOfA);
      await db().query('insert into public.reply_push_subscriptions (submission_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [
        submissionId,
        'https://push.example.com/send/rls',
        `B${'A'.repeat(86)}`,
        'A'.repeat(22),
      ]);
      return { submission_id: submissionId };
    },
    insert: async () => ({
      submission_id: await createQuickSubmission(courseOfA, sessionOfA),
      endpoint: 'https://push.example.com/send/rls',
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
    }),
    patch: { endpoint: 'https://push.example.com/send/changed' },
    expect: serviceOnlyTable,
  },
  {
    // A student's "me too": a submission and a keyed device hash; only the edge function uses it.
    table: 'me_too',
    columns: 'submission_id, device_hash',
    row: async () => {
      const submissionId = await createQuickSubmission(courseOfA, sessionOfA);
      const hash = randomHash();
      await db().query('insert into public.me_too (submission_id, device_hash) values ($1, $2)', [submissionId, hash]);
      return { device_hash: hash };
    },
    insert: async () => ({ submission_id: await createQuickSubmission(courseOfA, sessionOfA), device_hash: randomHash() }),
    patch: { device_hash: randomHash() },
    expect: serviceOnlyTable,
  },
  {
    // The counts left when the device hashes go: read only through shared_confusion.
    table: 'me_too_tallies',
    columns: 'submission_id, me_toos',
    row: async () => {
      const submissionId = await createQuickSubmission(courseOfA, sessionOfA);
      await db().query('insert into public.me_too_tallies (submission_id, me_toos) values ($1, 2)', [submissionId]);
      return { submission_id: submissionId };
    },
    insert: async () => ({ submission_id: await createQuickSubmission(courseOfA, sessionOfA), me_toos: 1 }),
    patch: { me_toos: 0 },
    expect: serviceOnlyTable,
  },
  {
    // A student's rating of a note's topic ("Did it work?"): written by the submissions function
    // only; read by nobody but through follow_up_figures().
    table: 'topic_ratings',
    columns: 'submission_id, side, rating',
    row: async () => {
      const submissionId = await createQuickSubmission(courseOfA, sessionOfA);
      await db().query("insert into public.topic_ratings (submission_id, note_id, side, rating) values ($1, $2, 'addressed', 5)", [
        submissionId,
        await topicNoteOfA(),
      ]);
      return { submission_id: submissionId };
    },
    insert: async () => ({
      submission_id: await createQuickSubmission(courseOfA, sessionOfA),
      note_id: await topicNoteOfA(),
      side: 'control',
      rating: 6,
    }),
    patch: { rating: 2 },
    expect: serviceOnlyTable,
  },
  {
    // "E-mail me a summary after each class": each team member subscribes and unsubscribes only
    // themselves, and sees only their own row; the edge function reads them all.
    table: 'class_summary_subscriptions',
    columns: 'course_id, user_id, created_at',
    row: async () => {
      await db().query('insert into public.class_summary_subscriptions (course_id, user_id) values ($1, $2) on conflict do nothing', [
        courseOfA,
        A.userId,
      ]);
      return { course_id: courseOfA, user_id: A.userId };
    },
    // Each actor subscribes themselves to a fresh course of A's team (the service role names A).
    insert: async (actor) => ({ course_id: (await courseOfTeam()).id, ...(actor === 'service' ? { user_id: A.userId } : {}) }),
    patch: { created_at: new Date().toISOString() },
    expect: {
      select: only('professorA', 'service'),
      insert: team,
      update: onlyService,
      delete: only('professorA', 'service'),
    },
  },
  {
    // The teaching team's corrections of the confusion groups: written by merge_confusion_groups
    // and take_out_of_confusion_group only; the team reads its course's.
    table: 'confusion_group_edits',
    columns: 'id, action, created_at',
    row: async () => {
      const { rows } = await db().query<{ id: string }>(
        `insert into public.confusion_group_edits (course_id, class_session_id, action, from_group_id, into_group_id, made_by)
         values ($1, $2, 'merge', gen_random_uuid(), gen_random_uuid(), $3) returning id`,
        [courseOfA, sessionOfA, A.userId],
      );
      return { id: rows[0]!.id };
    },
    insert: async () => ({
      course_id: courseOfA,
      class_session_id: sessionOfA,
      action: 'merge',
      from_group_id: crypto.randomUUID(),
      into_group_id: crypto.randomUUID(),
    }),
    patch: { created_at: new Date().toISOString() },
    expect: { select: team, insert: onlyService, update: onlyService, delete: onlyService },
  },
];

/**
 * A note with a check question on the session before professor A's (made the day before when
 * there is none), which the students of A's session answer; returns its id.
 */
let followUpNote: Promise<string> | undefined;
let topicNote: Promise<string> | undefined;
/**
 * The note whose topics the students of A's session rate ("Did it work?"): on the session before,
 * newer than followUpNoteOfA()'s (the old single question, no longer asked), with a control.
 */
function topicNoteOfA(): Promise<string> {
  return (topicNote ??= followUpNoteOfA().then(async (oldId) => {
    const { rows } = await db().query<{ id: string }>(
      `insert into public.session_notes (session_id, body, addressed_topic, control_topic, created_at)
       select session_id, 'A note.', 'the base case', 'the call stack', created_at + interval '1 second'
       from public.session_notes where id = $1 returning id`,
      [oldId],
    );
    return rows[0]!.id;
  }));
}

function followUpNoteOfA(): Promise<string> {
  // One note for the whole file: only the newest note of that session is the one its students answer.
  return (followUpNote ??= makeFollowUpNoteOfA());
}

async function makeFollowUpNoteOfA(): Promise<string> {
  const { rows } = await db().query<{ id: string }>(
    `with prev as (
       insert into public.class_sessions (course_id, session_date, expires_at)
       select cs.course_id, cs.session_date - 1, cs.expires_at - interval '1 day' from public.class_sessions cs where cs.id = $1
       on conflict (course_id, session_date) do update set is_active = public.class_sessions.is_active
       returning id
     )
     insert into public.session_notes (session_id, body, check_question) select id, 'A note.', 'Is it clearer now?' from prev returning id`,
    [sessionOfA],
  );
  return rows[0].id;
}

/** A fresh reply to a fresh submission of professor A; returns the submission id. */
async function replyOfA(): Promise<string> {
  const submissionId = await createQuickSubmission(courseOfA, sessionOfA);
  await db().query('insert into public.submission_replies (submission_id, body) values ($1, $2)', [submissionId, 'A reply.']);
  return submissionId;
}

/** A fresh note on professor A's session; returns its id. */
async function noteOfA(): Promise<string> {
  const { rows } = await db().query<{ id: string }>('insert into public.session_notes (session_id, body) values ($1, $2) returning id', [
    sessionOfA,
    'A note.',
  ]);
  return rows[0].id;
}

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

/** Texts in A's session that group together (a word of their own), placed: their group ids and text ids. */
async function groupedTextsOfA(words: string) {
  const ids = [
    await createQuickSubmission(courseOfA, sessionOfA, { confusion: `${words} is unclear` }),
    await createQuickSubmission(courseOfA, sessionOfA, { confusion: `still lost on ${words}` }),
  ];
  await db().query('select private.place_confusion_texts($1)', [sessionOfA]);
  const { rows } = await db().query<{ group_id: string }>(
    'select group_id from private.grouped_texts where submission_id = any ($1::uuid[]) order by group_id',
    [ids],
  );
  return { ids, groups: rows.map((row) => row.group_id) };
}

/** A made-up word no other text shares (its first five letters are what texts are grouped by). */
const madeUpWord = () => Array.from({ length: 9 }, () => String.fromCharCode(98 + Math.floor(Math.random() * 25))).join('');

/** Two groups of A's session (each of a made-up word of its own). */
async function twoConfusionGroupsOfA(): Promise<[string, string]> {
  const [a, b] = [await groupedTextsOfA(madeUpWord()), await groupedTextsOfA(madeUpWord())];
  return [a.groups[0]!, b.groups[0]!];
}

/** A text of A's session in a group of two. */
async function groupedTextOfA(): Promise<string> {
  return (await groupedTextsOfA(madeUpWord())).ids[0]!;
}

// The function matrix ---------------------------------------------------------------------------

/**
 * What one call did: `ok` when it did what the function is for on professor A's data (read it,
 * changed it, or answered yes); `none` when it ran but reached nothing of A's (an empty answer,
 * null, 0, false, or the function's own "not found"); `denied` when it was refused (42501: no
 * EXECUTE grant, or the function's own permission check). Any other error is shown as itself.
 */
type Outcome = 'ok' | 'none' | 'denied';

interface FunctionSpec {
  fn: MatrixFunction;
  /** The client that calls, when it is not the actor's own (a function that would delete the actor). */
  caller?(actor: Actor): Promise<SupabaseClient>;
  /** Arranges what the call needs (fresh rows where it changes them); its arguments and how to tell it reached them. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each function answers JSON of its own shape
  arrange(actor: Actor): Promise<{ args: Record<string, unknown>; reached(data: any): boolean | Promise<boolean> }>;
  expect: Record<Actor, Outcome>;
}

const everyone = (o: Outcome) => Object.fromEntries(actors.map((a) => [a, o])) as Record<Actor, Outcome>;
const serviceOnly: Record<Actor, Outcome> = { ...everyone('denied'), service: 'ok' };
/** Runs as the caller (row-level security or auth.uid() keeps them to their own): only A reaches A's data. */
const ownerOfCourse: Record<Actor, Outcome> = { ...everyone('none'), anon: 'denied', professorA: 'ok' };
/** What the whole teaching team of A's course reaches (owner, co-instructor, TA). */
const teamOfCourse: Record<Actor, Outcome> = { ...ownerOfCourse, coInstructor: 'ok', ta: 'ok' };
/** What the owner and the co-instructor reach, and the TA does not. */
const editorsOfCourse: Record<Actor, Outcome> = { ...ownerOfCourse, coInstructor: 'ok' };
const quickContent = { topic: 'Matrix', confusion: 'Called straight through the RPC matrix.', difficulty_level: 'very' };

/** Days back for sessions of their own in A's course (one per course and day). */
let pastDay = 400;

const functionSpecs: FunctionSpec[] = [
  {
    fn: 'normalize_course_code',
    arrange: async () => ({ args: { raw: '  cosc   1337 ' }, reached: (d) => d === 'COSC 1337' }),
    expect: everyone('ok'),
  },
  {
    fn: 'search_courses',
    arrange: async () => ({ args: { code: codeOfA.toLowerCase() }, reached: (d) => d?.[0]?.id === courseOfA }),
    expect: everyone('ok'),
  },
  {
    fn: 'my_course_ids',
    arrange: async () => ({ args: {}, reached: (d) => d?.includes(courseOfA) }),
    expect: teamOfCourse,
  },
  {
    fn: 'my_editable_course_ids',
    arrange: async () => ({ args: {}, reached: (d) => d?.includes(courseOfA) }),
    expect: editorsOfCourse,
  },
  {
    fn: 'my_owned_course_ids',
    arrange: async () => ({ args: {}, reached: (d) => d?.includes(courseOfA) }),
    expect: ownerOfCourse,
  },
  {
    fn: 'invite_to_course',
    arrange: async () => {
      // A fresh course of the team: the other cells fill A's course up to the team limit.
      const { id } = await courseOfTeam();
      const email = `invitee-${randomHash().slice(0, 10)}@example.edu`;
      return { args: { course_id: id, email, role: 'ta' }, reached: (d) => d?.email === email };
    },
    // Only the owner manages the team; to everyone else the course is "not found".
    expect: ownerOfCourse,
  },
  {
    fn: 'my_courses',
    arrange: async () => ({ args: {}, reached: (d) => d?.some((c: { id: string }) => c.id === courseOfA) }),
    expect: teamOfCourse,
  },
  {
    fn: 'create_today_session',
    arrange: async () => ({ args: { course_id: courseOfA }, reached: (d) => d?.sessionId === sessionOfA }),
    expect: editorsOfCourse,
  },
  {
    fn: 'active_session',
    arrange: async () => ({ args: { course_id: courseOfA }, reached: (d) => d?.sessionId === sessionOfA }),
    expect: editorsOfCourse,
  },
  {
    fn: 'resolve_class_token',
    arrange: async () => ({ args: { token: tokenOfA }, reached: (d) => d?.sessionId === sessionOfA }),
    expect: everyone('ok'),
  },
  {
    fn: 'get_class_session',
    arrange: async () => ({ args: { session_id: sessionOfA }, reached: (d) => d?.courseId === courseOfA }),
    expect: everyone('ok'),
  },
  {
    fn: 'mark_reviewed',
    arrange: async () => ({ args: { ids: [await createQuickSubmission(courseOfA, sessionOfA)] }, reached: (d) => d === 1 }),
    // Runs with the caller's rights: the service role bypasses row-level security.
    expect: { ...teamOfCourse, service: 'ok' },
  },
  {
    fn: 'set_submission_hidden',
    arrange: async () => ({ args: { ids: [await createQuickSubmission(courseOfA, sessionOfA)] }, reached: (d) => d === 1 }),
    // Runs with the caller's rights: the service role bypasses row-level security.
    expect: { ...teamOfCourse, service: 'ok' },
  },
  {
    fn: 'course_timeline',
    arrange: async () => {
      const id = await createQuickSubmission(courseOfA, sessionOfA);
      return { args: { course_id: courseOfA }, reached: (d) => d?.items?.some((i: { id: string }) => i.id === id) };
    },
    expect: everyone('ok'),
  },
  {
    fn: 'consume_rate_limit',
    arrange: async () => ({
      args: { p_bucket: 'rls-matrix', p_key: randomHash(), p_window_seconds: 60, p_limit: 1 },
      reached: (d) => d === 0,
    }),
    expect: serviceOnly,
  },
  {
    fn: 'rate_limit_wait',
    arrange: async () => ({
      args: { p_bucket: 'rls-matrix', p_key: randomHash(), p_window_seconds: 60, p_limit: 1 },
      reached: (d) => d === 0,
    }),
    expect: serviceOnly,
  },
  {
    fn: 'create_submission',
    arrange: async () => ({
      args: {
        p_course_id: courseOfA,
        p_session: sessionOfA,
        p_kind: 'quick',
        p_content: quickContent,
        p_edit_token_hash: randomHash(),
        p_device_key: null,
        p_ip_key: null,
      },
      reached: (d) => d?.sessionId === sessionOfA,
    }),
    expect: serviceOnly,
  },
  {
    fn: 'submission_for_edit',
    arrange: async () => {
      const id = await createQuickSubmission(courseOfA, sessionOfA);
      return { args: { p_id: id }, reached: (d) => d?.id === id };
    },
    expect: serviceOnly,
  },
  {
    fn: 'update_submission',
    arrange: async () => ({
      args: { p_id: await createQuickSubmission(courseOfA, sessionOfA), p_content: quickContent },
      reached: (d) => d === true,
    }),
    expect: serviceOnly,
  },
  {
    // Ratings added after the feedback: the submissions function only, after the edit token.
    fn: 'add_topic_ratings',
    arrange: async () => ({
      args: {
        p_submission_id: await createQuickSubmission(courseOfA, sessionOfA),
        p_note_id: await topicNoteOfA(),
        p_ratings: { addressed: 5 },
      },
      reached: (d) => d === 1,
    }),
    expect: serviceOnly,
  },
  {
    fn: 'dashboard_stats',
    arrange: async () => ({ args: { course_id: courseOfA }, reached: (d) => d?.activeCourses === 1 }),
    expect: teamOfCourse,
  },
  {
    fn: 'confusion_patterns',
    arrange: async () => {
      await createQuickSubmission(courseOfA, sessionOfA);
      return { args: { days: 7, course_id: courseOfA }, reached: (d) => d?.some((p: { courseId: string }) => p.courseId === courseOfA) };
    },
    expect: teamOfCourse,
  },
  {
    fn: 'session_top_terms',
    arrange: async () => {
      // A session of its own with three responses: the course's minimum (3) shows its terms.
      const { id: session } = await createSession(courseOfA, { daysFromToday: -pastDay++ });
      for (let n = 0; n < 3; n++) await createSessionSubmission(courseOfA, session);
      return { args: { p_session_id: session }, reached: (d) => d?.length > 0 };
    },
    // Runs for the course's team only: the service role, with no user, reaches nothing.
    expect: teamOfCourse,
  },
  {
    fn: 'session_insights',
    arrange: async () => {
      await createSessionSubmission(courseOfA, sessionOfA);
      return { args: { course_id: courseOfA }, reached: (d) => d?.some((s: { sessionId: string }) => s.sessionId === sessionOfA) };
    },
    expect: teamOfCourse,
  },
  {
    fn: 'is_app_owner',
    arrange: async () => ({ args: {}, reached: (d) => d === true }),
    expect: { ...everyone('none'), appOwner: 'ok' },
  },
  {
    fn: 'list_user_stories',
    arrange: async () => {
      const id = await createStory();
      return { args: { session_token: null }, reached: (d) => d?.some((s: { id: string }) => s.id === id) };
    },
    expect: everyone('ok'),
  },
  {
    fn: 'similar_user_stories',
    arrange: async () => {
      const title = `As a student, I want a matrix check ${randomHash().slice(0, 12)}`;
      const id = await createStory({ title });
      return { args: { want: title }, reached: (d) => d?.some((s: { id: string }) => s.id === id) };
    },
    expect: everyone('ok'),
  },
  {
    fn: 'merge_user_stories',
    arrange: async () => {
      const [keep, merge] = [await createStory(), await createStory()];
      return { args: { keep_id: keep, merge_id: merge }, reached: (d) => d?.id === keep };
    },
    expect: { ...everyone('denied'), appOwner: 'ok', service: 'ok' },
  },
  {
    fn: 'create_user_story',
    arrange: async () => ({
      args: {
        p_token_hash: await createVoter(),
        p_story: {
          title: 'As a student, I want the matrix to pass',
          description: 'So that RPC access is known.',
          impact: 5,
          confidence: 5,
          ease: 5,
        },
      },
      reached: (d) => d?.title === 'As a student, I want the matrix to pass',
    }),
    expect: serviceOnly,
  },
  {
    fn: 'vote_user_story',
    arrange: async () => ({
      args: { p_story_id: await createStory(), p_token_hash: await createVoter(), p_up: true },
      reached: (d) => d?.upvoteCount === 1 && d?.hasUpvoted === true,
    }),
    expect: serviceOnly,
  },
  {
    fn: 'reply_to_submission',
    arrange: async () => {
      const id = await createQuickSubmission(courseOfA, sessionOfA);
      return { args: { submission_id: id, body: 'We will go over it again.' }, reached: (d) => d?.submissionId === id };
    },
    // Runs with the caller's rights: the service role bypasses row-level security.
    expect: { ...teamOfCourse, service: 'ok' },
  },
  {
    fn: 'withdraw_reply',
    arrange: async () => ({ args: { submission_id: await replyOfA() }, reached: (d) => d?.withdrawn === true }),
    // Runs with the caller's rights: the service role bypasses row-level security.
    expect: { ...teamOfCourse, service: 'ok' },
  },
  {
    fn: 'course_notes',
    arrange: async () => {
      const id = await noteOfA();
      return { args: { course_id: courseOfA }, reached: (d) => d?.some((n: { id: string }) => n.id === id) };
    },
    expect: everyone('ok'),
  },
  {
    fn: 'follow_up_check',
    arrange: async () => {
      const id = await topicNoteOfA();
      return { args: { course_id: courseOfA, session: sessionOfA }, reached: (d) => d?.noteId === id };
    },
    expect: everyone('ok'),
  },
  {
    // Today's date in the course's zone (the seed's demo courses and the suite's are in the run's zone).
    fn: 'course_class_day',
    arrange: async () => {
      const { rows } = await db().query<{ day: string }>(
        `select (now() at time zone timezone)::date::text as day from public.courses where id = $1`,
        [courseOfA],
      );
      return { args: { course_id: courseOfA }, reached: (d) => d === rows[0]!.day };
    },
    expect: everyone('ok'),
  },
  {
    // Figures are public once both sides reach the course's minimum of public responses.
    fn: 'follow_up_figures',
    arrange: async () => {
      const id = await topicNoteOfA();
      const { rows } = await db().query<{ session_id: string; k: number }>(
        `select n.session_id, c.min_public_responses as k from public.session_notes n
         join public.class_sessions cs on cs.id = n.session_id join public.courses c on c.id = cs.course_id where n.id = $1`,
        [id],
      );
      for (let i = 0; i < rows[0].k; i++) {
        await db().query(
          "insert into public.topic_ratings (submission_id, note_id, side, rating) select $1, $2, side, 6 from unnest(array['addressed', 'control']) side",
          [await createQuickSubmission(courseOfA, sessionOfA), id],
        );
      }
      return { args: { note_id: id }, reached: (d) => typeof d?.results?.paired?.mean === 'number' };
    },
    expect: everyone('ok'),
  },
  {
    fn: 'live_session',
    arrange: async () => ({ args: { course_id: courseOfA }, reached: (d) => d?.session?.sessionId === sessionOfA }),
    expect: teamOfCourse,
  },
  {
    fn: 'shared_confusion',
    arrange: async () => ({ args: { course_id: courseOfA }, reached: (d) => d?.sessionId === sessionOfA }),
    expect: teamOfCourse,
  },
  {
    fn: 'merge_confusion_groups',
    arrange: async () => {
      const [from, into] = await twoConfusionGroupsOfA();
      return { args: { course_id: courseOfA, group_id: from, into_group_id: into }, reached: (d) => d?.groupId === into };
    },
    expect: teamOfCourse,
  },
  {
    fn: 'take_out_of_confusion_group',
    arrange: async () => {
      const text = await groupedTextOfA();
      return { args: { course_id: courseOfA, submission_id: text }, reached: (d) => typeof d?.groupId === 'string' };
    },
    expect: teamOfCourse,
  },
  {
    fn: 'term_report',
    arrange: async () => ({
      args: { course_id: courseOfA },
      reached: (d) => d?.sessions?.some((s: { sessionId: string }) => s.sessionId === sessionOfA),
    }),
    expect: teamOfCourse,
  },
  {
    fn: 'peer_confusion',
    arrange: async () => ({ args: { p_course_id: courseOfA, p_session: sessionOfA }, reached: (d) => d?.enabled === false }),
    expect: serviceOnly,
  },
  {
    fn: 'set_me_too',
    arrange: async () => {
      // A course that shares feedback between students, with one revealed batch of three texts.
      const course = await createCourse(A.userId);
      await db().query('update public.courses set peer_confusion = true where id = $1', [course.id]);
      const session = await createSession(course.id);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await createQuickSubmission(course.id, session.id));
      return {
        args: {
          p_course_id: course.id,
          p_session: session.id,
          p_submission_id: ids[0],
          p_on: true,
          p_device_key: randomHash(),
          p_ip_key: null,
        },
        reached: (d) => d?.meToo === true && d?.meToos === 1,
      };
    },
    expect: serviceOnly,
  },
  {
    fn: 'purge_expired_feedback',
    // A clock long past: nothing of the other tests is old enough to go.
    arrange: async () => ({ args: { at: '2020-01-01T00:00:00Z' }, reached: (d) => typeof d === 'object' && d !== null }),
    expect: serviceOnly,
  },
  {
    fn: 'delete_course_feedback',
    arrange: async () => {
      const { id } = await courseOfTeam();
      const session = await createSession(id);
      await createQuickSubmission(id, session.id);
      return { args: { course_id: id }, reached: (d) => d === 1 };
    },
    expect: editorsOfCourse,
  },
  {
    fn: 'end_term',
    arrange: async () => {
      const { id } = await courseOfTeam();
      return { args: { course_id: id }, reached: (d) => d?.id === id && typeof d.endedAt === 'string' };
    },
    expect: editorsOfCourse,
  },
  {
    fn: 'start_next_term',
    arrange: async () => {
      const { id } = await courseOfTeam();
      return { args: { course_id: id, term: 'Spring 2099' }, reached: (d) => typeof d?.id === 'string' && d.term === 'Spring 2099' };
    },
    expect: editorsOfCourse,
  },
  {
    fn: 'term_for',
    arrange: async () => ({ args: { day: '2026-11-27' }, reached: (d) => d === 'Fall 2026' }),
    expect: everyone('ok'),
  },
  {
    fn: 'delete_my_account',
    // Each signed-in actor deletes an account of its own kind made for the call (a throw-away
    // professor with one course), never the account the rest of the matrix uses.
    caller: async (actor) => {
      if (actor === 'anon' || actor === 'service') return clients[actor];
      const doomed = await signInWithEmailCode();
      await createCourse(doomed.userId);
      return doomed.client;
    },
    arrange: async () => ({ args: {}, reached: (d) => d?.ownedCourses === 1 }),
    expect: { ...everyone('ok'), anon: 'denied', service: 'denied' },
  },
  {
    fn: 'open_story_board',
    arrange: async () => ({
      args: { p_token_hash: await createVoter(), p_new_token_hash: randomHash(), p_ip_key: null, p_tokens_per_minute: 30 },
      reached: (d) => d?.token === 'kept',
    }),
    expect: serviceOnly,
  },
  {
    fn: 'lti_link_request',
    arrange: async () => {
      const token = await linkRequestOfA();
      return { args: { p_token: token }, reached: (d) => d?.[0]?.context_title === 'Matrix LMS course' };
    },
    // Only the account the request was made for reads it.
    expect: { ...everyone('none'), anon: 'denied', professorA: 'ok' },
  },
  {
    fn: 'link_lti_context',
    arrange: async () => {
      const token = await linkRequestOfA();
      return { args: { p_token: token, p_course_id: courseOfA }, reached: (d) => d === courseOfA };
    },
    // Only the request's account spends it; the service role has no account ('Not signed in').
    expect: { ...everyone('none'), anon: 'denied', professorA: 'ok', service: 'denied' },
  },
  {
    fn: 'lti_platforms_admin',
    arrange: async () => {
      const id = await ltiPlatform();
      return { args: {}, reached: (d) => d?.some((p: { id: string }) => p.id === id) };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  {
    fn: 'save_lti_platform',
    arrange: async () => {
      const id = await ltiPlatform();
      const host = `https://matrix-${randomHash().slice(0, 10)}.example.edu`;
      return {
        args: {
          p_id: id,
          p_name: 'Changed by the matrix',
          p_issuer: host,
          p_client_id: 'matrix',
          p_deployment_ids: ['1'],
          p_auth_login_url: `${host}/auth`,
          p_jwks_url: `${host}/jwks`,
          p_token_url: null,
          p_email_domains: [],
        },
        reached: (d) => d === id,
      };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  {
    fn: 'remove_lti_platform',
    arrange: async () => {
      const id = await ltiPlatform();
      return {
        args: { p_id: id },
        reached: async () => (await db().query('select 1 from private.lti_platforms where id = $1', [id])).rowCount === 0,
      };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  // Who may sign in as a professor (/admin). The matrix lists example.edu, the domain of every
  // address the tests sign in with, so the list it leaves behind (emptied after the file) refuses none.
  {
    fn: 'staff_email_domains',
    arrange: async () => {
      await db().query(`insert into private.staff_email_domains (domain) values ('example.edu') on conflict do nothing`);
      return { args: {}, reached: (d) => d?.some((row: { domain: string }) => row.domain === 'example.edu') };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  {
    fn: 'add_staff_email_domain',
    arrange: async () => {
      await db().query(`delete from private.staff_email_domains where domain = 'example.edu'`);
      return {
        args: { p_domain: ' Example.EDU ' },
        reached: async (d) =>
          d === 'example.edu' &&
          (await db().query(`select 1 from private.staff_email_domains where domain = 'example.edu'`)).rowCount === 1,
      };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  {
    fn: 'remove_staff_email_domain',
    arrange: async () => {
      const domain = `matrix-${randomHash().slice(0, 10)}.example.edu`;
      await db().query(`insert into private.staff_email_domains (domain) values ($1), ('example.edu') on conflict do nothing`, [domain]);
      return {
        args: { p_domain: domain },
        reached: async () => (await db().query('select 1 from private.staff_email_domains where domain = $1', [domain])).rowCount === 0,
      };
    },
    expect: { ...everyone('denied'), appOwner: 'ok' },
  },
  {
    // Supabase Auth's Before User Created hook: only Auth (supabase_auth_admin) calls it, no API role.
    fn: 'hook_before_user_created',
    arrange: async () => ({
      args: { event: { metadata: { name: 'before-user-created' }, user: { email: 'someone@gmail.com' } } },
      reached: (d) => d !== null && typeof d === 'object',
    }),
    expect: everyone('denied'),
  },
];

afterAll(async () => {
  await db().query('delete from private.staff_email_domains');
  await giveBackStaffDomains?.();
});

/** A fresh request of professor A to link an LMS course, on a platform of its own: its token. */
async function linkRequestOfA(): Promise<string> {
  const token = randomHash();
  await db().query(
    `insert into private.lti_link_requests (token_hash, platform_id, context_id, context_title, user_id)
     values ($1, $2, $3, 'Matrix LMS course', $4)`,
    [sha256(token), await ltiPlatform(), `ctx-${randomHash().slice(0, 10)}`, A.userId],
  );
  return token;
}

/** A learning platform of its own for one call of the matrix (private.lti_platforms, as `postgres`). */
async function ltiPlatform(): Promise<string> {
  const host = `https://matrix-${randomHash().slice(0, 10)}.example.edu`;
  const { rows } = await db().query<{ id: string }>(
    `insert into private.lti_platforms (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url)
     values ('Matrix platform', $1, 'matrix', '{1}', $1 || '/auth', $1 || '/jwks') returning id`,
    [host],
  );
  return rows[0]!.id;
}

/** Errors that mean "not found" to the caller: the function ran and reached nothing. */
const NOT_FOUND_CODES = ['P0002', 'PT404'];

async function call(spec: FunctionSpec, actor: Actor): Promise<string> {
  const { args, reached } = await spec.arrange(actor);
  const client = spec.caller ? await spec.caller(actor) : clients[actor];
  const { data, error } = await client.rpc(spec.fn, args);
  if (error) {
    if (error.code === '42501') return 'denied';
    if (NOT_FOUND_CODES.includes(error.code)) return 'none';
    return `error ${error.code}: ${error.message}`;
  }
  return (await reached(data)) ? 'ok' : 'none';
}

describe('function matrix', () => {
  for (const spec of functionSpecs) {
    it(`${spec.fn}()`, async () => {
      const outcome: Record<string, string> = {};
      for (const actor of actors) outcome[actor] = await call(spec, actor);
      expect(outcome).toEqual(spec.expect);
    });
  }

  // Trigger functions are never called directly: no API role but the service role may execute
  // them, and each fires on exactly the tables listed.
  const triggerSpecs: {
    fn: MatrixTriggerFunction;
    firedOn: string[];
    execute: Record<'anon' | 'authenticated' | 'service_role', boolean>;
  }[] = [
    {
      fn: 'touch_updated_at',
      firedOn: ['public.profiles', 'public.submissions', 'public.user_stories'],
      execute: { anon: false, authenticated: false, service_role: true },
    },
    { fn: 'handle_new_auth_user', firedOn: ['auth.users'], execute: { anon: false, authenticated: false, service_role: true } },
    { fn: 'courses_before_write', firedOn: ['public.courses'], execute: { anon: false, authenticated: false, service_role: true } },
    {
      fn: 'courses_lms_roles_owner_only',
      firedOn: ['public.courses'],
      execute: { anon: false, authenticated: false, service_role: true },
    },
  ];
  for (const spec of triggerSpecs) {
    it(`${spec.fn}() (trigger)`, async () => {
      const { rows } = await db().query<{ tables: string[]; anon: boolean; authenticated: boolean; service_role: boolean }>(
        `select array(select distinct t.tgrelid::regclass::text from pg_catalog.pg_trigger t where t.tgfoid = p.oid order by 1) as tables,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
                has_function_privilege('service_role', p.oid, 'execute') as service_role
         from pg_catalog.pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = $1`,
        [spec.fn],
      );
      expect(rows).toHaveLength(1);
      const { tables, ...execute } = rows[0];
      expect(tables.map((t) => (t.includes('.') ? t : `public.${t}`)).sort()).toEqual([...spec.firedOn].sort());
      expect(execute).toEqual(spec.execute);
      // And a professor cannot call it as a function either.
      await inRolledBackTransaction(async (tx) => {
        await expect(tx.as(A.userId, `select public.${spec.fn}()`)).rejects.toMatchObject({ code: '42501' });
      });
    });
  }

  it('covers exactly the tables and functions rls-matrix.ts lists', () => {
    expect(specs.map((s) => s.table).sort()).toEqual([...MATRIX_TABLES].sort());
    expect(functionSpecs.map((s) => s.fn).sort()).toEqual([...MATRIX_FUNCTIONS].sort());
    expect(triggerSpecs.map((s) => s.fn).sort()).toEqual([...MATRIX_TRIGGER_FUNCTIONS].sort());
  });
});

describe('what anonymous visitors can never read', () => {
  const secrets: [string, string][] = [
    ['class_sessions', 'access_token'],
    ['submissions', 'edit_token_hash'],
    ['courses', 'owner_id'],
    ['profiles', 'email'],
    ['profiles', 'display_name'],
    ['user_stories', 'session_token_hash'],
    ['user_story_upvotes', 'session_token_hash'],
    ['anonymous_sessions', 'anonymous_token_hash'],
    ['submission_replies', 'body'],
    ['session_notes', 'body'],
    ['course_members', 'email'],
    ['course_invitations', 'email'],
    ['reply_push_subscriptions', 'endpoint'],
    ['me_too', 'device_hash'],
    ['topic_ratings', 'rating'],
    ['class_summary_subscriptions', 'user_id'],
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
    const session = await createSession((await courseOfTeam()).id, { topic: 'Recursion' });
    const found = await anon.rpc('search_courses', { code: codeOfA });
    expect(Object.keys(found.data[0]).sort()).toEqual(['code', 'id', 'instructors', 'name', 'section', 'term']);
    const resolved = await anon.rpc('resolve_class_token', { token: session.access_token });
    expect(Object.keys(resolved.data).sort()).toEqual(['courseId', 'sessionId']);
    const detail = await anon.rpc('get_class_session', { session_id: session.id });
    expect(Object.keys(detail.data).sort()).toEqual(['courseId', 'expiresAt', 'sessionDate', 'topic']);
    await createQuickSubmission(courseOfA, sessionOfA);
    const timeline = await anon.rpc('course_timeline', { course_id: courseOfA });
    expect(Object.keys(timeline.data.items[0]).sort()).toEqual(['confusion', 'createdAt', 'difficultyLevel', 'id', 'topic']);
    const note = await noteOfA();
    const notes = await anon.rpc('course_notes', { course_id: courseOfA });
    expect(Object.keys(notes.data.find((n: { id: string }) => n.id === note)).sort()).toEqual([
      'body',
      'checkQuestion',
      'createdAt',
      'figures',
      'id',
      'sessionDate',
      'sessionId',
    ]);
    const stories = await anon.rpc('list_user_stories', { session_token: null });
    expect(Object.keys(stories.data[0]).sort()).toEqual([
      'confidence',
      'createdAt',
      'description',
      'ease',
      'hasUpvoted',
      'iceScore',
      'id',
      'impact',
      'status',
      'submittedBy',
      'title',
      'updatedAt',
      'upvoteCount',
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
      ['set_submission_hidden', { ids: [] }],
      ['delete_course_feedback', { course_id: courseOfA }],
      ['delete_my_account', {}],
      ['purge_expired_feedback', {}],
      ['my_courses', {}],
      ['end_term', { course_id: courseOfA }],
      ['start_next_term', { course_id: courseOfA, term: 'Spring 2099' }],
      ['merge_user_stories', { keep_id: courseOfA, merge_id: sessionOfA }],
      [
        'create_submission',
        {
          p_course_id: courseOfA,
          p_session: sessionOfA,
          p_kind: 'quick',
          p_content: {},
          p_edit_token_hash: randomHash(),
          p_device_key: null,
          p_ip_key: null,
        },
      ],
      ['consume_rate_limit', { p_bucket: 'x', p_key: randomHash(), p_window_seconds: 60, p_limit: 1 }],
      ['rate_limit_wait', { p_bucket: 'x', p_key: randomHash(), p_window_seconds: 60, p_limit: 1 }],
      ['open_story_board', { p_token_hash: null, p_new_token_hash: randomHash(), p_ip_key: null, p_tokens_per_minute: 30 }],
      ['live_session', { course_id: courseOfA }],
      ['shared_confusion', { course_id: courseOfA }],
      ['term_report', { course_id: courseOfA }],
      ['peer_confusion', { p_course_id: courseOfA, p_session: sessionOfA }],
      ['invite_to_course', { course_id: courseOfA, email: 'someone@example.edu', role: 'ta' }],
      ['reply_to_submission', { submission_id: randomHash().slice(0, 8) + '-0000-4000-8000-000000000000', body: 'x' }],
      ['withdraw_reply', { submission_id: randomHash().slice(0, 8) + '-0000-4000-8000-000000000000' }],
    ] as const) {
      const { error } = await anon.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
    }
  });
});

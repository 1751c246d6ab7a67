// Retention on the local stack: it runs public.purge_expired_feedback() and the roll-up of
// confusion patterns at start-up (and hourly), logs what it deleted, and its timer neither keeps
// Node alive nor outlives the stack.
// A stack of its own: a purge at the real now would reach other tests' back-dated rows.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { SUPABASE_DIR } from '../config.ts';
import { databaseUrl } from '../postgres.ts';
import { startRetention } from '../retention.ts';
import { startStack, type Stack } from '../stack.ts';

let dir: string | undefined;
let running: Stack | undefined;

afterAll(async () => {
  await running?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function start(dataDir: string, dbPort: number, lines: string[]) {
  running = await startStack({
    dataDir,
    apiPort: await getPort(),
    dbPort,
    inboxPort: await getPort(),
    supabaseDir: SUPABASE_DIR,
    log: (line) => lines.push(line),
  });
  return running;
}

/**
 * A course that stopped being taught in 2020 (30-day retention), with one submission and a reply,
 * made in one transaction: a purge running meanwhile (the module's 50 ms timer below) sees all of
 * it or none, never a submission whose reply is not inserted yet.
 */
async function expiredCourse(client: pg.Client): Promise<string> {
  await client.query('begin');
  try {
    const submission = await insertExpiredCourse(client);
    await client.query('commit');
    return submission;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function insertExpiredCourse(client: pg.Client): Promise<string> {
  const one = async (sql: string, params: unknown[] = []) => (await client.query<{ id: string }>(sql, params)).rows[0]!.id;
  const owner = await one(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
             'retention-' || substr(md5(random()::text), 1, 8) || '@example.edu', now(), '{}', '{}', now(), now())
     returning id`,
  );
  const course = await one(
    `insert into public.courses (owner_id, name, code, timezone, retention_days)
     values ($1, 'Old Course', 'OLD ' || substr(md5(random()::text), 1, 6), 'UTC', 30) returning id`,
    [owner],
  );
  const session = await one(
    `insert into public.class_sessions (course_id, session_date, expires_at)
     values ($1, date '2020-03-02', timestamptz '2020-03-02 23:59:59.999Z') returning id`,
    [course],
  );
  const submission = await one(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
     values ($1, $2, 'quick', repeat('a', 64), 'Recursion', 'The base case is unclear.', 'very', timestamptz '2020-03-02 15:00Z')
     returning id`,
    [course, session],
  );
  await client.query(`insert into public.submission_replies (submission_id, body) values ($1, 'Noted.')`, [submission]);
  return submission;
}

/** A course taught over the last 10 days, with 80 responses, none rolled up yet. */
async function recentCourse(client: pg.Client): Promise<string> {
  const {
    rows: [{ id }],
  } = await client.query<{ id: string }>(
    `with owner as (
       insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
               'rollup-' || substr(md5(random()::text), 1, 8) || '@example.edu', '{}', '{}', now(), now())
       returning id
     )
     insert into public.courses (owner_id, name, code, timezone)
     select id, 'Busy Course', 'BUSY ' || substr(md5(random()::text), 1, 6), 'UTC' from owner returning id`,
  );
  await client.query(
    `with s as (
       insert into public.class_sessions (course_id, session_date, expires_at)
       values ($1, current_date, now() + interval '1 hour') returning id
     )
     insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
     select $1, s.id, 'quick', md5(g::text) || md5(random()::text), (array['Big O', 'big o', 'Recursion'])[1 + g % 3],
            'It was not clear to me at all.', (array['slightly', 'very', 'completely'])[1 + g % 4 % 3], now() - g * interval '3 hours'
     from s, generate_series(1, 80) g`,
    [id],
  );
  return id;
}

/** The roll-up rows of a course, and what counting its responses before `rolled_before` gives. */
async function rolledUpAndCounted(client: pg.Client, courseId: string) {
  const {
    rows: [row],
  } = await client.query(
    `select
       (select json_agg(t order by t.day, t.topic_key) from (
          select day, topic_key, topic, responses, slightly, very, completely, latest
          from private.topic_days where course_id = $1) t) as rolled,
       (select json_agg(c order by c.day, c.topic_key) from (
          select (s.created_at at time zone 'UTC')::date as day, s.topic_key, min(s.topic) as topic, count(*)::integer as responses,
            count(*) filter (where s.confusion_level = 'slightly')::integer as slightly,
            count(*) filter (where s.confusion_level = 'very')::integer as very,
            count(*) filter (where s.confusion_level = 'completely')::integer as completely,
            max(s.created_at) as latest
          from public.submissions s
          where s.course_id = $1 and s.confusion_level is not null
            and s.created_at < (select rolled_before from private.topic_days_state)
          group by 1, 2) c) as counted,
       (select rolled_before = date_trunc('day', now(), 'UTC') - interval '1 day' from private.topic_days_state) as up_to_yesterday`,
    [courseId],
  );
  return row as { rolled: unknown[] | null; counted: unknown[] | null; up_to_yesterday: boolean };
}

async function submissionExists(client: pg.Client, id: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from public.submissions where id = $1', [id]);
  return rowCount === 1;
}

it('purges expired feedback and rolls finished days up when the stack starts, and logs it', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-retention-'));
  const dataDir = path.join(dir, 'postgres');
  const dbPort = await getPort();

  const first: string[] = [];
  const stack = await start(dataDir, dbPort, first);
  // A fresh database (the seed's feedback is recent): nothing to say.
  expect(first.filter((l) => l.startsWith('[retention]'))).toEqual([]);
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  const id = await expiredCourse(client);
  // As a database whose roll-up job never ran: the next start-up run rolls up the busy course's days.
  await client.query(`update private.topic_days_state set rolled_before = '-infinity'`);
  await client.query('delete from private.topic_days');
  const busy = await recentCourse(client);
  expect((await rolledUpAndCounted(client, busy)).rolled).toBeNull();
  await client.end();
  await stack.stop();
  running = undefined;

  const second: string[] = [];
  await start(dataDir, dbPort, second);
  // startStack resolves after the start-up run.
  expect(second.filter((l) => l.startsWith('[retention]'))).toEqual([
    '[retention] deleted 1 expired submission (1 reply) of 1 course and 0 rate-limit counters',
  ]);
  const check = new pg.Client({ connectionString: databaseUrl(dbPort) });
  await check.connect();
  try {
    expect(await submissionExists(check, id)).toBe(false);
    const { rolled, counted, up_to_yesterday } = await rolledUpAndCounted(check, busy);
    expect(up_to_yesterday).toBe(true);
    expect(rolled).toEqual(counted);
    expect(rolled?.length).toBeGreaterThanOrEqual(8 * 2); // two topics ("Big O" and "big o" are one) a day

    // The module alone: its timer is unref'd (Node may exit under it), runs again on each tick,
    // and a stopped one runs no more.
    const lines: string[] = [];
    const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = refTimers();
    const retention = startRetention({ dbUrl: databaseUrl(dbPort), log: (l) => lines.push(l), intervalMs: 50 });
    expect(refTimers()).toBe(before);
    await retention.started;
    const next = await expiredCourse(check);
    await expect.poll(() => submissionExists(check, next), { timeout: 10_000 }).toBe(false);
    // The line follows the purge's answer, which may reach this process after the row is gone.
    await expect
      .poll(() => lines, { timeout: 10_000 })
      .toContain('[retention] deleted 1 expired submission (1 reply) of 1 course and 0 rate-limit counters');

    await retention.stop();
    const after = await expiredCourse(check);
    expect(await retention.runNow()).toBeNull();
    expect(await submissionExists(check, after)).toBe(true);
  } finally {
    await check.end();
  }
});

// The daily roll-up behind confusion_patterns (…_topic_days.sql): whatever happens to responses on
// rolled-up days — inserted back-dated, edited, deleted, their course deleted — confusion_patterns
// answers exactly what counting every response answers.
import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, arrangeUser, type Tx } from './sql.ts';

// confusion_patterns without the roll-up: every response of the period, counted. Run as
// the professor, so row-level security keeps it to their courses.
const COUNT_EVERY_RESPONSE = `
  select coalesce(json_agg(json_build_object(
    'topic', p.topic, 'course', c.code, 'courseId', p.course_id, 'count', p.n, 'meToos', 0, 'students', p.n,
    'difficultyDistribution', json_build_object('slightly', p.slightly, 'very', p.very, 'completely', p.completely)
  ) order by p.n desc, p.latest desc, p.topic, p.course_id), '[]'::json) as patterns
  from (
    select s.course_id, min(s.topic) as topic, count(*) as n,
      count(*) filter (where s.confusion_level = 'slightly') as slightly,
      count(*) filter (where s.confusion_level = 'very') as very,
      count(*) filter (where s.confusion_level = 'completely') as completely,
      max(s.created_at) as latest
    from public.submissions s
    where ($2::uuid is null or s.course_id = $2)
      and s.created_at > now() - make_interval(days => $1)
      and s.confusion_level is not null
    group by s.course_id, s.topic_key
    order by count(*) desc, max(s.created_at) desc, min(s.topic), s.course_id
    limit 10
  ) p join public.courses c on c.id = p.course_id`;

interface Semester {
  userId: string;
  courseIds: string[];
}

/** A professor with two courses and 300 responses over the last 45 days, every 3.6 hours. */
async function semester(tx: Tx): Promise<Semester> {
  const userId = await arrangeUser(tx);
  const courses = await tx.arrange<{ id: string }>(
    `insert into public.courses (owner_id, name, code, timezone)
     select $1, 'Roll-up ' || g, 'ROLL ' || g || substr(md5(random()::text), 1, 8), 'America/Chicago'
     from generate_series(1, 2) g returning id`,
    [userId],
  );
  await tx.arrange(
    `insert into public.class_sessions (course_id, session_date, expires_at)
     select c.id, current_date, now() + interval '1 hour' from unnest($1::uuid[]) c(id)`,
    [courses.map((c) => c.id)],
  );
  // Quick ones in several spellings of each topic, and session ones with every clarity (7 is not confusing).
  await tx.arrange(
    `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, created_at, topic, confusion,
       difficulty_level, mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
     select cs.course_id, cs.id, k.kind, md5(g::text || random()) || md5(random()::text),
       now() - g * interval '216 minutes',
       case when k.kind = 'quick' then (array['Big O', 'big o', 'BigO', 'Recursion', 'recursion ', 'Pointers'])[1 + g % 6]
            else 'Session feedback' end,
       case when k.kind = 'quick' then 'It was not clear to me at all.' end,
       case when k.kind = 'quick' then (array['slightly', 'very', 'completely'])[1 + g % 3] end,
       case when k.kind = 'session' then 'm' end, case when k.kind = 'session' then 'u' end,
       case when k.kind = 'session' then 'w' end, case when k.kind = 'session' then 'just_right' end,
       case when k.kind = 'session' then 'slightly_hard' end, case when k.kind = 'session' then 1 + g % 7 end,
       case when k.kind = 'session' then 50 end
     from generate_series(1, 300) g
     cross join lateral (select case when g % 4 = 0 then 'session' else 'quick' end as kind) k
     join public.class_sessions cs on cs.course_id = ($1::uuid[])[1 + g % 2]`,
    [courses.map((c) => c.id)],
  );
  return { userId, courseIds: courses.map((c) => c.id) };
}

/** confusion_patterns and the count of every response agree for every period and filter. */
async function expectSameAsCounting(tx: Tx, s: Semester) {
  for (const days of [1, 2, 7, 20, 30, 44, 90]) {
    for (const courseId of [null, s.courseIds[0]]) {
      const [{ patterns: expected }] = await tx.as(s.userId, COUNT_EVERY_RESPONSE, [days, courseId]);
      const [{ confusion_patterns: actual }] = await tx.as(s.userId, 'select public.confusion_patterns($1, $2)', [days, courseId]);
      expect(actual, `${days} days, course ${courseId ?? 'all'}`).toEqual(expected);
    }
  }
}

async function rolledUpDays(tx: Tx, courseIds: string[]): Promise<number> {
  const [{ n }] = await tx.arrange<{ n: string }>(
    'select count(distinct (course_id, day)) as n from private.topic_days where course_id = any ($1)',
    [courseIds],
  );
  return Number(n);
}

describe('confusion_patterns over the daily roll-up', () => {
  it('answers as counting every response does, through back-dated inserts, edits and deletes', async () => {
    await inRolledBackTransaction(async (tx) => {
      // The stack's start-up run rolled days up to the start of yesterday (UTC); responses older
      // than that were added to their days as they were inserted. (The job itself is tested on a
      // stack of its own, stack/tests/retention.test.ts: its lock would hold up other tests here.)
      const [{ rolled }] = await tx.arrange<{ rolled: boolean }>(
        `select rolled_before >= date_trunc('day', now(), 'UTC') - interval '3 days' as rolled from private.topic_days_state`,
      );
      expect(rolled).toBe(true);
      const s = await semester(tx);
      expect(await rolledUpDays(tx, s.courseIds)).toBeGreaterThanOrEqual(40);
      await expectSameAsCounting(tx, s);

      // A back-dated import onto a rolled-up day is added to it.
      await tx.arrange(
        `insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, created_at, topic, confusion, difficulty_level)
         select cs.course_id, cs.id, 'quick', md5(g::text || random()) || md5(random()::text), now() - interval '10 days',
                ' Big  O', 'It was not clear to me at all.', 'completely'
         from generate_series(1, 40) g join public.class_sessions cs on cs.course_id = $1`,
        [s.courseIds[1]],
      );
      await expectSameAsCounting(tx, s);

      // Edits of rolled-up responses: a topic renamed, a level changed, one moved to another day.
      await tx.arrange(
        `update public.submissions set topic = 'Pointers' where course_id = $1 and topic = 'Recursion' and created_at < now() - interval '5 days'`,
        [s.courseIds[0]],
      );
      await tx.arrange(
        `update public.submissions set difficulty_level = 'slightly' where course_id = $1 and difficulty_level = 'completely'`,
        [s.courseIds[1]],
      );
      await tx.arrange(
        `update public.submissions set created_at = created_at - interval '3 days'
         where id in (select id from public.submissions where course_id = $1 and created_at < now() - interval '2 days' limit 5)`,
        [s.courseIds[0]],
      );
      await expectSameAsCounting(tx, s);

      // A delete (as a purge does) takes its responses out of their days; a day left empty goes.
      await tx.arrange(`delete from public.submissions where course_id = $1 and created_at < now() - interval '30 days'`, [s.courseIds[0]]);
      await expectSameAsCounting(tx, s);
      const [{ stale }] = await tx.arrange<{ stale: string }>(
        `select count(*) as stale from private.topic_days
         where course_id = $1 and day < ((now() - interval '31 days') at time zone 'UTC')::date`,
        [s.courseIds[0]],
      );
      expect(Number(stale)).toBe(0);

      // Deleting a course takes its days with it.
      await tx.arrange('delete from public.courses where id = $1', [s.courseIds[1]]);
      expect(await rolledUpDays(tx, [s.courseIds[1]])).toBe(0);
      await expectSameAsCounting(tx, { ...s, courseIds: [s.courseIds[0]] });
    });
  }, 60_000);

  it('keeps a professor to their own courses, and a truncate empties the roll-up', async () => {
    await inRolledBackTransaction(async (tx) => {
      const mine = await semester(tx);
      const theirs = await semester(tx);
      const [{ confusion_patterns: all }] = await tx.as(theirs.userId, 'select public.confusion_patterns(90)');
      expect((all as { courseId: string }[]).map((p) => p.courseId).filter((id) => mine.courseIds.includes(id))).toEqual([]);
      expect(all).not.toEqual([]);
      const [{ confusion_patterns: one }] = await tx.as(theirs.userId, 'select public.confusion_patterns(90, $1)', [mine.courseIds[0]]);
      expect(one).toEqual([]);
      await expect(tx.as(mine.userId, 'select count(*) from private.topic_days')).rejects.toMatchObject({ code: '42501' });

      // The truncate trigger's function, fired by a table of this transaction (truncating the
      // shared submissions table would lock every other test out).
      await tx.arrange('create temporary table truncated (x integer) on commit drop');
      await tx.arrange(
        'create trigger empties after truncate on truncated for each statement execute function private.topic_days_after_truncate()',
      );
      await tx.arrange('truncate truncated');
      const [{ n }] = await tx.arrange<{ n: string }>('select count(*) as n from private.topic_days');
      expect(Number(n)).toBe(0);
      const [{ fires }] = await tx.arrange<{ fires: boolean }>(
        `select exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = 'public.submissions'::regclass
           and t.tgfoid = 'private.topic_days_after_truncate'::regproc) as fires`,
      );
      expect(fires).toBe(true);
    });
  }, 60_000);
});

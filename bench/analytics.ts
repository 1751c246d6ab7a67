// Analytics at scale: 1,000,000 submissions over 200 courses, 5,000 sessions and 120 days,
// generated in SQL; each professor function called through the gateway and PostgREST with a
// professor's JWT, the public timeline anonymously.
import type pg from 'pg';
import { professorJwt } from '../stack/fixtures/lectures.ts';
import type { Stack } from '../stack/stack.ts';
import { percentile } from './load.ts';

export async function generateSemester(db: pg.Pool): Promise<{ professorId: string; courseId: string }> {
  const client = await db.connect();
  // Each step's time, printed: the generator's own cost is part of what a maintainer waits for.
  const timed = async (label: string, sql: string) => {
    const began = performance.now();
    await client.query(sql);
    console.log(`  ${label}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query('set synchronous_commit = off');
    await client.query(`
      insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
      select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
             'semester-' || g || '-' || substr(md5(random()::text), 1, 6) || '@example.edu', now(), now()
      from generate_series(1, 20) g`);
    // 20 professors × 10 courses; 25 sessions each over the last 120 days; 200 submissions each.
    await client.query(`
      insert into public.courses (owner_id, name, code, timezone)
      select u.id, 'Semester course ' || c, 'SEM ' || upper(substr(md5(u.id::text || c), 1, 8)), 'America/Chicago'
      from (select id from auth.users where email like 'semester-%' order by email limit 20) u
      cross join generate_series(1, 10) c`);
    await client.query(`
      insert into public.class_sessions (course_id, session_date, expires_at, topic)
      select c.id, d.day, ((d.day + 1)::timestamp at time zone 'America/Chicago') - interval '1 millisecond',
             case when random() < 0.5 then 'Week topic ' || (s % 12) end
      from public.courses c
      cross join generate_series(0, 24) s
      cross join lateral (select (now() at time zone 'America/Chicago')::date - (s * 120 / 25) as day) d
      where c.code like 'SEM %'`);
    // A bulk load as an import would do it: triggers off for the million rows, then the daily
    // roll-up confusion_patterns reads is built once (the hourly job's work over a semester).
    await client.query('set session_replication_role = replica');
    await timed(
      '1,000,000 submissions',
      `
      with sessions as (
        select array_agg(cs.id order by cs.id) as ids, array_agg(cs.course_id order by cs.id) as courses,
               array_agg(cs.session_date order by cs.id) as days, count(*)::int as n
        from public.class_sessions cs join public.courses c on c.id = cs.course_id where c.code like 'SEM %'
      )
      insert into public.submissions (
        course_id, class_session_id, kind, edit_token_hash, created_at, reviewed_at, topic, confusion, difficulty_level,
        mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level)
      select s.courses[k], s.ids[k], kind, md5(g::text) || md5((g * 7)::text),
        (s.days[k]::timestamp at time zone 'America/Chicago') + interval '11 hours' + (g % 90) * interval '1 minute',
        case when g % 3 = 0 then now() end,
        case when kind = 'quick' then (array['Recursion', 'Big O', 'Pointers', 'Loops', 'Arrays', 'Classes', 'Limits',
          'Derivatives', 'Chain rule', 'Integrals', 'Sorting', 'Graphs'])[1 + g % 12] else 'Session feedback' end,
        case when kind = 'quick' then 'I did not follow the example about item ' || (g % 97) || ' at all.' end,
        case when kind = 'quick' then (array['slightly', 'very', 'completely'])[1 + g % 3] end,
        case when kind = 'session' then 'Thinking about the homework.' end,
        case when kind = 'session' then (array['The recursion depth example', 'Stack frames and returns',
          'Why the limit exists', 'Choosing u for substitution', 'The proof at the end'])[1 + g % 5] end,
        case when kind = 'session' then 'The worked examples.' end,
        case when kind = 'session' then (array['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast'])[1 + g % 5] end,
        case when kind = 'session' then (array['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard'])[1 + g % 5] end,
        case when kind = 'session' then 1 + g % 7 end,
        case when kind = 'session' then 5 * (g % 21) end
      from generate_series(1, 1000000) g
      cross join sessions s
      cross join lateral (select 1 + (g % s.n) as k, case when g % 5 < 3 then 'quick' else 'session' end as kind) x`,
    );
    await client.query('set session_replication_role = origin');
    await timed('daily roll-up', 'select private.rebuild_topic_days()');
    // A semester-old table has been vacuumed by autovacuum: index-only scans need its visibility map.
    await timed('vacuum analyze', 'vacuum analyze');
    // The term report's per-session roll-ups, as the hourly job leaves them: every session ended
    // at least five minutes ago (all but today's). After the analyze, as the job meets tables that
    // autovacuum has analyzed: without statistics each session's read is planned as a scan.
    await timed('session roll-ups', 'select private.roll_up_sessions(1000000)');
    const {
      rows: [pick],
    } = await client.query<{ professorId: string; courseId: string }>(`
      select c.owner_id as "professorId", min(c.id::text)::uuid as "courseId"
      from public.courses c where c.code like 'SEM %' group by c.owner_id order by c.owner_id limit 1`);
    return pick;
  } finally {
    client.release();
  }
}

/** p50 and p95 of `times` calls made one after another, after three not counted. */
export async function timeCalls(call: () => Promise<Response>, times = 40): Promise<{ p50_ms: number; p95_ms: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < times + 3; i++) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`timed call failed: ${res.status}`);
    if (i >= 3) latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50_ms: round(percentile(latencies, 50)), p95_ms: round(percentile(latencies, 95)) };
}

export async function measureAnalytics(stack: Stack, db: pg.Pool, professorId: string, courseId: string) {
  const token = await professorJwt(stack.jwtSecret, professorId);
  const rpc =
    (fn: string, args: Record<string, unknown>, jwt = token) =>
    () =>
      fetch(`${stack.apiUrl}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
  const results: Record<string, { p50_ms: number; p95_ms: number }> = {};
  results['dashboard_stats'] = await timeCalls(rpc('dashboard_stats', {}));
  results['dashboard_stats:course'] = await timeCalls(rpc('dashboard_stats', { course_id: courseId }));
  for (const days of [7, 30, 90]) {
    results[`confusion_patterns:${days}d`] = await timeCalls(rpc('confusion_patterns', { days }));
    results[`confusion_patterns:${days}d:course`] = await timeCalls(rpc('confusion_patterns', { days, course_id: courseId }));
  }
  // As the dashboard asks: the six latest sessions of the last 30 days.
  results['session_insights'] = await timeCalls(rpc('session_insights', { days: 30, max_sessions: 6 }));
  results['session_insights:course'] = await timeCalls(rpc('session_insights', { course_id: courseId, days: 30, max_sessions: 6 }));
  results['course_timeline'] = await timeCalls(rpc('course_timeline', { course_id: courseId }, stack.anonKey));
  // The term report (/professor/courses/{id}/report): a course's whole term, 25 sessions × 200 responses.
  results['term_report'] = await timeCalls(rpc('term_report', { course_id: courseId }));
  // The same report before the job has rolled the term's sessions up: every response read.
  await db.query(`delete from private.session_rollups r using public.class_sessions cs where cs.id = r.session_id and cs.course_id = $1`, [
    courseId,
  ]);
  results['term_report:without roll-ups'] = await timeCalls(rpc('term_report', { course_id: courseId }));
  await db.query('select private.roll_up_sessions(1000, $1)', [courseId]);
  return results;
}

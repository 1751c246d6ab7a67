// The dashboard functions read indexes, not the whole table: 100,000 submissions, and every plan
// they run (captured with auto_explain) avoids a sequential scan of submissions.
import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, arrangeUser } from './sql.ts';

describe('index use at 100,000 submissions', () => {
  it('dashboard_stats, confusion_patterns, session_insights and course_timeline use indexes', async () => {
    await inRolledBackTransaction(
      async (tx) => {
        const ownerId = await arrangeUser(tx);
        // 20 professors' worth of courses, ours among them; 100 sessions; 100,000 submissions over 120 days.
        await tx.arrange(
          `insert into public.courses (owner_id, name, code, timezone)
         select case when g <= 2 then $1::uuid else (select id from auth.users order by created_at limit 1) end,
                'Course ' || g, 'EXPLAIN ' || g || substr(md5(random()::text), 1, 6), 'America/Chicago'
         from generate_series(1, 40) g`,
          [ownerId],
        );
        await tx.arrange(
          `insert into public.class_sessions (course_id, session_date, expires_at)
         select c.id, current_date - d, now() - make_interval(days => d)
         from public.courses c cross join generate_series(1, 120, 5) d
         where c.code like 'EXPLAIN %'`,
        );
        await tx.arrange(
          `with s as (
           select array_agg(cs.id order by cs.id) as ids, array_agg(cs.course_id order by cs.id) as courses, count(*)::int as n
           from public.class_sessions cs join public.courses c on c.id = cs.course_id where c.code like 'EXPLAIN %'
         )
         insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level, created_at)
         select s.courses[1 + g % s.n], s.ids[1 + g % s.n], 'quick', md5(g::text) || md5((g + 1)::text), 'Topic ' || (g % 37),
                'Something confusing number ' || g, (array['slightly','very','completely'])[1 + g % 3],
                now() - make_interval(mins => g % 172800)
         from generate_series(1, 100000) g, s`,
        );
        await tx.arrange('analyze public.submissions');
        await tx.arrange('analyze public.class_sessions');
        await tx.arrange('analyze public.courses');
        const [{ count }] = await tx.arrange<{ count: string }>('select count(*) from public.submissions');
        expect(Number(count)).toBeGreaterThanOrEqual(100_000);

        await tx.arrange(`load 'auto_explain'`);
        await tx.arrange(`set local auto_explain.log_min_duration = 0`);
        await tx.arrange(`set local auto_explain.log_nested_statements = on`);
        await tx.arrange(`set local auto_explain.log_level = 'notice'`);
        await tx.arrange(`set local client_min_messages = 'notice'`);
        const [course] = await tx.arrange<{ id: string }>(`select id from public.courses where owner_id = $1 order by code limit 1`, [
          ownerId,
        ]);

        for (const call of [
          'select public.dashboard_stats()',
          'select public.dashboard_stats($1)',
          'select public.confusion_patterns(7)',
          'select public.confusion_patterns(90, $1)',
          'select public.session_insights($1, 30)',
          'select public.course_timeline($1)',
        ]) {
          tx.notices.length = 0;
          await tx.as(ownerId, call, call.includes('$1') ? [course.id] : []);
          const plans = tx.notices.join('\n');
          expect(plans, call).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
          expect(plans, call).not.toMatch(/Seq Scan on submissions/);
          // Whole days come from the daily roll-up (…_topic_days.sql), by its primary key.
          if (call.includes('confusion_patterns')) expect(plans, call).toMatch(/Index (Only )?Scan (using|on) topic_days_pkey/);
          // The total is pending + reviewed, each from its narrow partial index (…_dashboard_stats_counts.sql).
          if (call.includes('dashboard_stats')) expect(plans, call).toMatch(/submissions_reviewed_idx/);
        }
        // As the superuser: `load 'auto_explain'` is refused to postgres, here as on hosted Supabase.
      },
      { superuser: true },
    );
  }, 120_000);
});

-- Professor analytics, computed in SQL so every client gets the same answer fast. Each function
-- runs with the caller's rights: row-level security keeps a professor to their own courses.

-- dashboard_stats(course_id?) is redefined in …_dashboard_stats_counts.sql (definer's rights, narrow counts).
-- dashboard_stats(course_id?): {totalSubmissions, activeCourses, recentSubmissions (last 7 days),
-- lastWeekSubmissions (the 7 days before), pendingReview} over the caller's courses (or one).
create or replace function public.dashboard_stats(course_id uuid default null)
returns json
language sql stable
set search_path = ''
as $$
  with mine as (
    select array(
      select m.id from public.my_course_ids() m(id)
      where dashboard_stats.course_id is null or m.id = dashboard_stats.course_id
    ) as ids
  )
  select json_build_object(
    'totalSubmissions', (select count(*) from public.submissions s where s.course_id = any (mine.ids)),
    'activeCourses', cardinality(mine.ids),
    'recentSubmissions', (
      select count(*) from public.submissions s
      where s.course_id = any (mine.ids) and s.created_at > (select now() - interval '7 days')
    ),
    'lastWeekSubmissions', (
      select count(*) from public.submissions s
      where s.course_id = any (mine.ids)
        and s.created_at > (select now() - interval '14 days') and s.created_at <= (select now() - interval '7 days')
    ),
    'pendingReview', (
      select count(*) from public.submissions s where s.course_id = any (mine.ids) and s.reviewed_at is null
    )
  )
  from mine
$$;
comment on function public.dashboard_stats(uuid) is 'The headline counts of a professor''s dashboard, computed in SQL so every client gets the same numbers in one fast call.';
revoke execute on function public.dashboard_stats(uuid) from public, anon, authenticated;
grant execute on function public.dashboard_stats(uuid) to authenticated, service_role;

-- confusion_patterns(days, course_id?), the top confusing topics, is defined in …_topic_days.sql:
-- it reads a daily roll-up of the responses, added after this file.

-- session_top_terms(session_id, max_terms) and session_insights(course_id?, days, max_sessions),
-- Session Insights, are defined in …_moderation.sql: they withhold the breakdowns of sessions below
-- the course's minimum of responses, a setting added after this file.

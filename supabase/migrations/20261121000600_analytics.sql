-- Professor analytics, computed in SQL so every client gets the same answer fast. Each function
-- runs with the caller's rights: row-level security keeps a professor to their own courses.

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

-- confusion_patterns(days, course_id?): the 10 most frequent confusing topics of the last `days`
-- days: [{topic, course, courseId, count, difficultyDistribution {slightly, very, completely}}].
-- Topics group per course ignoring case and spaces (shown in their first spelling in code-point
-- order, e.g. "Big O" before "big o"); feedback that was not confusing is left out.
create or replace function public.confusion_patterns(days integer default 7, course_id uuid default null)
returns json
language sql stable
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'topic', p.topic, 'course', c.code, 'courseId', p.course_id, 'count', p.n,
    'difficultyDistribution', json_build_object('slightly', p.slightly, 'very', p.very, 'completely', p.completely)
  ) order by p.n desc, p.latest desc, p.topic), '[]'::json)
  from (
    select s.course_id,
      min(s.topic) as topic,
      count(*) as n,
      count(*) filter (where s.confusion_level = 'slightly') as slightly,
      count(*) filter (where s.confusion_level = 'very') as very,
      count(*) filter (where s.confusion_level = 'completely') as completely,
      max(s.created_at) as latest
    from public.submissions s
    where s.course_id = any (array(
        select m.id from public.my_course_ids() m(id)
        where confusion_patterns.course_id is null or m.id = confusion_patterns.course_id
      ))
      -- A sub-select, so the cutoff is a value the index scan can start from.
      and s.created_at > (select now() - make_interval(days => least(greatest(coalesce(confusion_patterns.days, 7), 1), 366)))
      and s.confusion_level is not null
    group by s.course_id, s.topic_key
    order by count(*) desc, max(s.created_at) desc
    limit 10
  ) p
  join public.courses c on c.id = p.course_id
$$;
comment on function public.confusion_patterns(integer, uuid) is 'Shows a professor which topics confuse students most over a period, so they know what to revisit.';
revoke execute on function public.confusion_patterns(integer, uuid) from public, anon, authenticated;
grant execute on function public.confusion_patterns(integer, uuid) to authenticated, service_role;

-- session_top_terms(session_id, max_terms) and session_insights(course_id?, days, max_sessions),
-- Session Insights, are defined in …_moderation.sql: they withhold the breakdowns of sessions below
-- the course's minimum of responses, a setting added after this file.

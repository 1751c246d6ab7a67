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

-- session_top_terms(session_id, max_terms): the most frequent words (not stop words) in what
-- students found unclear (Variant B's unclear_parts) in one of the caller's sessions, grouped by
-- English stem and shown in their most common spelling, with how many submissions use them.
-- Each word is stemmed with the English Snowball dictionary alone (ts_lexize, which also drops
-- stop words) rather than the whole text-search configuration (to_tsvector would run the parser
-- again on every single word): Session Insights stems thousands of words per call.
-- Row-level security applies.
create or replace function public.session_top_terms(p_session_id uuid, p_limit integer default 5)
returns json
language sql stable
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('term', t.term, 'count', t.n) order by t.n desc, t.term), '[]'::json)
  from (
    select mode() within group (order by w.word) as term, count(distinct w.sid) as n
    from (
      select s.id as sid, lower(m[1]) as word
      from public.submissions s,
        regexp_matches(s.unclear_parts, '([[:alpha:]][[:alpha:]''-]{2,})', 'g') as m
      where s.class_session_id = p_session_id and s.kind = 'session'
    ) w
    cross join lateral (select (pg_catalog.ts_lexize('pg_catalog.english_stem'::pg_catalog.regdictionary, w.word))[1] as stem) st
    where st.stem is not null
    group by st.stem
    order by count(distinct w.sid) desc, st.stem
    limit least(greatest(coalesce(p_limit, 5), 1), 20)
  ) t
$$;
comment on function public.session_top_terms(uuid, integer) is 'The words students use most about what was unclear in one session, so a professor sees recurring trouble at a glance.';
revoke execute on function public.session_top_terms(uuid, integer) from public, anon, authenticated;
grant execute on function public.session_top_terms(uuid, integer) to authenticated, service_role;

-- session_insights(course_id?, days, max_sessions): per recent class session of the caller's
-- courses that has feedback: count, mean clarity and confidence, pace / challenge / difficulty
-- distributions and the top terms of what was unclear, newest session first. The sessions are
-- picked first, so only their feedback is read.
create or replace function public.session_insights(course_id uuid default null, days integer default 30, max_sessions integer default 10)
returns json
language sql stable
set search_path = ''
as $$
  with recent as (
    select cs.id, cs.session_date, cs.course_id, c.code, cs.topic
    from public.courses c
    join public.class_sessions cs on cs.course_id = c.id
    where c.id = any (array(
        select m.id from public.my_course_ids() m(id)
        where session_insights.course_id is null or m.id = session_insights.course_id
      ))
      and cs.session_date > (select (now() - make_interval(days => least(greatest(coalesce(session_insights.days, 30), 1), 366)))::date)
      and exists (select 1 from public.submissions s where s.class_session_id = cs.id)
    order by cs.session_date desc, c.code
    limit least(greatest(coalesce(session_insights.max_sessions, 10), 1), 50)
  )
  select coalesce(json_agg(json_build_object(
    'sessionId', r.id, 'sessionDate', r.session_date, 'courseId', r.course_id, 'courseCode', r.code,
    'topic', r.topic, 'count', a.n, 'sessionFeedbackCount', a.b_count,
    'meanClarity', a.mean_clarity, 'meanConfidence', a.mean_confidence,
    'pace', a.pace, 'challenge', a.challenge, 'difficulty', a.difficulty,
    'topTerms', public.session_top_terms(r.id, 5)
  ) order by r.session_date desc, r.code), '[]'::json)
  from recent r
  cross join lateral (
    select
      count(*) as n,
      count(s.clarity_rating) as b_count,
      round(avg(s.clarity_rating), 2) as mean_clarity,
      round(avg(s.confidence_level), 1) as mean_confidence,
      json_build_object(
        'too_slow', count(*) filter (where s.pace = 'too_slow'),
        'slightly_slow', count(*) filter (where s.pace = 'slightly_slow'),
        'just_right', count(*) filter (where s.pace = 'just_right'),
        'slightly_fast', count(*) filter (where s.pace = 'slightly_fast'),
        'too_fast', count(*) filter (where s.pace = 'too_fast')
      ) as pace,
      json_build_object(
        'far_too_easy', count(*) filter (where s.challenge_level = 'far_too_easy'),
        'slightly_easy', count(*) filter (where s.challenge_level = 'slightly_easy'),
        'challenging_manageable', count(*) filter (where s.challenge_level = 'challenging_manageable'),
        'slightly_hard', count(*) filter (where s.challenge_level = 'slightly_hard'),
        'far_too_hard', count(*) filter (where s.challenge_level = 'far_too_hard')
      ) as challenge,
      json_build_object(
        'slightly', count(*) filter (where s.confusion_level = 'slightly'),
        'very', count(*) filter (where s.confusion_level = 'very'),
        'completely', count(*) filter (where s.confusion_level = 'completely')
      ) as difficulty
    from public.submissions s
    where s.class_session_id = r.id
  ) a
$$;
comment on function public.session_insights(uuid, integer, integer) is 'Per-session summaries (clarity, confidence, pace, challenge, top terms) so a professor can compare recent sessions.';
revoke execute on function public.session_insights(uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.session_insights(uuid, integer, integer) to authenticated, service_role;

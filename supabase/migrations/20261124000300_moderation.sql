-- Moderation and small-class protection: the functions that serve feedback beyond the teaching
-- team's own table reads honour the course's privacy settings (…_course_privacy_settings.sql):
--   hidden_at                 a hidden submission is never on the public course page
--   review_before_publishing  when on, only reviewed submissions are on the public course page
--   min_public_responses (k)  a session's submissions are on the public page, and its breakdowns
--                             and top terms in Session Insights, only once it has k responses
-- k counts every response of the session, hidden and unreviewed ones included: the anonymity
-- set is everyone who answered, whichever of their answers is shown. Course-wide totals (the
-- course page's total and "this week", the dashboard's counts) are unaffected.
-- These functions live here, after the migration that adds those columns, because SQL functions'
-- bodies are checked when they are created.

-- The public timeline reads a course's shown feedback newest first: this index holds exactly the
-- rows that may be shown (hidden ones are left out) in the timeline's order.
create index submissions_public_timeline_idx on public.submissions (course_id, created_at desc, id)
  where hidden_at is null;

-- set_submission_hidden(ids, hidden): hides (or shows again) a batch of the caller's feedback on
-- the public course page; returns how many changed. Caller's rights: row-level security limits it
-- to the courses of the caller's teaching team (owner, co-instructors, TAs).
create or replace function public.set_submission_hidden(ids uuid[], hidden boolean default true)
returns integer
language sql
set search_path = ''
as $$
  with changed as (
    update public.submissions s
    set hidden_at = case when set_submission_hidden.hidden then coalesce(s.hidden_at, now()) end
    where s.id = any (set_submission_hidden.ids)
      and (s.hidden_at is null) = coalesce(set_submission_hidden.hidden, true)
    returning 1
  )
  select count(*)::integer from changed
$$;
comment on function public.set_submission_hidden(uuid[], boolean) is 'Lets the teaching team hide feedback from the public course page (or show it again) in one call; row-level security limits it to their courses.';
revoke execute on function public.set_submission_hidden(uuid[], boolean) from public, anon, authenticated;
grant execute on function public.set_submission_hidden(uuid[], boolean) to authenticated, service_role;

-- course_timeline(course_id, max_items): the public feedback of a course, newest first: id,
-- createdAt, topic, confusion, difficultyLevel (derived for Variant B; null when not confused),
-- plus totals for the course page. Items leave out hidden feedback, unreviewed feedback when the
-- course reviews before publishing, and every submission of a session with fewer than the
-- course's min_public_responses responses; the totals count everything. Anyone.
create or replace function public.course_timeline(course_id uuid, max_items integer default 100)
returns json
language sql stable
security definer
set search_path = ''
as $$
  -- The settings and the shown sessions are uncorrelated sub-selects, computed once per call.
  select json_build_object(
    'total', (select count(*) from public.submissions s where s.course_id = course_timeline.course_id),
    'thisWeek', (
      select count(*) from public.submissions s
      where s.course_id = course_timeline.course_id and s.created_at > now() - interval '7 days'
    ),
    'items', coalesce((
      select json_agg(json_build_object(
        'id', t.id, 'createdAt', t.created_at, 'topic', t.topic,
        'confusion', t.confusion_text, 'difficultyLevel', t.confusion_level
      ) order by t.created_at desc, t.id)
      from (
        select s.id, s.created_at, s.topic, s.confusion_text, s.confusion_level
        from public.submissions s
        where s.course_id = course_timeline.course_id
          and s.hidden_at is null
          and (s.reviewed_at is not null or not (
            select c.review_before_publishing from public.courses c where c.id = course_timeline.course_id
          ))
          -- Sessions with at least k responses; each count stops after k index entries. Tested with
          -- array_position, which no index serves: the planner then reads the items in the order
          -- of submissions_public_timeline_idx and stops at max_items, instead of collecting every
          -- row of the shown sessions to sort them.
          and array_position(array(
            select cs.id
            from public.courses c
            join public.class_sessions cs on cs.course_id = c.id
            where c.id = course_timeline.course_id
              and (
                select count(*) from (
                  select 1 from public.submissions x where x.class_session_id = cs.id limit c.min_public_responses
                ) enough
              ) >= c.min_public_responses
          ), s.class_session_id) is not null
        order by s.created_at desc, s.id
        limit least(greatest(coalesce(course_timeline.max_items, 100), 1), 500)
      ) t
    ), '[]'::json)
  )
$$;
comment on function public.course_timeline(uuid, integer) is 'The public course page: recent feedback the course lets the public see (not hidden, reviewed if required, from sessions with enough responses) and totals, without anything private in submissions.';
revoke execute on function public.course_timeline(uuid, integer) from public, anon, authenticated;
grant execute on function public.course_timeline(uuid, integer) to anon, authenticated, service_role;

-- private.session_terms(session_id, max_terms): the most frequent words (not stop words) in what
-- students found unclear (Variant B's unclear_parts) in one session, grouped by English stem and
-- shown in their most common spelling, with how many submissions use them. No access check: the
-- public functions below check first.
-- Each word is stemmed with the English Snowball dictionary alone (ts_lexize, which also drops
-- stop words) rather than the whole text-search configuration (to_tsvector would run the parser
-- again on every single word): Session Insights stems thousands of words per call.
create or replace function private.session_terms(p_session_id uuid, p_limit integer)
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
comment on function private.session_terms(uuid, integer) is 'Counts the words students use about what was unclear in one session, for session_top_terms and session_insights once they have checked access and the minimum.';
revoke execute on function private.session_terms(uuid, integer) from public, anon, authenticated;

-- session_top_terms(session_id, max_terms): [{term, count}] of one session of the caller's
-- teaching team (private.session_terms); [] for a session below its course's minimum of responses
-- (Session Insights says why) and for any session the caller does not teach. Definer's rights: the
-- minimum is a course setting the caller's column grants do not reach; the team check is explicit.
create or replace function public.session_top_terms(p_session_id uuid, p_limit integer default 5)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.session_terms(cs.id, p_limit)
    from public.class_sessions cs
    join public.courses c on c.id = cs.course_id
    where cs.id = p_session_id
      and cs.course_id = any (array(select public.my_course_ids()))
      and (
        select count(*) from (
          select 1 from public.submissions x where x.class_session_id = cs.id limit c.min_public_responses
        ) enough
      ) >= c.min_public_responses
  ), '[]'::json)
$$;
comment on function public.session_top_terms(uuid, integer) is 'The words students use most about what was unclear in one session, so a professor sees recurring trouble at a glance (only from the course''s minimum of responses on).';
revoke execute on function public.session_top_terms(uuid, integer) from public, anon, authenticated;
grant execute on function public.session_top_terms(uuid, integer) to authenticated, service_role;

-- session_insights(course_id?, days, max_sessions): per recent class session of the caller's
-- teaching team's courses that has feedback, newest session first: count, sessionFeedbackCount,
-- protected, minResponses, and — only when the session has at least minResponses responses
-- (protected false) — mean clarity and confidence, pace / challenge / difficulty distributions and
-- the top terms of what was unclear; a protected session has null means and distributions and no
-- terms. The sessions are picked first, so only their feedback is read. Definer's rights (the
-- minimum is a course setting the caller's column grants do not reach); the team check is explicit.
create or replace function public.session_insights(course_id uuid default null, days integer default 30, max_sessions integer default 10)
returns json
language sql stable
security definer
set search_path = ''
as $$
  with recent as (
    select cs.id, cs.session_date, cs.course_id, c.code, cs.topic, c.min_public_responses as k
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
    'protected', a.n < r.k, 'minResponses', r.k,
    'meanClarity', case when a.n >= r.k then a.mean_clarity end,
    'meanConfidence', case when a.n >= r.k then a.mean_confidence end,
    'pace', case when a.n >= r.k then a.pace end,
    'challenge', case when a.n >= r.k then a.challenge end,
    'difficulty', case when a.n >= r.k then a.difficulty end,
    'topTerms', case when a.n >= r.k then private.session_terms(r.id, 5) else '[]'::json end
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
comment on function public.session_insights(uuid, integer, integer) is 'Per-session summaries (clarity, confidence, pace, challenge, top terms) so a professor can compare recent sessions, withheld for sessions below the course''s minimum of responses.';
revoke execute on function public.session_insights(uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.session_insights(uuid, integer, integer) to authenticated, service_role;

-- The term report (issue 44, "Did it help?"): one call gives the teaching team a course's whole term
-- (or a chosen date range) for /professor/courses/{id}/report, its print and its CSV.
--
-- term_report(course_id, from_date?, to_date?) →
--   {courseId, code, name, from, to, minResponses, reviewBeforePublishing,
--    sessions [{sessionId, sessionDate, topic, count, sessionFeedbackCount, protected,
--               meanClarity, meanConfidence, pace {…}, challenge {…}}]          oldest first,
--    weeks [{weekStart, confusions [{text, students, sessionDate}]}]          oldest first, top 3,
--    notes [{id, sessionId, sessionDate, body, createdAt, checkQuestion, figures}] oldest first,
--    alarmPeaks [{sessionId, sessionDate, startAt, endAt, recent, lost, share}] oldest first}.
-- The range: from_date (default: the course's first class session, at most 366 days before the
-- end) to to_date (default: its last session, or today in the course's time zone when it has
-- none); a chosen range covers at most 366 days.
--
-- The dashboard's rules, exactly (…_moderation.sql, session_insights):
--   * a session's count and sessionFeedbackCount count every response, hidden and unreviewed too;
--   * below the course's min_public_responses (counted over every response of the session) a
--     session is `protected`: null means and distributions, no texts, no alarm peaks;
--   * the texts (the week's most shared confusions) leave out hidden feedback, and unreviewed
--     feedback when the course reviews before publishing, as the public page does: the report is
--     meant to be printed and handed on;
--   * notes are the public "you said, we did" notes with follow_up_figures() (which applies the
--     same rules itself).
-- Alarm peaks replay the live view's rule (…_live_session.sql): at a response's arrival, among the
-- responses of the last alarm_window_minutes, at least alarm_min_responses, and the share of
-- completely lost ones at least alarm_lost_share. Consecutive firing arrivals form one peak: its
-- start and end, and its highest share (with that window's counts).
-- A course the caller does not teach, or an unknown id: 'Course not found' (PT404, HTTP 404).
create or replace function public.term_report(course_id uuid, from_date date default null, to_date date default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.courses;
  first_day date;
  last_day date;
  answer json;
begin
  select * into c from public.courses co
  where co.id = term_report.course_id and co.id = any (array(select public.my_course_ids()));
  if c.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;

  select min(cs.session_date), max(cs.session_date) into first_day, last_day
  from public.class_sessions cs where cs.course_id = c.id;
  last_day := coalesce(term_report.to_date, last_day, (now() at time zone c.timezone)::date);
  -- Without a start, the whole term: its first session, but no more than 366 days before the end.
  first_day := coalesce(term_report.from_date, least(greatest(first_day, last_day - 366), last_day), last_day);
  if last_day < first_day then
    raise exception 'The report''s end date must not be before its start date.' using errcode = '22023';
  end if;
  if last_day - first_day > 366 then
    raise exception 'A report covers at most 366 days.' using errcode = '22023';
  end if;

  with term as (
    select cs.id, cs.session_date, cs.topic
    from public.class_sessions cs
    where cs.course_id = c.id and cs.session_date between first_day and last_day
  ),
  stats as (
    select t.id, t.session_date, t.topic, a.*, a.n < c.min_public_responses as protected
    from term t
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
        ) as challenge
      from public.submissions s
      where s.class_session_id = t.id
    ) a
  ),
  texts as (
    select (date_trunc('week', st.session_date::timestamp))::date as week_start, st.session_date,
      x.id, btrim(x.confusion_text) as body,
      1 + coalesce((select count(*) from public.me_too m where m.submission_id = x.id), 0)
        + coalesce((select tl.me_toos from public.me_too_tallies tl where tl.submission_id = x.id), 0) as students
    from stats st
    join public.submissions x on x.class_session_id = st.id
    where not st.protected
      and x.confusion_text ~ '\S'
      and x.hidden_at is null
      and (not c.review_before_publishing or x.reviewed_at is not null)
  ),
  ranked as (
    select t.*, row_number() over (partition by t.week_start order by t.students desc, t.session_date, t.id) as rn
    from texts t
  ),
  windows as (
    select st.id as session_id, st.session_date, w.created_at, w.recent, w.lost,
      w.recent >= c.alarm_min_responses and w.lost >= c.alarm_lost_share * w.recent as firing
    from stats st
    cross join lateral (
      select x.created_at,
        count(*) over r as recent,
        count(*) filter (where x.confusion_level = 'completely') over r as lost
      from public.submissions x
      where x.class_session_id = st.id
      window r as (order by x.created_at range between make_interval(mins => c.alarm_window_minutes) preceding and current row)
    ) w
    where not st.protected and st.n >= c.alarm_min_responses
  ),
  islands as (
    select w.*, sum(case when w.firing then 0 else 1 end) over (partition by w.session_id order by w.created_at) as island
    from windows w
  ),
  peaks as (
    select i.session_id, min(i.session_date) as session_date,
      min(i.created_at) - make_interval(mins => c.alarm_window_minutes) as start_at, max(i.created_at) as end_at,
      (array_agg(json_build_object('recent', i.recent, 'lost', i.lost, 'share', round(i.lost::numeric / i.recent, 3))
        order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as top
    from islands i
    where i.firing
    group by i.session_id, i.island
  )
  select json_build_object(
    'courseId', c.id, 'code', c.code, 'name', c.name, 'from', first_day, 'to', last_day,
    'minResponses', c.min_public_responses, 'reviewBeforePublishing', c.review_before_publishing,
    'sessions', coalesce((
      select json_agg(json_build_object(
        'sessionId', st.id, 'sessionDate', st.session_date, 'topic', st.topic, 'count', st.n,
        'sessionFeedbackCount', st.b_count, 'protected', st.protected,
        'meanClarity', case when not st.protected then st.mean_clarity end,
        'meanConfidence', case when not st.protected then st.mean_confidence end,
        'pace', case when not st.protected then st.pace end,
        'challenge', case when not st.protected then st.challenge end
      ) order by st.session_date)
      from stats st
    ), '[]'::json),
    'weeks', coalesce((
      select json_agg(json_build_object('weekStart', wk.week_start, 'confusions', wk.items) order by wk.week_start)
      from (
        select r.week_start, json_agg(json_build_object('text', r.body, 'students', r.students, 'sessionDate', r.session_date)
          order by r.rn) as items
        from ranked r where r.rn <= 3
        group by r.week_start
      ) wk
    ), '[]'::json),
    'notes', coalesce((
      select json_agg(json_build_object(
        'id', n.id, 'sessionId', n.session_id, 'sessionDate', t.session_date, 'body', n.body, 'createdAt', n.created_at,
        'checkQuestion', n.check_question, 'figures', public.follow_up_figures(n.id)
      ) order by t.session_date, n.created_at, n.id)
      from term t join public.session_notes n on n.session_id = t.id
    ), '[]'::json),
    'alarmPeaks', coalesce((
      select json_agg(json_build_object(
        'sessionId', p.session_id, 'sessionDate', p.session_date, 'startAt', p.start_at, 'endAt', p.end_at,
        'recent', (p.top ->> 'recent')::integer, 'lost', (p.top ->> 'lost')::integer, 'share', (p.top ->> 'share')::numeric
      ) order by p.session_date, p.start_at)
      from peaks p
    ), '[]'::json)
  )
  into answer;
  return answer;
end;
$$;
comment on function public.term_report(uuid, date, date) is 'A course''s term (or date range) for its teaching team: per session counts, means, pace and challenge, each week''s most shared confusions, the notes with their follow-up figures and the alarm''s peaks, under the dashboard''s moderation and small-class rules.';
revoke execute on function public.term_report(uuid, date, date) from public, anon, authenticated;
grant execute on function public.term_report(uuid, date, date) to authenticated, service_role;

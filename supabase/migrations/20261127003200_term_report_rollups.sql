-- The term report reads the per-session roll-ups (…_session_rollups.sql): a session with a roll-up
-- is one row, a session without one (not ended five minutes ago, or not rolled up yet) is computed
-- from its responses by the same private.session_rollup(). What it answers is unchanged
-- (…_term_report.sql says what and by which rules); `protected` is still decided here, from the
-- session's count and the course's min_public_responses, so a change of that minimum needs no new
-- roll-up.
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
    select t.id, t.session_date, t.topic, r.*, r.responses < c.min_public_responses as protected
    from term t
    cross join lateral (
      select sr.* from private.session_rollups sr where sr.session_id = t.id
      union all
      select l.* from private.session_rollup(t.id) l
      where not exists (select 1 from private.session_rollups sr where sr.session_id = t.id)
    ) r
  ),
  texts as (
    select (date_trunc('week', st.session_date::timestamp))::date as week_start, st.session_date, x.id, x.body, x.students
    from stats st
    cross join lateral unnest(st.text_ids, st.text_bodies, st.text_students) x(id, body, students)
    where not st.protected
  ),
  ranked as (
    select t.*, row_number() over (partition by t.week_start order by t.students desc, t.session_date, t.id) as rn
    from texts t
  ),
  peaks as (
    select st.id as session_id, st.session_date, p.*
    from stats st
    cross join lateral unnest(st.peak_starts, st.peak_ends, st.peak_recent, st.peak_lost, st.peak_shares)
      p(start_at, end_at, recent, lost, share)
    where not st.protected
  )
  select json_build_object(
    'courseId', c.id, 'code', c.code, 'name', c.name, 'from', first_day, 'to', last_day,
    'minResponses', c.min_public_responses, 'reviewBeforePublishing', c.review_before_publishing,
    'sessions', coalesce((
      select json_agg(json_build_object(
        'sessionId', st.id, 'sessionDate', st.session_date, 'topic', st.topic, 'count', st.responses,
        'sessionFeedbackCount', st.session_feedback, 'protected', st.protected,
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
        'recent', p.recent, 'lost', p.lost, 'share', p.share
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

-- The live view of today's class session for its professor, polled about once a second while the
-- page is visible. Each answer carries a cursor; a poll that sends back the current cursor gets
-- {changed: false} after reading a few index entries, so polling costs next to nothing while the
-- class is quiet.

-- Serves the cursor from the index alone (count, last write and the alarm window's responses of
-- one session) and the alarm's count of lost responses; it is also the submissions' index on
-- class_session_id (the foreign key's cascades and every per-session read).
create index submissions_session_live_idx on public.submissions (class_session_id, created_at)
  include (updated_at, confusion_level);

-- live_session(course_id, since?): the teaching team's view of the course's session today (in the
-- course's time zone) →
--   {changed: false, cursor} when `since` is the current cursor, else
--   {changed: true, cursor, session: {sessionId, sessionDate, topic, expiresAt, isActive} | null,
--    responses, quickCount, sessionCount, meanClarity, meanConfidence, pace {…}, challenge {…},
--    difficulty {slightly, very, completely} (Variant A),
--    alarm {active, recent, lost, share, minResponses, threshold, windowMinutes},
--    texts [{batch, items [{id, kind, text}]}], pendingTexts, replies {<submission id>: {body, updatedAt}}}.
-- The cursor changes whenever the answer could: the day's session and its settings, the count and
-- the last write of its submissions and replies, how many responses are inside the alarm window
-- (which also moves with time alone), and the course's alarm settings.
-- Anonymity of timing: what students found unclear is shown only in whole batches of three, in
-- the order they arrived (batch k holds the texts 3k to 3k+2), each batch shuffled by a hash of
-- the id, with no time of any single response; pendingTexts says how many wait for their batch.
-- A course the caller does not teach, or an unknown id: 'Course not found' (PT404, HTTP 404).
create or replace function public.live_session(course_id uuid, since text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.courses;
  today date;
  s public.class_sessions;
  window_start timestamptz;
  total bigint := 0;
  last_write timestamptz;
  in_window bigint := 0;
  reply_count bigint := 0;
  last_reply timestamptz;
  current_cursor text;
  answer json;
begin
  select * into c from public.courses co where co.id = live_session.course_id and co.id = any (array(select public.my_course_ids()));
  if c.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  today := (now() at time zone c.timezone)::date;
  window_start := now() - make_interval(mins => c.alarm_window_minutes);
  select * into s from public.class_sessions cs where cs.course_id = c.id and cs.session_date = today;

  if s.id is not null then
    select count(*), max(x.updated_at), count(*) filter (where x.created_at > window_start)
      into total, last_write, in_window
      from public.submissions x where x.class_session_id = s.id;
    select count(*), max(r.updated_at)
      into reply_count, last_reply
      from public.submission_replies r where r.class_session_id = s.id;
  end if;

  current_cursor := md5(format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s',
    today, s.id, s.topic, extract(epoch from s.expires_at), s.is_active,
    total, extract(epoch from last_write), in_window, reply_count, extract(epoch from last_reply),
    c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share));

  if live_session.since = current_cursor then
    return json_build_object('changed', false, 'cursor', current_cursor);
  end if;

  select json_build_object(
    'changed', true,
    'cursor', current_cursor,
    'session', case when s.id is not null then json_build_object(
      'sessionId', s.id, 'sessionDate', s.session_date, 'topic', s.topic, 'expiresAt', s.expires_at, 'isActive', s.is_active
    ) end,
    'responses', a.n,
    'quickCount', a.quick_n,
    'sessionCount', a.session_n,
    'meanClarity', a.mean_clarity,
    'meanConfidence', a.mean_confidence,
    'pace', json_build_object(
      'too_slow', a.too_slow, 'slightly_slow', a.slightly_slow, 'just_right', a.just_right,
      'slightly_fast', a.slightly_fast, 'too_fast', a.too_fast
    ),
    'challenge', json_build_object(
      'far_too_easy', a.far_too_easy, 'slightly_easy', a.slightly_easy, 'challenging_manageable', a.challenging_manageable,
      'slightly_hard', a.slightly_hard, 'far_too_hard', a.far_too_hard
    ),
    'difficulty', json_build_object('slightly', a.slightly, 'very', a.very, 'completely', a.completely),
    'alarm', json_build_object(
      'active', a.recent >= c.alarm_min_responses and a.lost >= c.alarm_lost_share * a.recent,
      'recent', a.recent,
      'lost', a.lost,
      'share', case when a.recent > 0 then round(a.lost::numeric / a.recent, 3) else 0 end,
      'minResponses', c.alarm_min_responses,
      'threshold', c.alarm_lost_share,
      'windowMinutes', c.alarm_window_minutes
    ),
    'texts', coalesce((
      select json_agg(json_build_object('batch', b.batch, 'items', b.items) order by b.batch)
      from (
        select t.rn / 3 as batch,
          json_agg(json_build_object('id', t.id, 'kind', t.kind, 'text', t.body) order by md5(t.id::text)) as items
        from (
          select x.id, x.kind, x.confusion_text as body,
            row_number() over (order by x.created_at, x.id) - 1 as rn
          from public.submissions x
          where x.class_session_id = s.id and x.confusion_text ~ '\S'
        ) t
        where t.rn < a.texts_n - a.texts_n % 3
        group by t.rn / 3
      ) b
    ), '[]'::json),
    'pendingTexts', a.texts_n % 3,
    'replies', coalesce((
      select json_object_agg(r.submission_id, json_build_object('body', r.body, 'updatedAt', r.updated_at))
      from public.submission_replies r where r.class_session_id = s.id
    ), '{}'::json)
  )
  into answer
  from (
    select
      count(*) as n,
      count(*) filter (where x.kind = 'quick') as quick_n,
      count(*) filter (where x.kind = 'session') as session_n,
      round(avg(x.clarity_rating), 2) as mean_clarity,
      round(avg(x.confidence_level), 1) as mean_confidence,
      count(*) filter (where x.pace = 'too_slow') as too_slow,
      count(*) filter (where x.pace = 'slightly_slow') as slightly_slow,
      count(*) filter (where x.pace = 'just_right') as just_right,
      count(*) filter (where x.pace = 'slightly_fast') as slightly_fast,
      count(*) filter (where x.pace = 'too_fast') as too_fast,
      count(*) filter (where x.challenge_level = 'far_too_easy') as far_too_easy,
      count(*) filter (where x.challenge_level = 'slightly_easy') as slightly_easy,
      count(*) filter (where x.challenge_level = 'challenging_manageable') as challenging_manageable,
      count(*) filter (where x.challenge_level = 'slightly_hard') as slightly_hard,
      count(*) filter (where x.challenge_level = 'far_too_hard') as far_too_hard,
      count(*) filter (where x.difficulty_level = 'slightly') as slightly,
      count(*) filter (where x.difficulty_level = 'very') as very,
      count(*) filter (where x.difficulty_level = 'completely') as completely,
      count(*) filter (where x.created_at > window_start) as recent,
      -- "Completely lost": Variant A 'completely' or Variant B clarity 1–2, as confusion_level says.
      count(*) filter (where x.created_at > window_start and x.confusion_level = 'completely') as lost,
      count(*) filter (where x.confusion_text ~ '\S') as texts_n
    from public.submissions x
    where x.class_session_id = s.id
  ) a;
  return answer;
end;
$$;
comment on function public.live_session(uuid, text) is 'The teaching team''s live view of today''s session, with a cursor so an unchanged poll costs almost nothing.';
revoke execute on function public.live_session(uuid, text) from public, anon, authenticated;
grant execute on function public.live_session(uuid, text) to authenticated, service_role;

-- Anonymous submission writes: the one-round-trip create, read-for-edit and edit functions the
-- submissions edge function calls (service role only). The counting itself lives in the
-- rate-limits migration; create_submission only chooses the buckets.

-- The session a student may write to now: an active, unexpired session of the course, given by
-- id, or by today's date in the course's zone (that day's session is created when needed).
create or replace function private.open_session_for(p_course_id uuid, p_session text)
returns public.class_sessions
language plpgsql
set search_path = ''
as $$
declare
  s public.class_sessions;
  tz text;
begin
  if p_session is null or btrim(p_session) = '' then
    raise exception 'Session ID is required for submission' using errcode = 'CP400';
  end if;
  select c.timezone into tz from public.courses c where c.id = p_course_id;
  if tz is null then
    raise exception 'Course not found' using errcode = 'CP404';
  end if;
  if p_session ~ '^\d{4}-\d{2}-\d{2}$' then
    if p_session <> (select d.session_date::text from private.class_day(tz, now()) d) then
      raise exception 'Feedback is open only for today''s session' using errcode = 'CP403';
    end if;
    s := private.ensure_today_session(p_course_id);
  elsif p_session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into s from public.class_sessions cs where cs.id = p_session::uuid and cs.course_id = p_course_id;
    if s.id is null then
      raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP404';
    end if;
  else
    raise exception 'Session ID must be a class session id or today''s date (YYYY-MM-DD)' using errcode = 'CP400';
  end if;
  if not s.is_active or s.expires_at <= now() then
    raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP403';
  end if;
  return s;
end;
$$;
comment on function private.open_session_for(uuid, text) is 'The session a student may write to right now, or the reason why not, checked the same way for every write.';

-- create_submission(...): session check, rate limits and insert in one call → {id, sessionId}.
-- p_content holds the validated fields of its kind in snake_case; p_device_key and p_ip_key are
-- the submissions function's base keys of the device and the IP (null: not counted); the keys
-- stored are derived from them per class session and per UTC day (see rate_limit_key in the
-- rate-limits migration). p_limits overrides the default limits. Service role only.
create or replace function public.create_submission(
  p_course_id uuid,
  p_session text,
  p_kind text,
  p_content jsonb,
  p_edit_token_hash text,
  p_device_key text,
  p_ip_key text,
  p_limits jsonb default '{}'
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.class_sessions;
  new_id uuid;
  until_expiry integer;
  device_key text;
  ip_session_key text;
  ip_minute_key text;
  device_limit integer := coalesce((p_limits ->> 'devicePerSession')::integer, 5);
  ip_session_limit integer := coalesce((p_limits ->> 'ipPerSession')::integer, 300);
  ip_minute_limit integer := coalesce((p_limits ->> 'ipPerMinute')::integer, 600);
begin
  s := private.open_session_for(p_course_id, p_session);
  until_expiry := ceil(extract(epoch from s.expires_at - now()))::integer;
  device_key := private.rate_limit_key(p_device_key, 'session:' || s.id);
  ip_session_key := private.rate_limit_key(p_ip_key, 'session:' || s.id);
  ip_minute_key := private.rate_limit_key(p_ip_key, 'day:' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'));

  if device_key is not null
     and not private.take_rate_limit('device:' || s.id, device_key, s.created_at, device_limit) then
    perform private.rate_limited(
      format('You have already sent %s submissions for this class session.', device_limit), until_expiry);
  end if;
  if ip_session_key is not null then
    if not private.take_rate_limit('ip:' || s.id, ip_session_key, s.created_at, ip_session_limit) then
      perform private.rate_limited(
        'Too many submissions from your network for this class session. Please try again later.', until_expiry);
    end if;
    if not private.take_rate_limit('ip-minute', ip_minute_key, date_trunc('minute', now()), ip_minute_limit) then
      perform private.rate_limited(
        'Too many submissions from your network right now. Please try again in a minute.',
        60 - extract(second from now())::integer);
    end if;
  end if;

  insert into public.submissions (
    course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level,
    mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level
  ) values (
    p_course_id, s.id, p_kind, p_edit_token_hash,
    case when p_kind = 'quick' then p_content ->> 'topic' else coalesce(s.topic, 'Session feedback') end,
    p_content ->> 'confusion', p_content ->> 'difficulty_level',
    p_content ->> 'mind_after_session', p_content ->> 'unclear_parts', p_content ->> 'went_well',
    p_content ->> 'pace', p_content ->> 'challenge_level',
    (p_content ->> 'clarity_rating')::smallint, (p_content ->> 'confidence_level')::smallint
  )
  returning id into new_id;

  -- Old counters go now and then, so the table stays small without a scheduler.
  perform private.prune_rate_limit_buckets();

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;
comment on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) is 'The submissions edge function''s one round trip: session check, rate limits and insert in one transaction, so a lecture''s burst stays fast and limits hold.';
revoke execute on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) to service_role;

-- submission_for_edit(id): what the edge function needs to check an edit token and prefill a form.
-- Service role only (it returns the token hash).
create or replace function public.submission_for_edit(p_id uuid)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'id', s.id, 'kind', s.kind, 'courseId', s.course_id, 'sessionId', s.class_session_id,
    'editTokenHash', s.edit_token_hash,
    'open', cs.is_active and cs.expires_at > now(),
    'expiresAt', cs.expires_at,
    'createdAt', s.created_at, 'updatedAt', s.updated_at,
    'topic', case when s.kind = 'quick' then s.topic end,
    'confusion', s.confusion, 'difficultyLevel', s.difficulty_level,
    'mindAfterSession', s.mind_after_session, 'unclearParts', s.unclear_parts, 'wentWell', s.went_well,
    'pace', s.pace, 'challengeLevel', s.challenge_level,
    'clarityRating', s.clarity_rating, 'confidenceLevel', s.confidence_level
  )
  from public.submissions s
  join public.class_sessions cs on cs.id = s.class_session_id
  where s.id = p_id
$$;
comment on function public.submission_for_edit(uuid) is 'What the submissions edge function needs to check an edit token and prefill the edit form; it holds the token hash, so service role only.';
revoke execute on function public.submission_for_edit(uuid) from public, anon, authenticated;
grant execute on function public.submission_for_edit(uuid) to service_role;

-- update_submission(id, content): replaces the content fields of its kind while its session is
-- open; true when a row changed. The edge function has checked the edit token. Service role only.
create or replace function public.update_submission(p_id uuid, p_content jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.submissions s
  set topic = case when s.kind = 'quick' then p_content ->> 'topic' else s.topic end,
      confusion = case when s.kind = 'quick' then p_content ->> 'confusion' end,
      difficulty_level = case when s.kind = 'quick' then p_content ->> 'difficulty_level' end,
      mind_after_session = case when s.kind = 'session' then p_content ->> 'mind_after_session' end,
      unclear_parts = case when s.kind = 'session' then p_content ->> 'unclear_parts' end,
      went_well = case when s.kind = 'session' then p_content ->> 'went_well' end,
      pace = case when s.kind = 'session' then p_content ->> 'pace' end,
      challenge_level = case when s.kind = 'session' then p_content ->> 'challenge_level' end,
      clarity_rating = case when s.kind = 'session' then (p_content ->> 'clarity_rating')::smallint end,
      confidence_level = case when s.kind = 'session' then (p_content ->> 'confidence_level')::smallint end
  from public.class_sessions cs
  where s.id = p_id and cs.id = s.class_session_id and cs.is_active and cs.expires_at > now();
  return found;
end;
$$;
comment on function public.update_submission(uuid, jsonb) is 'Lets a student (through the edge function, once it checked the edit token) change their feedback while its session is open.';
revoke execute on function public.update_submission(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.update_submission(uuid, jsonb) to service_role;

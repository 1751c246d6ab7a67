-- Anonymous submission writes: rate-limit buckets and the one-round-trip create/edit functions
-- the submissions edge function calls (service role only).

create table public.submission_rate_limits (
  -- e.g. 'device:<session id>', 'ip:<session id>', 'ip-minute', 'story-token', 'vote'
  bucket text not null check (char_length(bucket) between 1 and 100),
  -- HMAC of a device id or IP under a secret that rotates daily; never the raw value.
  key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  submission_count integer not null default 0 check (submission_count >= 0),
  primary key (bucket, key_hash, window_start)
);
comment on table public.submission_rate_limits is 'Counters for anonymous write limits; rows older than 48 hours are deleted.';
create index submission_rate_limits_window_idx on public.submission_rate_limits (window_start);

alter table public.submission_rate_limits enable row level security;
-- No policies: only the service role (which bypasses RLS) touches the counters.
revoke all on public.submission_rate_limits from anon, authenticated;
grant all on public.submission_rate_limits to service_role;

-- Counts one request in a bucket unless it is full; true when it was counted. The upsert's row
-- lock makes concurrent requests queue, so a limit holds exactly under bursts.
create or replace function private.take_rate_limit(p_bucket text, p_key text, p_window timestamptz, p_limit integer)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  insert into public.submission_rate_limits as r (bucket, key_hash, window_start, submission_count)
  values (p_bucket, p_key, p_window, 1)
  on conflict (bucket, key_hash, window_start) do update
    set submission_count = r.submission_count + 1
    where r.submission_count < p_limit;
  return found;
end;
$$;

-- Raises the error the edge function turns into HTTP 429 with Retry-After (seconds in DETAIL).
create or replace function private.rate_limited(p_message text, p_retry_after integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%', p_message using errcode = 'CP429', detail = greatest(p_retry_after, 1)::text;
end;
$$;

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

-- create_submission(...): session check, rate limits and insert in one call → {id, sessionId}.
-- p_content holds the validated fields of its kind in snake_case. Service role only.
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
  device_limit integer := coalesce((p_limits ->> 'devicePerSession')::integer, 5);
  ip_session_limit integer := coalesce((p_limits ->> 'ipPerSession')::integer, 300);
  ip_minute_limit integer := coalesce((p_limits ->> 'ipPerMinute')::integer, 600);
begin
  s := private.open_session_for(p_course_id, p_session);
  until_expiry := ceil(extract(epoch from s.expires_at - now()))::integer;

  if p_device_key is not null
     and not private.take_rate_limit('device:' || s.id, p_device_key, s.created_at, device_limit) then
    perform private.rate_limited(
      format('You have already sent %s submissions for this class session.', device_limit), until_expiry);
  end if;
  if p_ip_key is not null then
    if not private.take_rate_limit('ip:' || s.id, p_ip_key, s.created_at, ip_session_limit) then
      perform private.rate_limited(
        'Too many submissions from your network for this class session. Please try again later.', until_expiry);
    end if;
    if not private.take_rate_limit('ip-minute', p_ip_key, date_trunc('minute', now()), ip_minute_limit) then
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
  if random() < 0.01 then
    delete from public.submission_rate_limits where window_start < now() - interval '48 hours';
  end if;

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;
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
revoke execute on function public.update_submission(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.update_submission(uuid, jsonb) to service_role;

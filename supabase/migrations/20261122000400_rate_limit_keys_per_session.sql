-- Rate-limit keys of class-session buckets last the whole class session. The submissions function
-- now passes a stable keyed hash per device and per IP (HMAC under the master secret, never
-- stored); the keys stored are derived from it here, where the class session is known:
--   per-session buckets: HMAC(base, 'session:<class session id>'): one key for the whole session
--     (an evening class is no longer split at UTC midnight), different in every session;
--   per-minute bucket:   HMAC(base, 'day:<UTC date>'): rotates daily, as before.
-- Without the master secret no stored key can be tied to a device or an IP, nor linked to the
-- keys of another session or day.

-- rate_limit_key(base, scope): the stored key for a base key (64 hex) in a scope; null for null.
create or replace function private.rate_limit_key(p_base text, p_scope text)
returns text
language sql immutable
set search_path = ''
as $$
  select case when p_base is not null
    then encode(extensions.hmac(convert_to(p_scope, 'UTF8'), decode(p_base, 'hex'), 'sha256'), 'hex') end
$$;

-- create_submission(...): session check, rate limits and insert in one call → {id, sessionId}.
-- p_content holds the validated fields of its kind in snake_case; p_device_key and p_ip_key are
-- the base keys described above (null: not counted). Service role only.
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
  if random() < 0.01 then
    delete from public.submission_rate_limits where window_start < now() - interval '48 hours';
  end if;

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;

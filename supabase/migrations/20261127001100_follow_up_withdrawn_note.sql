-- An answer to a check question that is no longer the one asked (the professor withdrew the note
-- while a student was writing, or a client sent another note's id) is left out, and the feedback
-- kept: the student could do nothing about a refusal, since a chosen radio cannot be unchosen
-- (docs/decisions/follow-up-checks.md). follow_up_answers' trigger still refuses such a row from
-- anyone writing the table directly, now with a code the edge functions pass on with its message.

create or replace function private.follow_up_answers_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.submissions s
    join public.class_sessions cs on cs.id = s.class_session_id
    where s.id = new.submission_id and (private.follow_up_note(cs.course_id, cs.session_date)).id = new.note_id
  ) then
    raise exception 'This check question is not open for this class session.' using errcode = 'CP400';
  end if;
  return new;
end;
$$;

-- create_submission(): as in …_follow_up_checks.sql, the answer inserted only when its note is the
-- one this session's students are asked.
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

  -- The optional answer to the previous session's check question. An answer to any other note (one
  -- the professor withdrew while the student was writing, or one never asked of this session) is
  -- left out and the feedback kept: the student could do nothing about it, and the feedback matters
  -- more. follow_up_answers' trigger still refuses such a row from anyone else.
  if p_content ? 'follow_up_answer'
     and (p_content ->> 'follow_up_note_id')::uuid is not distinct from (private.follow_up_note(p_course_id, s.session_date)).id then
    insert into public.follow_up_answers (submission_id, note_id, answer)
    values (new_id, (p_content ->> 'follow_up_note_id')::uuid, (p_content ->> 'follow_up_answer')::smallint);
  end if;

  -- Old counters go now and then, so the table stays small without a scheduler.
  perform private.prune_rate_limit_buckets();

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;

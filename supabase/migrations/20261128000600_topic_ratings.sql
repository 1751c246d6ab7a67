-- The students' ratings of a note's two topics (…_note_topics.sql): "How clear is ⟨topic⟩ to you
-- now?", 1 to 7, for the addressed topic and the control, sent with their feedback to the next
-- session. As follow_up_answers: keyed by the submission alone (no device, address or time beyond
-- the submission's own), deleted with it or with the note, read by nobody but follow_up_figures().

create table public.topic_ratings (
  submission_id uuid not null references public.submissions (id) on delete cascade,
  note_id uuid not null references public.session_notes (id) on delete cascade,
  side text not null constraint topic_ratings_side_check check (side in ('addressed', 'control')),
  rating smallint not null constraint topic_ratings_rating_check check (rating between 1 and 7),
  primary key (submission_id, side)
);
comment on table public.topic_ratings is 'A student''s 1–7 rating of how clear a note''s addressed topic or its control is now, sent with their feedback to the course''s next session.';
create index topic_ratings_note_idx on public.topic_ratings (note_id, side) include (submission_id, rating);

alter table public.topic_ratings enable row level security;
revoke all on public.topic_ratings from anon, authenticated;
grant all on public.topic_ratings to service_role;

-- A rating must be of the note its submission's students were asked, and a control rating of a
-- note that has a control. Definer's rights, as follow_up_answers' trigger.
create or replace function private.topic_ratings_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.submissions s
    join public.class_sessions cs on cs.id = s.class_session_id
    cross join lateral private.follow_up_note(cs.course_id, cs.session_date) n
    where s.id = new.submission_id and n.id = new.note_id
      and (new.side = 'addressed' or n.control_topic is not null)
  ) then
    raise exception 'This check question is not open for this class session.' using errcode = 'CP400';
  end if;
  return new;
end;
$$;
comment on function private.topic_ratings_before_insert() is 'Refuses a rating of a note (or a control) its submission''s students were not asked.';
revoke execute on function private.topic_ratings_before_insert() from public, anon, authenticated;
create trigger topic_ratings_before_insert before insert or update on public.topic_ratings
  for each row execute function private.topic_ratings_before_insert();

-- create_submission(): as in …_follow_up_withdrawn_note.sql; the content key follow_up_ratings
-- ({"addressed": 1–7, "control": 1–7}, either optional) with follow_up_note_id replaces the single
-- follow_up_answer, which is no longer asked.
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
  v_note public.session_notes;
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

  -- The ratings of the previous session's note's topics. Ratings for any other note (one the
  -- professor withdrew while the student was writing, or never asked of this session) are left out
  -- and the feedback kept; a rating out of 1–7 refuses the whole submission (topic_ratings' check).
  v_note := private.follow_up_note(p_course_id, s.session_date);
  if p_content ? 'follow_up_ratings' and v_note.id is not null
     and (p_content ->> 'follow_up_note_id')::uuid is not distinct from v_note.id then
    insert into public.topic_ratings (submission_id, note_id, side, rating)
    select new_id, v_note.id, r.side, (p_content -> 'follow_up_ratings' ->> r.side)::smallint
    from (values ('addressed'), ('control')) r(side)
    where p_content -> 'follow_up_ratings' ? r.side
      and (r.side = 'addressed' or v_note.control_topic is not null);
  end if;

  -- Old counters go now and then, so the table stays small without a scheduler.
  perform private.prune_rate_limit_buckets();

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;

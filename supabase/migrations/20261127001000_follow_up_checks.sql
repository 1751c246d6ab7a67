-- "Did it help?" (docs/decisions/follow-up-checks.md): a note may carry a check question; the
-- students of the course's next class session may answer it from 1 ("Still unclear") to 7 ("Clear
-- now") with their feedback. Answers are kept apart from the submissions (they count toward nothing
-- else) and are read only as figures, once both sides reach the course's min_public_responses.

-- The question, trimmed as the forms trim it; blank is no question.
alter table public.session_notes add column check_question text
  constraint session_notes_check_question_check
    check (check_question is null or (char_length(check_question) between 1 and 200 and check_question ~ '\S'));
comment on column public.session_notes.check_question is 'An optional follow-up question ("Is recursion clearer now?") that students of the course''s next session may answer from 1 to 7.';

grant insert (check_question) on public.session_notes to authenticated;
grant update (check_question) on public.session_notes to authenticated;

create or replace function private.session_notes_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ws constant text := e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
begin
  if tg_op = 'INSERT' then
    if not exists (
      select 1 from public.class_sessions cs
      where cs.id = new.session_id
        and (cs.course_id = any (array(select public.my_editable_course_ids())) or coalesce(auth.role(), '') <> 'authenticated')
    ) then
      raise exception 'Class session not found' using errcode = 'PT404';
    end if;
  else
    new.id := old.id;
    new.session_id := old.session_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, ws);
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A note must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  new.check_question := nullif(btrim(new.check_question, ws), '');
  if char_length(new.check_question) > 200 then
    raise exception 'A check question must be at most 200 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function private.session_notes_before_write() is 'Refuses notes on sessions the caller cannot read; trims and checks the body and the check question.';
revoke execute on function private.session_notes_before_write() from public, anon, authenticated;

-- The answers: one per submission at most, deleted with it (retention, "Delete all feedback", a
-- student's own deletion) or with the note. No device, address or time: the submission's own
-- columns say all that is kept. Written only by create_submission() (the submissions function);
-- nobody reads the rows, only follow_up_figures().
create table public.follow_up_answers (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  note_id uuid not null references public.session_notes (id) on delete cascade,
  answer smallint not null constraint follow_up_answers_answer_check check (answer between 1 and 7)
);
comment on table public.follow_up_answers is 'A student''s optional 1–7 answer to the check question of the note on the course''s previous session, sent with their feedback.';

create index follow_up_answers_note_idx on public.follow_up_answers (note_id) include (answer);

alter table public.follow_up_answers enable row level security;
revoke all on public.follow_up_answers from anon, authenticated;
grant all on public.follow_up_answers to service_role;

-- private.follow_up_note(course_id, session_date): the note whose check question the students of
-- that class day answer: the newest note with a question on the course's latest session before it.
create or replace function private.follow_up_note(p_course_id uuid, p_day date)
returns public.session_notes
language sql stable
set search_path = ''
as $$
  select n.*
  from public.session_notes n
  where n.session_id = (
      select cs.id from public.class_sessions cs
      where cs.course_id = p_course_id and cs.session_date < p_day
      order by cs.session_date desc limit 1
    )
    and n.check_question is not null
  order by n.created_at desc, n.id
  limit 1
$$;
comment on function private.follow_up_note(uuid, date) is 'The note (with a check question) that the students of a course''s class day may answer: on the course''s previous session.';
revoke execute on function private.follow_up_note(uuid, date) from public, anon, authenticated;

-- An answer must be to the check question its submission's students were asked (the note belongs
-- to the course, and to the session before the submission's).
-- Definer's rights: it reads the submission and private.follow_up_note() whoever writes (the
-- service role has no rights on schema private).
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
    raise exception 'This check question is not open for this class session.' using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function private.follow_up_answers_before_insert() is 'Refuses an answer to a check question its submission''s students were not asked.';
revoke execute on function private.follow_up_answers_before_insert() from public, anon, authenticated;
create trigger follow_up_answers_before_insert before insert or update on public.follow_up_answers
  for each row execute function private.follow_up_answers_before_insert();

-- public.follow_up_check(course_id, session): what a student's feedback form shows above it:
-- {noteId, body, checkQuestion, sessionDate} or null. session is the form's: a class session id,
-- a date, or none (today in the course's time zone). Anyone, like course_notes().
create or replace function public.follow_up_check(course_id uuid, session text default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('noteId', n.id, 'body', n.body, 'checkQuestion', n.check_question, 'sessionDate', cs.session_date)
  from (
    select c.id,
      case
        when follow_up_check.session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          (select x.session_date from public.class_sessions x where x.id = follow_up_check.session::uuid and x.course_id = c.id)
        when follow_up_check.session ~ '^\d{4}-\d{2}-\d{2}$' then
          (select follow_up_check.session::date where follow_up_check.session::date is not null)
        when coalesce(btrim(follow_up_check.session), '') = '' then
          (select d.session_date from private.class_day(c.timezone, now()) d)
      end as day
    from public.courses c
    where c.id = follow_up_check.course_id
  ) day
  cross join lateral private.follow_up_note(day.id, day.day) n
  join public.class_sessions cs on cs.id = n.session_id
  where day.day is not null and n.id is not null
$$;
comment on function public.follow_up_check(uuid, text) is 'The note and check question shown above a class day''s feedback form (the course''s previous session''s), or null.';
revoke execute on function public.follow_up_check(uuid, text) from public, anon, authenticated;
grant execute on function public.follow_up_check(uuid, text) to anon, authenticated, service_role;

-- public.follow_up_figures(note_id): {before: {mean, n}, after: {mean, n}} or null. "Before" is the
-- note's session: Variant B's clarity ratings, Variant A's quick reports at the middle of the
-- clarity band that confusion_level gives them (completely 1.5, very 3.5, slightly 5.5); "after"
-- is the answers. As on the public course page, hidden feedback is left out, and unreviewed
-- feedback too when the course reviews before publishing; null until both sides count at least
-- the course's min_public_responses, or when the note has no check question. Anyone (the course
-- page shows them); the live view and the report read the same.
create or replace function public.follow_up_figures(note_id uuid)
returns json
language sql stable
security definer
set search_path = ''
as $$
  with note as (
    select n.id, n.session_id, c.min_public_responses as k, c.review_before_publishing as review
    from public.session_notes n
    join public.class_sessions cs on cs.id = n.session_id
    join public.courses c on c.id = cs.course_id
    where n.id = follow_up_figures.note_id and n.check_question is not null
  ),
  before as (
    select count(v.clarity) as n, round(avg(v.clarity), 1) as mean
    from note, lateral (
      select coalesce(s.clarity_rating::numeric,
        case s.difficulty_level when 'completely' then 1.5 when 'very' then 3.5 when 'slightly' then 5.5 end) as clarity
      from public.submissions s
      where s.class_session_id = note.session_id and s.hidden_at is null and (not note.review or s.reviewed_at is not null)
    ) v
  ),
  after as (
    select count(*) as n, round(avg(a.answer), 1) as mean
    from note
    join public.follow_up_answers a on a.note_id = note.id
    join public.submissions s on s.id = a.submission_id
    where s.hidden_at is null and (not note.review or s.reviewed_at is not null)
  )
  select json_build_object('before', json_build_object('mean', before.mean, 'n', before.n),
                           'after', json_build_object('mean', after.mean, 'n', after.n))
  from note, before, after
  where before.n >= note.k and after.n >= note.k
$$;
comment on function public.follow_up_figures(uuid) is 'A check question''s figures, clarity before (the note''s session) and after (the answers), once both reach the course''s minimum of public responses; else null.';
revoke execute on function public.follow_up_figures(uuid) from public, anon, authenticated;
grant execute on function public.follow_up_figures(uuid) to anon, authenticated, service_role;

-- course_notes(): also each note's check question and figures (null until shown).
create or replace function public.course_notes(course_id uuid, max_items integer default 20, session_id uuid default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', t.id, 'sessionId', t.session_id, 'sessionDate', t.session_date, 'body', t.body, 'createdAt', t.created_at,
    'checkQuestion', t.check_question, 'figures', public.follow_up_figures(t.id)
  ) order by t.created_at desc, t.id), '[]'::json)
  from (
    select n.id, n.session_id, cs.session_date, n.body, n.created_at, n.check_question
    from public.class_sessions cs
    join public.session_notes n on n.session_id = cs.id
    where cs.course_id = course_notes.course_id
      and (course_notes.session_id is null or cs.id = course_notes.session_id)
    order by n.created_at desc, n.id
    limit least(greatest(coalesce(course_notes.max_items, 20), 1), 100)
  ) t
$$;
comment on function public.course_notes(uuid, integer, uuid) is 'The public "you said, we did" notes of a course (or of one of its sessions), newest first, with their check questions and figures.';

-- create_submission(): as before (…_submission_writes.sql), and it stores the optional follow-up
-- answer (content keys follow_up_note_id, follow_up_answer) in the same transaction.
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

  -- The optional answer to the previous session's check question (follow_up_answers' trigger
  -- checks that it is that question's).
  if p_content ? 'follow_up_answer' then
    insert into public.follow_up_answers (submission_id, note_id, answer)
    values (new_id, (p_content ->> 'follow_up_note_id')::uuid, (p_content ->> 'follow_up_answer')::smallint);
  end if;

  -- Old counters go now and then, so the table stays small without a scheduler.
  perform private.prune_rate_limit_buckets();

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$$;
comment on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) is 'The submissions edge function''s one round trip: session check, rate limits and insert in one transaction, so a lecture''s burst stays fast and limits hold.';
revoke execute on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.create_submission(uuid, text, text, jsonb, text, text, text, jsonb) to service_role;


-- Submissions: anonymous feedback of both kinds. Nothing here identifies a student: no IP, no
-- user agent, no device id; only the hash of the edit token the student holds.

create table public.submissions (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  kind text not null check (kind in ('quick', 'session')),
  edit_token_hash text not null check (edit_token_hash ~ '^[0-9a-f]{64}$'),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  -- Variant A ("quick"); for "session" rows topic is the session's topic or 'Session feedback'.
  topic text not null check (char_length(topic) between 1 and 255 and topic ~ '\S'),
  confusion text check (char_length(confusion) between 10 and 2000),
  difficulty_level text check (difficulty_level in ('slightly', 'very', 'completely')),

  -- Variant B ("session").
  mind_after_session text check (char_length(mind_after_session) between 1 and 2000 and mind_after_session ~ '\S'),
  unclear_parts text check (char_length(unclear_parts) between 1 and 2000 and unclear_parts ~ '\S'),
  went_well text check (char_length(went_well) between 1 and 2000 and went_well ~ '\S'),
  pace text check (pace in ('too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast')),
  challenge_level text check (challenge_level in ('far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard')),
  clarity_rating smallint check (clarity_rating between 1 and 7),
  confidence_level smallint check (confidence_level between 0 and 100 and confidence_level % 5 = 0),

  -- How confused, for both kinds: Variant B's clarity 1–2 completely, 3–4 very, 5–6 slightly, 7 not.
  confusion_level text generated always as (
    case
      when kind = 'quick' then difficulty_level
      when clarity_rating <= 2 then 'completely'
      when clarity_rating <= 4 then 'very'
      when clarity_rating <= 6 then 'slightly'
    end
  ) stored,
  -- The text a professor reads as "what was confusing", for both kinds.
  confusion_text text generated always as (coalesce(confusion, unclear_parts)) stored,
  -- Topics group ignoring case and spaces ("Big O", "big-o " is not the same, "bigo" is).
  topic_key text generated always as (lower(regexp_replace(topic, '\s+', '', 'g'))) stored,

  constraint quick_has_its_fields check (
    kind <> 'quick' or (
      confusion is not null and difficulty_level is not null
      and mind_after_session is null and unclear_parts is null and went_well is null and pace is null
      and challenge_level is null and clarity_rating is null and confidence_level is null
    )
  ),
  constraint session_has_its_fields check (
    kind <> 'session' or (
      mind_after_session is not null and unclear_parts is not null and went_well is not null
      and pace is not null and challenge_level is not null and clarity_rating is not null
      and confidence_level is not null and confusion is null and difficulty_level is null
    )
  )
);
comment on table public.submissions is 'Anonymous student feedback on one class session (quick = Variant A, session = Variant B): what professors read to improve their teaching.';

-- Dashboards and patterns read a professor's courses over a date range; the include list makes
-- those reads index-only.
create index submissions_course_created_idx on public.submissions (course_id, created_at desc)
  include (topic_key, topic, confusion_level, kind);
create index submissions_pending_idx on public.submissions (course_id) where reviewed_at is null;

create trigger submissions_touch_updated_at before update on public.submissions
  for each row execute function public.touch_updated_at();

alter table public.submissions enable row level security;

-- Students write through the submissions edge function only (service role). Professors read their
-- own courses' feedback and may mark it reviewed; nobody else reads it from this table.
revoke all on public.submissions from anon, authenticated;
grant select (
  id, course_id, class_session_id, kind, reviewed_at, created_at, updated_at, topic, confusion,
  difficulty_level, mind_after_session, unclear_parts, went_well, pace, challenge_level,
  clarity_rating, confidence_level, confusion_level, confusion_text, topic_key
) on public.submissions to authenticated;
grant update (reviewed_at) on public.submissions to authenticated;
grant all on public.submissions to service_role;

create policy "professors read their courses' feedback" on public.submissions
  for select to authenticated
  using (course_id = any (array(select public.my_course_ids())));
create policy "professors mark their courses' feedback reviewed" on public.submissions
  for update to authenticated
  using (course_id = any (array(select public.my_course_ids())))
  with check (course_id = any (array(select public.my_course_ids())));

-- mark_reviewed(ids, reviewed?): marks (or un-marks) the caller's own submissions; returns how many changed.
create or replace function public.mark_reviewed(ids uuid[], reviewed boolean default true)
returns integer
language sql
set search_path = ''
as $$
  with changed as (
    update public.submissions s
    set reviewed_at = case when mark_reviewed.reviewed then coalesce(s.reviewed_at, now()) end
    where s.id = any (mark_reviewed.ids)
      and (s.reviewed_at is null) = mark_reviewed.reviewed
    returning 1
  )
  select count(*)::integer from changed
$$;
comment on function public.mark_reviewed(uuid[], boolean) is 'Lets a professor mark a batch of their feedback reviewed (or not) in one call; row-level security limits it to their courses.';
revoke execute on function public.mark_reviewed(uuid[], boolean) from public, anon, authenticated;
grant execute on function public.mark_reviewed(uuid[], boolean) to authenticated, service_role;

-- course_timeline(course_id, max_items), the public course page's feedback, is defined in
-- …_moderation.sql: it honours the moderation and small-class settings added after this file.

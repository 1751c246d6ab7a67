-- Confusion patterns at scale: a daily roll-up of the confusing responses per course and topic.
-- confusion_patterns over 90 days read every response of the period (35,000 for a professor with
-- ten busy courses when the table holds 1,000,000), which took 20 ms of grouping in Postgres
-- alone; the roll-up turns a day of a course into one row per topic.
--
-- What the roll-up holds: whole UTC days up to `rolled_before`, which the hourly job moves to the
-- start of yesterday (UTC), so a day is rolled up only once no submission of it can still be in
-- flight. confusion_patterns reads the rolled-up days and adds the raw responses they do not cover
-- (yesterday, today, and the part of the first day after its cutoff): the answer is the same with
-- or without the job, only slower without it. The job runs with pg_cron on hosted projects
-- (…_retention_schedule.sql) and from the local stack's own timer (stack/retention.ts).
--
-- Responses that reach rolled-up days later change their days at once, so the roll-up is never
-- stale: a back-dated insert (only the service role can set created_at: the seed, a data import)
-- is added; an edit, a delete, a purge or a truncate recounts or clears its days. New feedback is
-- never back-dated, so the triggers' WHEN keeps the student write path free of this work. A bulk
-- load with triggers off (session_replication_role = replica, as the benchmark's does) calls
-- private.rebuild_topic_days() afterwards.

create table private.topic_days (
  course_id uuid not null references public.courses (id) on delete cascade,
  -- The UTC day of the responses' created_at.
  day date not null,
  topic_key text not null,
  -- The spelling shown: the first in code-point order of the day (min(topic), as confusion_patterns takes).
  topic text not null,
  responses integer not null check (responses > 0),
  slightly integer not null check (slightly >= 0),
  very integer not null check (very >= 0),
  completely integer not null check (completely >= 0),
  latest timestamptz not null,
  primary key (course_id, day, topic_key),
  check (slightly + very + completely = responses)
);
comment on table private.topic_days is 'Confusing responses per course, UTC day and topic, for whole days before topic_days_state.rolled_before: what confusion_patterns reads instead of every response.';

create table private.topic_days_state (
  singleton boolean primary key default true check (singleton),
  -- topic_days holds exactly the days before this UTC midnight ('-infinity': none yet).
  rolled_before timestamptz not null default '-infinity'
);
comment on table private.topic_days_state is 'How far topic_days reaches: every day before rolled_before is rolled up, none after.';
insert into private.topic_days_state default values;

-- Only the functions below (and the service role) touch them; no API role reaches `private` anyway.
alter table private.topic_days enable row level security;
alter table private.topic_days_state enable row level security;
revoke all on private.topic_days, private.topic_days_state from public, anon, authenticated;
grant all on private.topic_days, private.topic_days_state to service_role;

-- The roll-up rows of one course's responses from p_from to before p_to (whole UTC days): the
-- one count the job and the recounts share. Reads the (course_id, created_at) index, which carries
-- the topic and the level.
create or replace function private.count_topic_days(p_course_id uuid, p_from timestamptz, p_to timestamptz)
returns setof private.topic_days
language sql stable
set search_path = ''
as $$
  select s.course_id, (s.created_at at time zone 'UTC')::date, s.topic_key, min(s.topic), count(*)::integer,
    (count(*) filter (where s.confusion_level = 'slightly'))::integer,
    (count(*) filter (where s.confusion_level = 'very'))::integer,
    (count(*) filter (where s.confusion_level = 'completely'))::integer,
    max(s.created_at)
  from public.submissions s
  where s.course_id = p_course_id and s.created_at >= p_from and s.created_at < p_to and s.confusion_level is not null
  group by s.course_id, 2, s.topic_key
$$;
comment on function private.count_topic_days(uuid, timestamptz, timestamptz) is 'Counts a course''s confusing responses per UTC day and topic, the same way for the job and every recount.';

-- Recounts whole days of courses from their responses (pairs of p_courses[i], p_days[i]): what a
-- change to rolled-up days calls.
create or replace function private.recount_topic_days(p_courses uuid[], p_days date[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  delete from private.topic_days t
  using unnest(p_courses, p_days) k(course_id, day)
  where t.course_id = k.course_id and t.day = k.day;

  insert into private.topic_days
  select d.*
  from (select distinct u.course_id, u.day from unnest(p_courses, p_days) u(course_id, day)) k
  cross join lateral private.count_topic_days(
    k.course_id, k.day::timestamp at time zone 'UTC', (k.day + 1)::timestamp at time zone 'UTC') d;
end;
$$;
comment on function private.recount_topic_days(uuid[], date[]) is 'Makes rolled-up days of courses match their responses again after a change.';

-- Rolls up every whole day before the start of yesterday (UTC) not rolled up yet → days added.
-- The state row's lock serialises runs and the triggers below.
create or replace function private.roll_up_topic_days()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  rolled timestamptz;
  target timestamptz := date_trunc('day', now(), 'UTC') - interval '1 day';
  added integer;
begin
  select st.rolled_before into rolled from private.topic_days_state st for update;
  if target <= rolled then
    return 0;
  end if;
  -- Course by course, so each reads its range of the (course_id, created_at) index.
  insert into private.topic_days
  select d.* from public.courses c cross join lateral private.count_topic_days(c.id, rolled, target) d;
  get diagnostics added = row_count;
  update private.topic_days_state set rolled_before = target;
  return added;
end;
$$;
comment on function private.roll_up_topic_days() is 'The hourly job: adds the days that can no longer change on their own to the roll-up confusion_patterns reads.';

-- Starts the roll-up again from nothing (after a bulk load with triggers off) → days added.
create or replace function private.rebuild_topic_days()
returns integer
language plpgsql
set search_path = ''
as $$
begin
  perform 1 from private.topic_days_state for update;
  delete from private.topic_days;
  update private.topic_days_state set rolled_before = '-infinity';
  return private.roll_up_topic_days();
end;
$$;
comment on function private.rebuild_topic_days() is 'Rolls every day up again from the responses, for after a bulk load that bypassed the triggers.';

-- A back-dated response on a rolled-up day is added to its day.
create or replace function private.topic_days_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Shares the lock roll_up_topic_days() takes, so a run cannot miss this row.
  if new.created_at < (select st.rolled_before from private.topic_days_state st for share) then
    insert into private.topic_days as t (course_id, day, topic_key, topic, responses, slightly, very, completely, latest)
    values (
      new.course_id, (new.created_at at time zone 'UTC')::date, new.topic_key, new.topic, 1,
      (new.confusion_level = 'slightly')::integer, (new.confusion_level = 'very')::integer,
      (new.confusion_level = 'completely')::integer, new.created_at
    )
    on conflict (course_id, day, topic_key) do update set
      topic = least(t.topic, excluded.topic),
      responses = t.responses + 1,
      slightly = t.slightly + excluded.slightly,
      very = t.very + excluded.very,
      completely = t.completely + excluded.completely,
      latest = greatest(t.latest, excluded.latest);
  end if;
  return null;
end;
$$;
comment on function private.topic_days_after_insert() is 'Adds a back-dated response to its rolled-up day, so the roll-up stays exact.';

-- An edit of a response on a rolled-up day recounts its old and new day.
create or replace function private.topic_days_after_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rolled timestamptz := (select st.rolled_before from private.topic_days_state st for share);
begin
  if old.created_at < rolled or new.created_at < rolled then
    perform private.recount_topic_days(
      array[old.course_id, new.course_id],
      array[(old.created_at at time zone 'UTC')::date, (new.created_at at time zone 'UTC')::date]);
  end if;
  return null;
end;
$$;
comment on function private.topic_days_after_update() is 'Recounts the rolled-up days an edit of an old response touches, so the roll-up stays exact.';

-- Deleted responses (a purge, a course's feedback deleted, an account closed) recount their days.
create or replace function private.topic_days_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rolled timestamptz := (select st.rolled_before from private.topic_days_state st for share);
  courses uuid[];
  days date[];
begin
  select array_agg(g.course_id), array_agg(g.day) into courses, days
  from (
    select distinct d.course_id, (d.created_at at time zone 'UTC')::date as day
    from gone d where d.created_at < rolled and d.confusion_level is not null
  ) g;
  if courses is not null then
    perform private.recount_topic_days(courses, days);
  end if;
  return null;
end;
$$;
comment on function private.topic_days_after_delete() is 'Recounts the rolled-up days deleted responses leave, so a purge or deletion shows at once.';

create or replace function private.topic_days_after_truncate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.topic_days;
  return null;
end;
$$;
comment on function private.topic_days_after_truncate() is 'Empties the roll-up when every response goes at once.';

revoke execute on function private.count_topic_days(uuid, timestamptz, timestamptz),
  private.recount_topic_days(uuid[], date[]), private.roll_up_topic_days(),
  private.rebuild_topic_days(), private.topic_days_after_insert(), private.topic_days_after_update(),
  private.topic_days_after_delete(), private.topic_days_after_truncate()
  from public, anon, authenticated;

-- 12 hours: far before any rolled-up day ends (yesterday's start, UTC) yet far after the start of
-- any transaction still writing, so these never fire for a student's own feedback.
create trigger topic_days_back_dated_insert after insert on public.submissions
  for each row when (new.confusion_level is not null and new.created_at < clock_timestamp() - interval '12 hours')
  execute function private.topic_days_after_insert();
create trigger topic_days_old_update
  after update of course_id, created_at, kind, topic, difficulty_level, clarity_rating on public.submissions
  for each row when (old.created_at < clock_timestamp() - interval '12 hours' or new.created_at < clock_timestamp() - interval '12 hours')
  execute function private.topic_days_after_update();
create trigger topic_days_delete after delete on public.submissions
  referencing old table as gone
  for each statement execute function private.topic_days_after_delete();
create trigger topic_days_truncate after truncate on public.submissions
  for each statement execute function private.topic_days_after_truncate();

-- confusion_patterns(days, course_id?): the 10 most frequent confusing topics of the last `days`
-- days: [{topic, course, courseId, count, difficultyDistribution {slightly, very, completely}}].
-- Topics group per course ignoring case and spaces (shown in their first spelling in code-point
-- order, e.g. "Big O" before "big o"); feedback that was not confusing is left out. The whole UTC
-- days after the cutoff that the roll-up holds come from it, the rest of the period from the
-- responses: before the first whole day, and from where the roll-up stops. Definer's rights (the
-- roll-up is private); the team check is explicit.
create or replace function public.confusion_patterns(days integer default 7, course_id uuid default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  with bounds as (
    select b.since, date_trunc('day', b.since, 'UTC') + interval '1 day' as first_whole_day,
      (select st.rolled_before from private.topic_days_state st) as rolled
    from (select now() - make_interval(days => least(greatest(coalesce(confusion_patterns.days, 7), 1), 366)) as since) b
  ),
  mine as (
    select array(
      select m.id from public.my_course_ids() m(id)
      where confusion_patterns.course_id is null or m.id = confusion_patterns.course_id
    ) as ids
  ),
  parts as (
    select t.course_id, t.topic_key, t.topic, t.responses as n, t.slightly, t.very, t.completely, t.latest
    from private.topic_days t
    where t.course_id = any ((select mine.ids from mine)::uuid[])
      and t.day >= (select (b.first_whole_day at time zone 'UTC')::date from bounds b)
      and t.day < (select (b.rolled at time zone 'UTC')::date from bounds b)
    union all
    select s.course_id, s.topic_key, s.topic, 1, (s.confusion_level = 'slightly')::integer,
      (s.confusion_level = 'very')::integer, (s.confusion_level = 'completely')::integer, s.created_at
    from public.submissions s
    where s.course_id = any ((select mine.ids from mine)::uuid[])
      and s.created_at > (select b.since from bounds b)
      and s.created_at < (select b.first_whole_day from bounds b)
      and s.confusion_level is not null
    union all
    select s.course_id, s.topic_key, s.topic, 1, (s.confusion_level = 'slightly')::integer,
      (s.confusion_level = 'very')::integer, (s.confusion_level = 'completely')::integer, s.created_at
    from public.submissions s
    where s.course_id = any ((select mine.ids from mine)::uuid[])
      and s.created_at >= (select greatest(b.rolled, b.first_whole_day) from bounds b)
      and s.confusion_level is not null
  )
  select coalesce(json_agg(json_build_object(
    'topic', p.topic, 'course', c.code, 'courseId', p.course_id, 'count', p.n,
    'difficultyDistribution', json_build_object('slightly', p.slightly, 'very', p.very, 'completely', p.completely)
  ) order by p.n desc, p.latest desc, p.topic, p.course_id), '[]'::json)
  from (
    select parts.course_id, min(parts.topic) as topic, sum(parts.n) as n, sum(parts.slightly) as slightly,
      sum(parts.very) as very, sum(parts.completely) as completely, max(parts.latest) as latest
    from parts
    group by parts.course_id, parts.topic_key
    -- Ties fall to the topic, then the course, so the answer does not change between calls.
    order by sum(parts.n) desc, max(parts.latest) desc, min(parts.topic), parts.course_id
    limit 10
  ) p
  join public.courses c on c.id = p.course_id
$$;
comment on function public.confusion_patterns(integer, uuid) is 'Shows a professor which topics confuse students most over a period, so they know what to revisit.';
revoke execute on function public.confusion_patterns(integer, uuid) from public, anon, authenticated;
grant execute on function public.confusion_patterns(integer, uuid) to authenticated, service_role;

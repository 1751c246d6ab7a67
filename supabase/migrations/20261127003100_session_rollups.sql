-- The term report at scale: a roll-up of each ended class session, so term_report reads a row per
-- session instead of every response of the term (about 90 ms at 1,000,000 responses; target 50).
--
-- What a roll-up holds is everything term_report needs of one session that does not depend on the
-- course's small-class minimum: its counts, means, pace and challenge, its three most shared
-- confusions (the week's top three are always among its sessions' top threes, ranked the same way)
-- and its alarm peaks. Whether a session is `protected` is decided when the report is read, from
-- the stored count and the course's min_public_responses, as before.
--
-- Written by private.roll_up_sessions() for sessions ended at least five minutes ago (pg_cron on
-- hosted projects, …_session_rollups_schedule.sql; the local stack's hourly timer,
-- stack/retention.ts); term_report computes a session without a roll-up from its responses, with
-- the same function, so the answer is the same with or without the job, only slower without it.
--
-- Never stale: every change a roll-up depends on drops it (a response added, edited, hidden,
-- reviewed, moved or deleted; a "me too" or a tally; a course's review or alarm settings; a
-- session's end moved), and the next run writes it again. A run and a change to the same ended
-- session are ordered by a lock on the session's row: the run takes FOR SHARE before it computes,
-- the change FOR NO KEY UPDATE before it drops, so a run either sees the change or is undone by it.
-- Open sessions take no lock: no roll-up exists for them, so the student write path only deletes
-- nothing by primary key.

create table private.session_rollups (
  session_id uuid primary key references public.class_sessions (id) on delete cascade,
  responses integer not null check (responses >= 0),
  session_feedback integer not null check (session_feedback between 0 and responses),
  mean_clarity numeric,
  mean_confidence numeric,
  -- {too_slow, slightly_slow, just_right, slightly_fast, too_fast} and {far_too_easy, …}: counts.
  pace json not null,
  challenge json not null,
  -- The three most shared confusions that may be shown (not hidden; reviewed when the course
  -- reviews before publishing): students desc, then id, as the report ranks them.
  text_ids uuid[] not null,
  text_bodies text[] not null,
  text_students integer[] not null,
  -- The alarm's peaks, in order: when each began and ended, and its highest share with its counts.
  peak_starts timestamptz[] not null,
  peak_ends timestamptz[] not null,
  peak_recent integer[] not null,
  peak_lost integer[] not null,
  peak_shares numeric[] not null,
  rolled_at timestamptz not null default now(),
  check (cardinality(text_ids) <= 3 and cardinality(text_bodies) = cardinality(text_ids)
    and cardinality(text_students) = cardinality(text_ids)),
  check (cardinality(peak_ends) = cardinality(peak_starts) and cardinality(peak_recent) = cardinality(peak_starts)
    and cardinality(peak_lost) = cardinality(peak_starts) and cardinality(peak_shares) = cardinality(peak_starts))
);
comment on table private.session_rollups is 'Per ended class session: the counts, means, distributions, top three confusions and alarm peaks term_report reads instead of every response; dropped by any change to what it sums.';

alter table private.session_rollups enable row level security;
revoke all on private.session_rollups from public, anon, authenticated;
grant all on private.session_rollups to service_role;

-- One session's roll-up, computed from its responses: what the job stores and what term_report
-- computes for a session without one. The rules are term_report's own (…_term_report.sql).
create or replace function private.session_rollup(p_session_id uuid)
returns setof private.session_rollups
language sql
stable
set search_path = ''
as $$
  select cs.id, a.n, a.b_count, a.mean_clarity, a.mean_confidence, a.pace, a.challenge,
    coalesce(tx.ids, '{}'), coalesce(tx.bodies, '{}'), coalesce(tx.students, '{}'),
    coalesce(pk.starts, '{}'), coalesce(pk.ends, '{}'), coalesce(pk.recent, '{}'), coalesce(pk.lost, '{}'),
    coalesce(pk.shares, '{}'), now()
  from public.class_sessions cs
  join public.courses c on c.id = cs.course_id
  cross join lateral (
    select
      count(*)::integer as n,
      count(s.clarity_rating)::integer as b_count,
      round(avg(s.clarity_rating), 2) as mean_clarity,
      round(avg(s.confidence_level), 1) as mean_confidence,
      json_build_object(
        'too_slow', count(*) filter (where s.pace = 'too_slow'),
        'slightly_slow', count(*) filter (where s.pace = 'slightly_slow'),
        'just_right', count(*) filter (where s.pace = 'just_right'),
        'slightly_fast', count(*) filter (where s.pace = 'slightly_fast'),
        'too_fast', count(*) filter (where s.pace = 'too_fast')
      ) as pace,
      json_build_object(
        'far_too_easy', count(*) filter (where s.challenge_level = 'far_too_easy'),
        'slightly_easy', count(*) filter (where s.challenge_level = 'slightly_easy'),
        'challenging_manageable', count(*) filter (where s.challenge_level = 'challenging_manageable'),
        'slightly_hard', count(*) filter (where s.challenge_level = 'slightly_hard'),
        'far_too_hard', count(*) filter (where s.challenge_level = 'far_too_hard')
      ) as challenge
    from public.submissions s
    where s.class_session_id = cs.id
  ) a
  cross join lateral (
    select array_agg(t.id order by t.students desc, t.id) as ids,
      array_agg(t.body order by t.students desc, t.id) as bodies,
      array_agg(t.students order by t.students desc, t.id) as students
    from (
      select x.id, btrim(x.confusion_text) as body,
        (1 + coalesce((select count(*) from public.me_too m where m.submission_id = x.id), 0)
          + coalesce((select tl.me_toos from public.me_too_tallies tl where tl.submission_id = x.id), 0))::integer as students
      from public.submissions x
      where x.class_session_id = cs.id
        and x.confusion_text ~ '\S'
        and x.hidden_at is null
        and (not c.review_before_publishing or x.reviewed_at is not null)
      order by students desc, x.id
      limit 3
    ) t
  ) tx
  cross join lateral (
    select array_agg(p.start_at order by p.start_at) as starts, array_agg(p.end_at order by p.start_at) as ends,
      array_agg(p.recent order by p.start_at) as recent, array_agg(p.lost order by p.start_at) as lost,
      array_agg(p.share order by p.start_at) as shares
    from (
      select min(i.created_at) - make_interval(mins => c.alarm_window_minutes) as start_at, max(i.created_at) as end_at,
        (array_agg(i.recent order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as recent,
        (array_agg(i.lost order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as lost,
        (array_agg(round(i.lost::numeric / i.recent, 3) order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as share
      from (
        select w.*, sum(case when w.firing then 0 else 1 end) over (order by w.created_at) as island
        from (
          select r.created_at, r.recent::integer as recent, r.lost::integer as lost,
            r.recent >= c.alarm_min_responses and r.lost >= c.alarm_lost_share * r.recent as firing
          from (
            select x.created_at,
              count(*) over win as recent,
              count(*) filter (where x.confusion_level = 'completely') over win as lost
            from public.submissions x
            where x.class_session_id = cs.id
            window win as (order by x.created_at range between make_interval(mins => c.alarm_window_minutes) preceding and current row)
          ) r
        ) w
      ) i
      where i.firing
      group by i.island
    ) p
    where a.n >= c.alarm_min_responses
  ) pk
  where cs.id = p_session_id
$$;
comment on function private.session_rollup(uuid) is 'Computes one class session''s roll-up for the term report from its responses, "me too"s and its course''s review and alarm settings.';

-- Drops the roll-ups of these sessions after a change to what they sum. An ended session's row is
-- locked first, so a run writing its roll-up either finishes before (and its roll-up is dropped
-- here) or starts after this transaction (and sees the change).
create or replace function private.drop_session_rollups(p_sessions uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_sessions is null or cardinality(p_sessions) = 0 then
    return;
  end if;
  perform 1 from public.class_sessions cs
  where cs.id = any (p_sessions) and cs.expires_at <= now()
  order by cs.id
  for no key update;
  delete from private.session_rollups r where r.session_id = any (p_sessions);
end;
$$;
comment on function private.drop_session_rollups(uuid[]) is 'Drops class sessions'' term-report roll-ups after a change to what they sum, ordered against a run writing them.';

-- Writes the roll-ups of sessions ended at least five minutes ago that have none (of one course when
-- p_course_id is given), at most p_limit in one run → roll-ups written. Row locks only, so any
-- number of sessions fits; a session that a change holds is skipped, never waited for (so a run
-- and a change cannot deadlock), and rolled up by the next run.
create or replace function private.roll_up_sessions(p_limit integer default 2000, p_course_id uuid default null)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  ids uuid[];
  added integer;
begin
  -- Locked first, computed in the next statement: its snapshot holds every change committed before
  -- the locks were granted, and a change after them waits for this transaction, then drops.
  select array_agg(l.id) into ids
  from (
    select cs.id from public.class_sessions cs
    where cs.expires_at <= now() - interval '5 minutes'
      and (p_course_id is null or cs.course_id = p_course_id)
      and not exists (select 1 from private.session_rollups r where r.session_id = cs.id)
    order by cs.id
    limit p_limit
    for share of cs skip locked
  ) l;
  if ids is null then
    return 0;
  end if;
  insert into private.session_rollups
  select r.* from unnest(ids) i(id) cross join lateral private.session_rollup(i.id) r
  on conflict (session_id) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
comment on function private.roll_up_sessions(integer, uuid) is 'The job: writes the term-report roll-ups of class sessions that ended at least five minutes ago.';

revoke execute on function private.session_rollup(uuid), private.drop_session_rollups(uuid[]),
  private.roll_up_sessions(integer, uuid) from public, anon, authenticated;
grant execute on function private.session_rollup(uuid), private.drop_session_rollups(uuid[]),
  private.roll_up_sessions(integer, uuid) to service_role;

-- What drops roll-ups. Statement triggers with transition tables: a purge of thousands of
-- responses drops each session once.
create or replace function private.session_rollups_after_submissions_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.drop_session_rollups(array(select distinct n.class_session_id from added n));
  return null;
end;
$$;
create or replace function private.session_rollups_after_submissions_update()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.drop_session_rollups(array(
    select o.class_session_id from before_rows o union select n.class_session_id from after_rows n));
  return null;
end;
$$;
create or replace function private.session_rollups_after_submissions_delete()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.drop_session_rollups(array(select distinct o.class_session_id from gone o));
  return null;
end;
$$;
create trigger session_rollups_after_insert after insert on public.submissions
  referencing new table as added for each statement execute function private.session_rollups_after_submissions_insert();
create trigger session_rollups_after_update after update on public.submissions
  referencing old table as before_rows new table as after_rows
  for each statement execute function private.session_rollups_after_submissions_update();
create trigger session_rollups_after_delete after delete on public.submissions
  referencing old table as gone for each statement execute function private.session_rollups_after_submissions_delete();

-- A "me too" or a tally changes a text's students.
create or replace function private.session_rollups_after_me_too()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.drop_session_rollups(array(
      select distinct s.class_session_id from public.submissions s where s.id in (select n.submission_id from after_rows n)));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform private.drop_session_rollups(array(
      select distinct s.class_session_id from public.submissions s where s.id in (select o.submission_id from before_rows o)));
  end if;
  return null;
end;
$$;
create trigger session_rollups_after_insert after insert on public.me_too
  referencing new table as after_rows for each statement execute function private.session_rollups_after_me_too();
create trigger session_rollups_after_delete after delete on public.me_too
  referencing old table as before_rows for each statement execute function private.session_rollups_after_me_too();
create trigger session_rollups_after_insert after insert on public.me_too_tallies
  referencing new table as after_rows for each statement execute function private.session_rollups_after_me_too();
create trigger session_rollups_after_update after update on public.me_too_tallies
  referencing old table as before_rows new table as after_rows
  for each statement execute function private.session_rollups_after_me_too();
create trigger session_rollups_after_delete after delete on public.me_too_tallies
  referencing old table as before_rows for each statement execute function private.session_rollups_after_me_too();

-- A course's review rule decides which texts may be shown; its alarm settings decide the peaks.
create or replace function private.session_rollups_after_course_rules()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.drop_session_rollups(array(select cs.id from public.class_sessions cs where cs.course_id = new.id));
  return null;
end;
$$;
create trigger session_rollups_after_rules
  after update of review_before_publishing, alarm_window_minutes, alarm_min_responses, alarm_lost_share on public.courses
  for each row
  when (old.review_before_publishing is distinct from new.review_before_publishing
    or old.alarm_window_minutes is distinct from new.alarm_window_minutes
    or old.alarm_min_responses is distinct from new.alarm_min_responses
    or old.alarm_lost_share is distinct from new.alarm_lost_share)
  execute function private.session_rollups_after_course_rules();

-- A session whose end moves (opened again) is no longer ended: its roll-up goes until it ends.
create or replace function private.session_rollups_after_session_end()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  delete from private.session_rollups r where r.session_id = new.id;
  return null;
end;
$$;
create trigger session_rollups_after_end_moved
  after update of expires_at on public.class_sessions
  for each row when (old.expires_at is distinct from new.expires_at)
  execute function private.session_rollups_after_session_end();

comment on function private.session_rollups_after_submissions_insert() is 'Drops the term-report roll-ups of the sessions new responses join.';
comment on function private.session_rollups_after_submissions_update() is 'Drops the term-report roll-ups of the sessions whose responses were edited, hidden, reviewed or moved.';
comment on function private.session_rollups_after_submissions_delete() is 'Drops the term-report roll-ups of the sessions whose responses were deleted.';
comment on function private.session_rollups_after_me_too() is 'Drops the term-report roll-ups of the sessions whose texts gained or lost a "me too".';
comment on function private.session_rollups_after_course_rules() is 'Drops a course''s term-report roll-ups when its review or alarm settings change what they hold.';
comment on function private.session_rollups_after_session_end() is 'Drops a class session''s term-report roll-up when its end moves.';

revoke execute on function private.session_rollups_after_submissions_insert(), private.session_rollups_after_submissions_update(),
  private.session_rollups_after_submissions_delete(), private.session_rollups_after_me_too(),
  private.session_rollups_after_course_rules(), private.session_rollups_after_session_end() from public, anon, authenticated;

-- Retention and deletion: feedback expires per course (courses.retention_days, …_course_privacy_settings.sql),
-- a course's team may delete all of its feedback at once, and a professor may delete their account.
--
-- What "expired" means, exactly (purge_expired_feedback):
--   * A course keeps its feedback forever when retention_days is null ("never").
--   * Otherwise the course's clock starts at the end of its last class day: the first moment of
--     the day after its latest class_sessions.session_date, in the course's own time zone.
--     Retention_days calendar days later (same zone) is the course's expiry moment E. While `at`
--     is at or before E, nothing of the course is deleted; from the first instant after E on, its
--     feedback goes. A new class session moves E forward, so a course still being taught keeps
--     all of its feedback; a course with no class session has no feedback (every submission
--     belongs to a session).
--   * Whatever the course clock says, a submission is deleted only when it is itself more than
--     retention_days old at `at` (created_at earlier than `at` minus retention_days calendar days
--     in the course's zone): nothing younger than the setting is ever deleted, even if a session
--     date was changed or a row was back-filled.
--
-- What goes with expired feedback: its replies (deleted explicitly, to count them; the foreign
-- key would cascade anyway) and the rate-limit counters of the expired course's class sessions
-- (buckets 'device:<session id>' and 'ip:<session id>'). The other counters ('ip-minute',
-- 'edit-token', the user-story buckets) hold keyed hashes per UTC day or per window that cannot be
-- tied to a course; every counter older than 48 hours is deleted here too (the same rule as
-- private.prune_rate_limit_buckets, now run on the hour rather than by chance).
--
-- What stays: class sessions (the professor's class days and links, already expired) and their
-- "you said, we did" notes. They are the professor's own content, public by design, and name no
-- student; they go with the course. Keeping the sessions also keeps the course's clock where it was.

-- The per-session counters of these class sessions (create_submission's buckets 'device:<session
-- id>' and 'ip:<session id>'): deletes them → how many.
create or replace function private.delete_session_rate_limit_buckets(p_session_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.rate_limit_buckets r
  using unnest(p_session_ids) as cs(id)
  where r.bucket in ('device:' || cs.id, 'ip:' || cs.id);
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function private.delete_session_rate_limit_buckets(uuid[]) is 'Deletes the per-session rate-limit counters of class sessions whose feedback goes, for the retention purge and "Delete all feedback".';

-- purge_expired_feedback(at = now()): deletes what retention says has expired (see above) →
-- {courses (those feedback was deleted from), submissions, replies, rateLimitRows}. Service role only; the hourly pg_cron job
-- (…_retention_schedule.sql) and the local stack (stack/retention.ts) run it as postgres.
-- `at` lets tests fix the clock; rate-limit counters are pruned by the earlier of `at` and now().
create or replace function public.purge_expired_feedback("at" timestamptz default now())
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_at timestamptz := coalesce(purge_expired_feedback."at", now());
  v_courses uuid[];
  v_submissions uuid[];
  v_purged_courses integer;
  v_replies integer;
  v_rate_limits integer;
  v_old_rate_limits integer;
begin
  -- The expired courses: retention set, and their expiry moment E strictly before `at`.
  select coalesce(array_agg(e.id), '{}') into v_courses
  from (
    select c.id
    from public.courses c
    join public.class_sessions cs on cs.course_id = c.id
    where c.retention_days is not null
    group by c.id, c.retention_days, c.timezone
    having ((max(cs.session_date) + 1 + c.retention_days)::timestamp at time zone c.timezone) < v_at
  ) e;

  -- Their submissions that are themselves more than retention_days old.
  select coalesce(array_agg(s.id), '{}'), count(distinct s.course_id) into v_submissions, v_purged_courses
  from public.courses c
  join public.submissions s on s.course_id = c.id
  where c.id = any (v_courses)
    and s.created_at < ((v_at at time zone c.timezone) - make_interval(days => c.retention_days)) at time zone c.timezone;

  delete from public.submission_replies r where r.submission_id = any (v_submissions);
  get diagnostics v_replies = row_count;
  delete from public.submissions s where s.id = any (v_submissions);

  v_rate_limits := private.delete_session_rate_limit_buckets(array(
    select cs.id from public.class_sessions cs where cs.course_id = any (v_courses)
  ));
  v_old_rate_limits := private.delete_stale_rate_limit_buckets(least(v_at, now()));

  return json_build_object(
    'courses', v_purged_courses,
    'submissions', coalesce(array_length(v_submissions, 1), 0),
    'replies', v_replies,
    'rateLimitRows', v_rate_limits + v_old_rate_limits
  );
end;
$$;
comment on function public.purge_expired_feedback(timestamptz) is 'Retention: deletes the feedback (with its replies and rate-limit counters) of courses whose last class session is older than their "Delete feedback after" setting; run hourly by pg_cron or the local stack.';
revoke execute on function public.purge_expired_feedback(timestamptz) from public, anon, authenticated;
grant execute on function public.purge_expired_feedback(timestamptz) to service_role;

-- delete_course_feedback(course_id): (owner and co-instructors) deletes every submission of the
-- course with its replies → the number of submissions deleted. Anyone else, or an unknown id:
-- 'Course not found' (PT404, HTTP 404), nothing deleted. The class sessions and notes stay. The
-- rate-limit counters of the course's ended sessions go too; those of a session still open stay,
-- so students' per-session limits keep holding (they expire after 48 hours like every counter).
create or replace function public.delete_course_feedback(course_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  if not exists (
    select 1 from public.courses c
    where c.id = delete_course_feedback.course_id and c.id = any (array(select public.my_editable_course_ids()))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  delete from public.submissions s where s.course_id = delete_course_feedback.course_id;
  get diagnostics deleted = row_count;
  perform private.delete_session_rate_limit_buckets(array(
    select cs.id from public.class_sessions cs
    where cs.course_id = delete_course_feedback.course_id and cs.expires_at <= now()
  ));
  return deleted;
end;
$$;
comment on function public.delete_course_feedback(uuid) is '"Delete all feedback of this course": the owner or a co-instructor deletes every submission of the course (and its replies) at once.';
revoke execute on function public.delete_course_feedback(uuid) from public, anon, authenticated;
grant execute on function public.delete_course_feedback(uuid) to authenticated, service_role;

-- delete_my_account(): deletes the caller's auth.users row → {ownedCourses, memberships}, the
-- counts that went with it. The foreign keys do the rest: the courses they own (with their
-- sessions, feedback, notes, team and invitations), their team memberships, their profile and
-- app-owner row, and their auth sessions and refresh tokens (so no session can be refreshed;
-- an access token already issued still verifies until it expires, but reads nothing, since
-- every policy asks for rows of a user who no longer exists). Invitations they sent stay, without
-- an inviter. A token whose user is already gone: 'Account not found' (PT404). Signed-in callers only.
create or replace function public.delete_my_account()
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  owned integer;
  memberships integer;
begin
  if me is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select count(*)::integer into owned from public.courses c where c.owner_id = me;
  select count(*)::integer into memberships from public.course_members m where m.user_id = me;
  delete from auth.users u where u.id = me;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  return json_build_object('ownedCourses', owned, 'memberships', memberships);
end;
$$;
comment on function public.delete_my_account() is 'A professor deletes their own account: the courses they own go with it and their team memberships end.';
revoke execute on function public.delete_my_account() from public, anon, authenticated;
grant execute on function public.delete_my_account() to authenticated;

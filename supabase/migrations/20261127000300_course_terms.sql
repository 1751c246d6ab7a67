-- Terms end and begin (docs/decisions/sections-and-terms.md). "End Term" archives a course: it
-- leaves course search and the course lists students choose from, its class links answer as
-- expired ones do, and it takes no more feedback; its team still reads everything, and retention
-- applies as before. "Start Next Term" makes the next term's course in one step: the same code,
-- name, section, settings and team (members and pending invitations), with nothing of the old
-- course's sessions or feedback. Both are for the owner and co-instructors.

alter table public.courses add column ended_at timestamptz;
comment on column public.courses.ended_at is 'When "End Term" archived the course; null while its term runs.';
grant select (ended_at) on public.courses to anon, authenticated;
create index courses_current_code_idx on public.courses (code_key) where ended_at is null;

-- The session checks every student write makes, now refusing an ended course's sessions.
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
  -- A course whose term has ended takes no more feedback: its links answer as expired ones do.
  if exists (select 1 from public.courses c where c.id = p_course_id and c.ended_at is not null) then
    raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP403';
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
comment on function private.open_session_for(uuid, text) is 'The session a student may write to right now, or the reason why not (an ended course''s sessions included), checked the same way for every write.';

-- Today's link: none for an ended course (PT409: HTTP 409).
create or replace function public.create_today_session(course_id uuid, topic text default null)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.class_sessions;
begin
  if not exists (
    select 1 from public.courses c
    where c.id = create_today_session.course_id and c.id = any (array(select public.my_editable_course_ids()))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.courses c where c.id = create_today_session.course_id and c.ended_at is not null) then
    raise exception 'This course''s term has ended. Start Next Term to get a class link.' using errcode = 'PT409';
  end if;
  s := private.ensure_today_session(create_today_session.course_id, create_today_session.topic);
  return json_build_object(
    'sessionId', s.id, 'sessionDate', s.session_date, 'expiresAt', s.expires_at,
    'accessToken', s.access_token, 'topic', s.topic, 'isActive', s.is_active
  );
end;
$$;
comment on function public.create_today_session(uuid, text) is 'Gives a professor today''s class link (and sets its topic), which they cannot insert into class_sessions directly; none once the course''s term has ended.';

-- A class link of an ended course resolves to nothing, as an expired one does.
create or replace function public.resolve_class_token(token text)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('sessionId', s.id, 'courseId', s.course_id)
  from public.class_sessions s
  join public.courses c on c.id = s.course_id
  where s.access_token = resolve_class_token.token and s.is_active and s.expires_at > now() and c.ended_at is null
$$;
comment on function public.resolve_class_token(text) is 'Turns a student''s class link into its session and course, without letting anyone list sessions or tokens; nothing for an ended course.';

-- end_term(course_id): archives the course now (owner and co-instructors) → {id, endedAt}. Today's
-- link stops at once. Ending an ended course keeps its first end. No such course of the
-- caller's: PT404 (HTTP 404).
create or replace function public.end_term(course_id uuid)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended timestamptz;
begin
  update public.courses c set ended_at = coalesce(c.ended_at, now())
  where c.id = end_term.course_id and c.id = any (array(select public.my_editable_course_ids()))
  returning c.ended_at into ended;
  if ended is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  update public.class_sessions s set is_active = false
  where s.course_id = end_term.course_id and s.is_active and s.expires_at > now();
  return json_build_object('id', end_term.course_id, 'endedAt', ended);
end;
$$;
comment on function public.end_term(uuid) is 'End Term: archives a course (out of search, links expired, no more feedback) while its team keeps reading it.';
revoke execute on function public.end_term(uuid) from public, anon, authenticated;
grant execute on function public.end_term(uuid) to authenticated, service_role;

-- start_next_term(course_id, term): the next term's course (owner and co-instructors) → {id, code,
-- name, section, term}. Same owner, code, name, section, time zone and settings; the same team
-- (members keep their roles, pending invitations are copied). No such course of the caller's:
-- PT404; a term of 1 to 40 characters is required (22023, HTTP 400); that code, section and term
-- already exists: 23505 (HTTP 409).
create or replace function public.start_next_term(course_id uuid, term text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  old public.courses;
  made public.courses;
  next_term text := regexp_replace(btrim(coalesce(start_next_term.term, '')), '\s+', ' ', 'g');
begin
  select * into old from public.courses c
  where c.id = start_next_term.course_id and c.id = any (array(select public.my_editable_course_ids()));
  if old.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  if char_length(next_term) not between 1 and 40 then
    raise exception 'Term is required (at most 40 characters)' using errcode = '22023';
  end if;
  insert into public.courses (
    owner_id, name, code, section, term, timezone, alarm_window_minutes, alarm_min_responses, alarm_lost_share,
    review_before_publishing, min_public_responses, retention_days, peer_confusion, lms_roles_join_team
  )
  values (
    old.owner_id, old.name, old.code, old.section, next_term, old.timezone, old.alarm_window_minutes,
    old.alarm_min_responses, old.alarm_lost_share, old.review_before_publishing, old.min_public_responses,
    old.retention_days, old.peer_confusion, old.lms_roles_join_team
  )
  returning * into made;
  insert into public.course_members (course_id, user_id, role, email)
  select made.id, m.user_id, m.role, m.email from public.course_members m where m.course_id = old.id;
  insert into public.course_invitations (course_id, email, role, invited_by)
  select made.id, i.email, i.role, i.invited_by from public.course_invitations i where i.course_id = old.id;
  return json_build_object('id', made.id, 'code', made.code, 'name', made.name, 'section', made.section, 'term', made.term);
end;
$$;
comment on function public.start_next_term(uuid, text) is 'Start Next Term: a new course with the same code, name, section, settings and team for the given term, in one step.';
revoke execute on function public.start_next_term(uuid, text) from public, anon, authenticated;
grant execute on function public.start_next_term(uuid, text) to authenticated, service_role;

-- search_courses(code): every current course with that code (case and spaces ignored), with its
-- section, term and the names its owner and co-instructors chose to show (never an address).
-- Its result type changes: dropped and made again, with the same grants.
drop function public.search_courses(text);
create function public.search_courses(code text)
returns table (id uuid, code text, name text, section text, term text, instructors text[])
language sql stable
security definer
set search_path = ''
as $$
  select c.id, c.code, c.name, c.section, c.term,
         array(
           select p.display_name
           from (
             select c.owner_id as user_id, 0 as rank, c.created_at as since
             union all
             select m.user_id, 1, m.created_at from public.course_members m
             where m.course_id = c.id and m.role = 'co_instructor'
           ) t
           join public.profiles p on p.id = t.user_id
           where p.display_name is not null
           order by t.rank, t.since
         ) as instructors
  from public.courses c
  where c.code_key = replace(public.normalize_course_code(search_courses.code), ' ', '') and c.ended_at is null
  order by c.code, c.section_key, c.term_key
$$;
comment on function public.search_courses(text) is 'Lets students find the current courses with the code their professor gave them, however they type it, with section, term and instructors'' chosen names.';
revoke execute on function public.search_courses(text) from public;
grant execute on function public.search_courses(text) to anon, authenticated, service_role;

-- my_courses() gains section, term and ended_at (dropped and made again, with the same grants;
-- the definition is …_lms_team_roles_setting.sql's plus the new columns).
drop function public.my_courses();
create function public.my_courses()
returns table (
  id uuid,
  name text,
  code text,
  code_key text,
  section text,
  term text,
  ended_at timestamptz,
  timezone text,
  created_at timestamptz,
  alarm_window_minutes integer,
  alarm_min_responses integer,
  alarm_lost_share numeric,
  review_before_publishing boolean,
  min_public_responses integer,
  retention_days integer,
  peer_confusion boolean,
  lms_roles_join_team boolean,
  role text
)
language sql stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.code, c.code_key, c.section, c.term, c.ended_at, c.timezone, c.created_at,
         c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share,
         c.review_before_publishing, c.min_public_responses, c.retention_days, c.peer_confusion,
         c.lms_roles_join_team,
         coalesce(case when c.owner_id = (select auth.uid()) then 'owner' end, m.role) as role
  from public.courses c
  left join public.course_members m on m.course_id = c.id and m.user_id = (select auth.uid())
  where c.owner_id = (select auth.uid()) or m.user_id is not null
  order by c.ended_at is not null, c.created_at desc, c.code
$$;
comment on function public.my_courses() is 'The courses a professor teaches with every setting (time zone included, which the public column grants hide), section, term, whether the term ended, and their role on each.';
revoke execute on function public.my_courses() from public, anon, authenticated;
grant execute on function public.my_courses() to authenticated, service_role;

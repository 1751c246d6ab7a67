-- Class sessions: one per course and day, reached by students through an unguessable link token.

-- The class day containing `at` in zone `tz`, and the last millisecond of that day there.
create or replace function private.class_day(tz text, at timestamptz)
returns table (session_date date, expires_at timestamptz)
language sql stable
set search_path = ''
as $$
  select d, ((d + 1)::timestamp at time zone tz) - interval '1 millisecond'
  from (select (at at time zone tz)::date as d) day
$$;
comment on function private.class_day(text, timestamptz) is 'A course''s class day and the moment it ends, in the course''s own time zone, computed the same way everywhere.';

-- 192 random bits, URL-safe base64 without padding (32 characters).
create or replace function private.new_access_token() returns text
language sql volatile
set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_')
$$;
comment on function private.new_access_token() is 'An unguessable, URL-safe class link token, so only students given the link reach the session.';

create table public.class_sessions (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  session_date date not null,
  access_token text not null unique default private.new_access_token() check (char_length(access_token) >= 22),
  expires_at timestamptz not null,
  is_active boolean not null default true,
  topic text check (char_length(topic) between 1 and 255 and topic ~ '\S'),
  created_at timestamptz not null default now(),
  unique (course_id, session_date)
);
comment on table public.class_sessions is 'A course''s class day: feedback belongs to one, and students reach it by its access token until it expires.';

alter table public.class_sessions enable row level security;

-- Students never read this table: they resolve a token or read a date through the functions below.
revoke all on public.class_sessions from anon, authenticated;
grant select, delete on public.class_sessions to authenticated;
grant update (is_active, topic) on public.class_sessions to authenticated;
grant all on public.class_sessions to service_role;

create policy "teams read their courses' sessions" on public.class_sessions
  for select to authenticated
  using (course_id = any (array(select public.my_course_ids())));
-- Class links are the owner's and co-instructors' business: TAs read sessions but do not change them.
create policy "owners and co-instructors update their courses' sessions" on public.class_sessions
  for update to authenticated
  using (course_id = any (array(select public.my_editable_course_ids())))
  with check (course_id = any (array(select public.my_editable_course_ids())));
create policy "owners and co-instructors delete their courses' sessions" on public.class_sessions
  for delete to authenticated
  using (course_id = any (array(select public.my_editable_course_ids())));

-- Today's session of a course (in the course's time zone), made once; later calls return it.
-- A non-empty topic replaces the day's topic.
create or replace function private.ensure_today_session(p_course_id uuid, p_topic text default null)
returns public.class_sessions
language plpgsql
set search_path = ''
as $$
declare
  tz text;
  day record;
  result public.class_sessions;
begin
  select c.timezone into tz from public.courses c where c.id = p_course_id;
  if tz is null then
    raise exception 'Course not found' using errcode = 'P0002';
  end if;
  select * into day from private.class_day(tz, now());
  insert into public.class_sessions (course_id, session_date, expires_at, topic)
  values (p_course_id, day.session_date, day.expires_at, nullif(btrim(p_topic), ''))
  on conflict (course_id, session_date) do update
    set topic = coalesce(nullif(btrim(p_topic), ''), public.class_sessions.topic)
  returning * into result;
  return result;
end;
$$;
comment on function private.ensure_today_session(uuid, text) is 'Today''s session of a course, created on first use, so a professor''s link and a student''s dated submission land in the same row.';
revoke execute on function private.ensure_today_session(uuid, text) from public;

-- create_today_session(course_id, topic?): today's link, for the owner and co-instructors → {sessionId, sessionDate, expiresAt, accessToken, topic}.
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
    -- PT404: PostgREST answers 404 (P0002 would be a 500).
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  s := private.ensure_today_session(create_today_session.course_id, create_today_session.topic);
  return json_build_object(
    'sessionId', s.id, 'sessionDate', s.session_date, 'expiresAt', s.expires_at,
    'accessToken', s.access_token, 'topic', s.topic, 'isActive', s.is_active
  );
end;
$$;
comment on function public.create_today_session(uuid, text) is 'Gives a professor today''s class link (and sets its topic), which they cannot insert into class_sessions directly.';
revoke execute on function public.create_today_session(uuid, text) from public, anon, authenticated;
grant execute on function public.create_today_session(uuid, text) to authenticated, service_role;

-- active_session(course_id): (owner and co-instructors) the session for today if one exists and is active, else null.
create or replace function public.active_session(course_id uuid)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'sessionId', s.id, 'sessionDate', s.session_date, 'expiresAt', s.expires_at,
    'accessToken', s.access_token, 'topic', s.topic
  )
  from public.courses c
  join public.class_sessions s on s.course_id = c.id
  where c.id = active_session.course_id
    and c.id = any (array(select public.my_editable_course_ids()))
    and s.session_date = (select d.session_date from private.class_day(c.timezone, now()) d)
    and s.is_active
    and s.expires_at > now()
$$;
comment on function public.active_session(uuid) is 'Shows a professor today''s open class link, if any, without creating one.';
revoke execute on function public.active_session(uuid) from public, anon, authenticated;
grant execute on function public.active_session(uuid) to authenticated, service_role;

-- resolve_class_token(token): {sessionId, courseId} for an active, unexpired session; else null. Anyone.
create or replace function public.resolve_class_token(token text)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('sessionId', s.id, 'courseId', s.course_id)
  from public.class_sessions s
  where s.access_token = resolve_class_token.token and s.is_active and s.expires_at > now()
$$;
comment on function public.resolve_class_token(text) is 'Turns a student''s class link into its session and course, without letting anyone list sessions or tokens.';
revoke execute on function public.resolve_class_token(text) from public, anon, authenticated;
grant execute on function public.resolve_class_token(text) to anon, authenticated, service_role;

-- get_class_session(session_id): {sessionDate, expiresAt, courseId, topic} of any session; else null. Anyone.
create or replace function public.get_class_session(session_id uuid)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('sessionDate', s.session_date, 'expiresAt', s.expires_at, 'courseId', s.course_id, 'topic', s.topic)
  from public.class_sessions s
  where s.id = get_class_session.session_id
$$;
comment on function public.get_class_session(uuid) is 'The public facts of one session (date, end, course, topic) for student pages, which may not read class_sessions.';
revoke execute on function public.get_class_session(uuid) from public, anon, authenticated;
grant execute on function public.get_class_session(uuid) to anon, authenticated, service_role;

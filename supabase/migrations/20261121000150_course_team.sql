-- Teaching teams: a course has one owner (courses.owner_id) and up to 20 team members, each a
-- co-instructor (everything the owner may do but delete the course and manage the team) or a TA
-- (reads the feedback, replies, marks it reviewed and moderates the public page; no course
-- edits, no class links, no notes). The owner invites by e-mail; the invitation is accepted when
-- someone signs in with that address (a trigger on auth.users, below).
--
-- Every policy and function that used to say "the caller's own courses" asks one of three
-- functions defined here, each with the right it needs:
--   my_course_ids()           the whole team (owner, co-instructors, TAs): read, reply, review, moderate
--   my_editable_course_ids()  owner and co-instructors: edit the course, class links, notes, settings
--   my_owned_course_ids()     the owner alone: the team itself (deleting a course asks owner_id)

create table public.course_members (
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('co_instructor', 'ta')),
  -- The address the invitation went to, so the team list can name the member.
  email text not null check (char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  primary key (course_id, user_id)
);
comment on table public.course_members is 'The co-instructors and TAs of a course (its owner is courses.owner_id), with the role that decides what each may do.';

create index course_members_user_idx on public.course_members (user_id, course_id) include (role);

create table public.course_invitations (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  -- Stored trimmed and lower-cased; compared with auth.users.email the same way.
  email text not null check (
    char_length(email) between 3 and 254 and email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  role text not null check (role in ('co_instructor', 'ta')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (course_id, email)
);
comment on table public.course_invitations is 'Pending invitations to a course''s teaching team, by e-mail address, until that address signs in.';

create index course_invitations_email_idx on public.course_invitations (email);

-- my_course_ids(): the courses the caller teaches in any role. Policies of child tables use it
-- because the caller may not read courses.owner_id. Callers write `course_id = any (array(select
-- public.my_course_ids()))`: evaluated once per statement, and the planner then reads the
-- (course_id, …) indexes instead of scanning the table.
create or replace function public.my_course_ids()
returns setof uuid
language sql stable
security definer
set search_path = ''
as $$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
  union all
  select m.course_id from public.course_members m where m.user_id = (select auth.uid())
$$;
comment on function public.my_course_ids() is 'The courses the caller teaches (owner, co-instructor or TA): what they may read, reply to, review and moderate.';
revoke execute on function public.my_course_ids() from public, anon, authenticated;
grant execute on function public.my_course_ids() to authenticated, service_role;

-- my_editable_course_ids(): the courses the caller owns or co-instructs.
create or replace function public.my_editable_course_ids()
returns setof uuid
language sql stable
security definer
set search_path = ''
as $$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
  union all
  select m.course_id from public.course_members m where m.user_id = (select auth.uid()) and m.role = 'co_instructor'
$$;
comment on function public.my_editable_course_ids() is 'The courses the caller owns or co-instructs: what they may edit (course, class links, notes, settings).';
revoke execute on function public.my_editable_course_ids() from public, anon, authenticated;
grant execute on function public.my_editable_course_ids() to authenticated, service_role;

-- my_owned_course_ids(): the courses the caller owns.
create or replace function public.my_owned_course_ids()
returns setof uuid
language sql stable
security definer
set search_path = ''
as $$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
$$;
comment on function public.my_owned_course_ids() is 'The courses the caller owns: whose team they manage.';
revoke execute on function public.my_owned_course_ids() from public, anon, authenticated;
grant execute on function public.my_owned_course_ids() to authenticated, service_role;

-- The owner and co-instructors edit a course (name, code, time zone, settings); TAs may not.
create policy "owners and co-instructors update their courses" on public.courses
  for update to authenticated
  using (id = any (array(select public.my_editable_course_ids())))
  with check (id = any (array(select public.my_editable_course_ids())));

alter table public.course_members enable row level security;
alter table public.course_invitations enable row level security;

-- The whole team sees who is on it; the owner removes members and a member may leave. Members
-- are added only by accepting an invitation (the trigger below), never by a client.
revoke all on public.course_members from anon, authenticated;
grant select, delete on public.course_members to authenticated;
grant all on public.course_members to service_role;

create policy "teams see their members" on public.course_members
  for select to authenticated
  using (course_id = any (array(select public.my_course_ids())));
create policy "owners remove members, members leave" on public.course_members
  for delete to authenticated
  using (course_id = any (array(select public.my_owned_course_ids())) or user_id = (select auth.uid()));

-- Only the owner sees and revokes pending invitations; they are created through invite_to_course().
revoke all on public.course_invitations from anon, authenticated;
grant select, delete on public.course_invitations to authenticated;
grant all on public.course_invitations to service_role;

create policy "owners see their courses' invitations" on public.course_invitations
  for select to authenticated
  using (course_id = any (array(select public.my_owned_course_ids())));
create policy "owners revoke their courses' invitations" on public.course_invitations
  for delete to authenticated
  using (course_id = any (array(select public.my_owned_course_ids())));

-- invite_to_course(course_id, email, role): the owner invites an address as 'co_instructor' or
-- 'ta' → {id, courseId, email, role, createdAt, accountExists}. Refused, writing nothing:
-- not the owner or no such course (PT404, HTTP 404); an invalid address or oneself (22023, 400);
-- an existing member or a pending invitation (23505, 409); a team already at 20 members and
-- invitations (PT409, 409).
create or replace function public.invite_to_course(course_id uuid, email text, role text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(coalesce(invite_to_course.email, '')));
  caller_email text;
  invitation public.course_invitations;
begin
  if not exists (
    select 1 from public.courses c where c.id = invite_to_course.course_id and c.owner_id = (select auth.uid())
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  -- Serializes invitations to one course, so two at once cannot pass the size check together.
  perform 1 from public.courses c where c.id = invite_to_course.course_id for update;
  if char_length(address) not between 3 and 254 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter a valid e-mail address.' using errcode = '22023';
  end if;
  if invite_to_course.role is null or invite_to_course.role not in ('co_instructor', 'ta') then
    raise exception 'Choose Co-instructor or TA.' using errcode = '22023';
  end if;
  select lower(u.email) into caller_email from auth.users u where u.id = (select auth.uid());
  if address = caller_email then
    raise exception 'You cannot invite yourself: you own this course.' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.course_members m
    join auth.users u on u.id = m.user_id
    where m.course_id = invite_to_course.course_id and (lower(u.email) = address or m.email = address)
  ) then
    raise exception '% is already on this course''s team.', address using errcode = '23505';
  end if;
  if exists (
    select 1 from public.course_invitations i where i.course_id = invite_to_course.course_id and i.email = address
  ) then
    raise exception '% has already been invited.', address using errcode = '23505';
  end if;
  if (select count(*) from public.course_members m where m.course_id = invite_to_course.course_id)
     + (select count(*) from public.course_invitations i where i.course_id = invite_to_course.course_id) >= 20 then
    raise exception 'A course can have at most 20 team members, invitations included.' using errcode = 'PT409';
  end if;
  insert into public.course_invitations (course_id, email, role, invited_by)
  values (invite_to_course.course_id, address, invite_to_course.role, (select auth.uid()))
  returning * into invitation;
  return json_build_object(
    'id', invitation.id, 'courseId', invitation.course_id, 'email', invitation.email, 'role', invitation.role,
    'createdAt', invitation.created_at,
    'accountExists', exists (select 1 from auth.users u where lower(u.email) = address)
  );
end;
$$;
comment on function public.invite_to_course(uuid, text, text) is 'Lets a course''s owner invite a co-instructor or TA by e-mail, with the checks (address, self, duplicates, team size) in one transaction.';
revoke execute on function public.invite_to_course(uuid, text, text) from public, anon, authenticated;
grant execute on function public.invite_to_course(uuid, text, text) to authenticated, service_role;

-- Accepting: when an account with a confirmed address signs in (GoTrue sets last_sign_in_at on
-- every sign-in, and confirms the address on the first), its pending invitations become
-- memberships. New professors get their account by signing in with the invitation e-mail.
create or replace function private.accept_course_invitations() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is null or new.email_confirmed_at is null then
    return null;
  end if;
  with accepted as (
    delete from public.course_invitations i
    where i.email = lower(btrim(new.email))
    returning i.course_id, i.role, i.email
  )
  insert into public.course_members (course_id, user_id, role, email)
  select a.course_id, new.id, a.role, a.email
  from accepted a
  join public.courses c on c.id = a.course_id and c.owner_id <> new.id
  on conflict (course_id, user_id) do nothing;
  return null;
end;
$$;
comment on function private.accept_course_invitations() is 'Trigger on auth.users: turns the pending invitations of an address into team memberships when it signs in.';
revoke execute on function private.accept_course_invitations() from public, anon, authenticated;

create trigger on_auth_user_signed_in_accept_invitations
  after insert or update of last_sign_in_at, email_confirmed_at on auth.users
  for each row execute function private.accept_course_invitations();

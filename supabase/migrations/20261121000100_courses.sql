-- Courses: owned by one professor (who may share it with a teaching team, see
-- …_course_team.sql); their id, code and name are public so students can find them.

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  -- Stored trimmed, inner whitespace collapsed, upper-cased (see normalize_course_code).
  code text not null check (char_length(code) between 1 and 32),
  -- The same code with no spaces at all: "COSC1337" and "cosc 1337" are one course.
  code_key text generated always as (replace(code, ' ', '')) stored,
  timezone text not null default 'UTC' check (char_length(timezone) between 1 and 64),
  created_at timestamptz not null default now()
);
comment on table public.courses is 'A professor''s course: the unit feedback is collected for, and what students look up by its code.';

create unique index courses_code_key_unique on public.courses (code_key);
create index courses_owner_id_idx on public.courses (owner_id);

alter table public.courses enable row level security;

-- Everyone reads only what a course card shows; a professor reads the rest of the courses they
-- teach through my_courses(), so no one sees another professor's id or settings. Updates are
-- allowed to the owner and co-instructors: that policy is in …_course_team.sql, beside the team.
revoke all on public.courses from anon, authenticated;
grant select (id, code, name, code_key) on public.courses to anon, authenticated;
grant insert (name, code, timezone) on public.courses to authenticated;
grant update (name, code, timezone) on public.courses to authenticated;
grant delete on public.courses to authenticated;
grant all on public.courses to service_role;

create policy "anyone can read course listings" on public.courses
  for select to anon, authenticated using (true);
create policy "professors create their own courses" on public.courses
  for insert to authenticated with check (owner_id = (select auth.uid()));
create policy "professors delete their own courses" on public.courses
  for delete to authenticated using (owner_id = (select auth.uid()));

create or replace function public.normalize_course_code(raw text) returns text
language sql immutable
set search_path = ''
as $$
  select upper(regexp_replace(btrim(raw), '\s+', ' ', 'g'))
$$;
comment on function public.normalize_course_code(text) is 'The one spelling of a course code (trimmed, single spaces, upper case), so stored codes and searches compare alike.';
grant execute on function public.normalize_course_code(text) to anon, authenticated, service_role;

create or replace function public.courses_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := public.normalize_course_code(new.code);
  new.name := btrim(new.name);
  -- An unknown zone would break every date computed for this course later; refuse it now.
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.timezone) then
    raise exception 'Unknown time zone: %', new.timezone using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function public.courses_before_write() is 'Trigger: normalizes code and name and refuses unknown time zones, whichever client writes the course.';
revoke execute on function public.courses_before_write() from public, anon, authenticated;

create trigger courses_before_write before insert or update on public.courses
  for each row execute function public.courses_before_write();

-- search_courses(code): the courses whose code matches exactly, ignoring case and spaces.
-- Anyone may call it; it returns only public columns.
create or replace function public.search_courses(code text)
returns table (id uuid, code text, name text)
language sql stable
set search_path = ''
as $$
  select c.id, c.code, c.name
  from public.courses c
  where c.code_key = replace(public.normalize_course_code(search_courses.code), ' ', '')
  order by c.code
$$;
comment on function public.search_courses(text) is 'Lets students find a course by the code their professor gave them, however they type it.';
grant execute on function public.search_courses(text) to anon, authenticated, service_role;

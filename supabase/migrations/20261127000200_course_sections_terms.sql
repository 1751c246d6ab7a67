-- Sections and terms: one deployment serves a whole department, so several courses share a code
-- (COSC 1337 section 001 and 002, this term and the next). A course is unique by code + section +
-- term, each compared as codes are (case and spaces ignored), instead of by its code alone
-- (docs/decisions/sections-and-terms.md).

-- The term a date falls in: Spring (January to May), Summer (June and July), Fall (August to
-- December). The web client proposes the same (web/src/shared/terms.ts).
create or replace function public.term_for(day date) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when extract(month from day) <= 5 then 'Spring '
    when extract(month from day) <= 7 then 'Summer '
    else 'Fall '
  end || extract(year from day)::int::text
$$;
comment on function public.term_for(date) is 'The term a date falls in (Spring: January to May, Summer: June and July, Fall: August to December), the default of a new course''s term.';
grant execute on function public.term_for(date) to anon, authenticated, service_role;

alter table public.courses
  add column section text check (section is null or char_length(section) between 1 and 16),
  add column term text check (char_length(term) between 1 and 40);

-- Courses made before terms existed belong to the term they were made in.
update public.courses set term = public.term_for(created_at::date);
alter table public.courses
  alter column term set default public.term_for(current_date),
  alter column term set not null;

alter table public.courses
  add column section_key text generated always as (coalesce(replace(section, ' ', ''), '')) stored,
  add column term_key text generated always as (lower(replace(term, ' ', ''))) stored;
comment on column public.courses.section is 'The section of the course (e.g. 002), stored like codes (trimmed, single spaces, upper case); null when the course has none.';
comment on column public.courses.term is 'The term the course runs in (e.g. Fall 2026), stored trimmed with single spaces.';

drop index public.courses_code_key_unique;
create unique index courses_code_section_term_unique on public.courses (code_key, section_key, term_key);

grant select (section, term) on public.courses to anon, authenticated;
grant insert (section, term) on public.courses to authenticated;
grant update (section, term) on public.courses to authenticated;

-- The write trigger also normalises the section (as a code; empty is none) and the term.
create or replace function public.courses_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := public.normalize_course_code(new.code);
  new.name := btrim(new.name);
  new.section := nullif(public.normalize_course_code(new.section), '');
  new.term := regexp_replace(btrim(new.term), '\s+', ' ', 'g');
  -- An unknown zone would break every date computed for this course later; refuse it now.
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.timezone) then
    raise exception 'Unknown time zone: %', new.timezone using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function public.courses_before_write() is 'Trigger: normalizes code, name, section and term, and refuses unknown time zones, whichever client writes the course.';
revoke execute on function public.courses_before_write() from public, anon, authenticated;

-- "Your name as students see it": the name a professor chooses to show students (e.g. "Dr. Pat
-- Lee") beside the courses they teach. Never the e-mail address; without a name, no name is shown.
-- Set by the professor on /professor; students read it only through search_courses() (…_course_terms.sql).
alter table public.profiles
  add column display_name text check (display_name is null or (char_length(display_name) between 1 and 80 and display_name = btrim(display_name)));
comment on column public.profiles.display_name is 'The name students see beside the courses this professor teaches; null shows no name.';

grant update (display_name) on public.profiles to authenticated;

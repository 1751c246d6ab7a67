-- A course's class day today, in the course's own time zone, for anyone: the student pages link and
-- post to it, never to the phone's date, which near midnight (or abroad, in an online course) is
-- another day than the course's, and which the submissions function would refuse.
create or replace function public.course_class_day(course_id uuid)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select d.session_date
  from public.courses c
  cross join lateral private.class_day(c.timezone, now()) d
  where c.id = course_class_day.course_id and c.ended_at is null
$$;
comment on function public.course_class_day(uuid) is 'Today''s date in the course''s time zone (its class day), or null for an unknown course or one whose term has ended: the day the student pages link and post to.';
revoke execute on function public.course_class_day(uuid) from public, anon, authenticated;
grant execute on function public.course_class_day(uuid) to anon, authenticated, service_role;

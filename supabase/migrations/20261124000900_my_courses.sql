-- my_courses(): the courses the signed-in professor teaches, with every setting and the caller's
-- role ('owner', 'co_instructor' or 'ta'), newest first. Defined after the migrations that add
-- course settings, since it names every column.
create or replace function public.my_courses()
returns table (
  id uuid,
  name text,
  code text,
  code_key text,
  timezone text,
  created_at timestamptz,
  alarm_window_minutes integer,
  alarm_min_responses integer,
  alarm_lost_share numeric,
  review_before_publishing boolean,
  min_public_responses integer,
  retention_days integer,
  role text
)
language sql stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.code, c.code_key, c.timezone, c.created_at,
         c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share,
         c.review_before_publishing, c.min_public_responses, c.retention_days,
         coalesce(case when c.owner_id = (select auth.uid()) then 'owner' end, m.role) as role
  from public.courses c
  left join public.course_members m on m.course_id = c.id and m.user_id = (select auth.uid())
  where c.owner_id = (select auth.uid()) or m.user_id is not null
  order by c.created_at desc, c.code
$$;
comment on function public.my_courses() is 'The courses a professor teaches with every setting (time zone included, which the public column grants hide) and their role on each.';
revoke execute on function public.my_courses() from public, anon, authenticated;
grant execute on function public.my_courses() to authenticated, service_role;

-- The course setting "LMS teaching assistants join the team": when it is on, a TeachingAssistant
-- who opens ClassPulse from the LMS course linked to this course (private.lti_context_links) joins
-- the course's teaching team as a TA (the lti function does that; docs/lti.md). Off by default:
-- an LMS role alone gives no one access to a course's feedback until the course's team says so
-- (docs/decisions/lti.md). Like the other course settings it is not public: the team reads it
-- through my_courses(), the owner and co-instructors change it with the usual course update
-- (row-level security and the column grants below).
alter table public.courses
  add column lms_roles_join_team boolean not null default false;
comment on column public.courses.lms_roles_join_team is 'When true, a TA who opens ClassPulse from the LMS course linked to this course (LTI launch with the TeachingAssistant role) joins its teaching team as a TA.';

grant insert (lms_roles_join_team) on public.courses to authenticated;
grant update (lms_roles_join_team) on public.courses to authenticated;

-- my_courses() names every setting, so it gains the new one (its result type changes: dropped and
-- made again, with the same grants). The definition is …_peer_confusion_setting.sql's plus the
-- new column.
drop function public.my_courses();
create function public.my_courses()
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
  peer_confusion boolean,
  lms_roles_join_team boolean,
  role text
)
language sql stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.code, c.code_key, c.timezone, c.created_at,
         c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share,
         c.review_before_publishing, c.min_public_responses, c.retention_days, c.peer_confusion,
         c.lms_roles_join_team,
         coalesce(case when c.owner_id = (select auth.uid()) then 'owner' end, m.role) as role
  from public.courses c
  left join public.course_members m on m.course_id = c.id and m.user_id = (select auth.uid())
  where c.owner_id = (select auth.uid()) or m.user_id is not null
  order by c.created_at desc, c.code
$$;
comment on function public.my_courses() is 'The courses a professor teaches with every setting (time zone included, which the public column grants hide) and their role on each.';
revoke execute on function public.my_courses() from public, anon, authenticated;
grant execute on function public.my_courses() to authenticated, service_role;

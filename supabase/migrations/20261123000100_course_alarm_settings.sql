-- Confusion alarm settings per course: the live view of today's session (live_session) raises its
-- alarm when, among the responses of the last alarm_window_minutes, at least alarm_min_responses
-- came in and the share of "completely lost" ones (Variant A 'completely', Variant B clarity 1–2)
-- is at least alarm_lost_share. Owners change them through the usual course update (RLS); like
-- the time zone they are not public: the team reads them through my_courses() or live_session().
alter table public.courses
  add column alarm_window_minutes integer not null default 10
    constraint courses_alarm_window_minutes_check check (alarm_window_minutes between 1 and 120),
  add column alarm_min_responses integer not null default 5
    constraint courses_alarm_min_responses_check check (alarm_min_responses between 1 and 1000),
  add column alarm_lost_share numeric(3, 2) not null default 0.30
    constraint courses_alarm_lost_share_check check (alarm_lost_share > 0 and alarm_lost_share <= 1);

comment on column public.courses.alarm_window_minutes is 'Confusion alarm: how many recent minutes of responses it looks at.';
comment on column public.courses.alarm_min_responses is 'Confusion alarm: the fewest recent responses it needs before it can go off.';
comment on column public.courses.alarm_lost_share is 'Confusion alarm: the share of recent responses that are completely lost at which it goes off.';

grant insert (alarm_window_minutes, alarm_min_responses, alarm_lost_share) on public.courses to authenticated;
grant update (alarm_window_minutes, alarm_min_responses, alarm_lost_share) on public.courses to authenticated;

-- A course's privacy settings, and the moderation mark on each submission. What each setting does
-- is in the functions that honour it: the public course page (course_timeline), Session Insights
-- (session_insights, session_top_terms) and retention (…_retention.sql).
--   review_before_publishing  only feedback the team has reviewed appears on the public page
--   min_public_responses      k-anonymity: a session's texts and breakdowns appear only once it
--                             has at least this many responses (course-wide totals are unaffected)
--   retention_days            feedback is deleted this many days after the course's last class
--                             session (null: never)
-- Like the alarm settings they are not public: the team reads them through my_courses(); the
-- owner and co-instructors change them through the usual course update (row-level security).
alter table public.courses
  add column review_before_publishing boolean not null default false,
  add column min_public_responses integer not null default 3
    constraint courses_min_public_responses_check check (min_public_responses between 1 and 50),
  add column retention_days integer default 180
    constraint courses_retention_days_check check (retention_days in (30, 90, 180, 365));

comment on column public.courses.review_before_publishing is 'When true, the public course page shows only feedback the teaching team has reviewed.';
comment on column public.courses.min_public_responses is 'Small-class protection: the fewest responses a session needs before its texts and breakdowns are shown.';
comment on column public.courses.retention_days is 'Days after the course''s last class session after which its feedback is deleted; null keeps it.';

grant insert (review_before_publishing, min_public_responses, retention_days) on public.courses to authenticated;
grant update (review_before_publishing, min_public_responses, retention_days) on public.courses to authenticated;

-- Moderation: a hidden submission is never served on the public page; the team still reads it.
alter table public.submissions add column hidden_at timestamptz;
comment on column public.submissions.hidden_at is 'When the teaching team hid this feedback from the public course page (null: shown).';

grant select (hidden_at) on public.submissions to authenticated;
grant update (hidden_at) on public.submissions to authenticated;

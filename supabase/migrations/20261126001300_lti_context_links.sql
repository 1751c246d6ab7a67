-- LTI 1.3: which ClassPulse course an LMS course (the launch's context) opens. A context id is the
-- platform's id of a course, not of a person. Made by SQL for now (docs/lti.md); a launch from a
-- context without a link gets a page saying so.

create table private.lti_context_links (
  platform_id uuid not null references private.lti_platforms (id) on delete cascade,
  context_id text not null check (char_length(context_id) between 1 and 255),
  course_id uuid not null references public.courses (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (platform_id, context_id)
);
comment on table private.lti_context_links is 'Which ClassPulse course a platform''s course (LTI context id) opens.';

create index lti_context_links_course_id on private.lti_context_links (course_id);

alter table private.lti_context_links enable row level security;
revoke all on private.lti_context_links from public, anon, authenticated;
grant all on private.lti_context_links to service_role;

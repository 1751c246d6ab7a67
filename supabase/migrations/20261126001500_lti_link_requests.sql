-- An instructor's first launch from an LMS course that is not linked yet: the lti function signs
-- them in and keeps a one-time link request, which the site's "Link your course" page reads and
-- spends to link the LMS course (its LTI context) to one of the instructor's ClassPulse courses,
-- or to a new one. The request is bound to the ClassPulse account the platform's e-mail named, so
-- a request that leaks from a URL cannot be spent by anyone else. Its token is kept as a SHA-256.
-- The context's label and title describe the LMS course (not a person); nothing about the
-- instructor's LMS identity is kept.
create table private.lti_link_requests (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  platform_id uuid not null references private.lti_platforms (id) on delete cascade,
  context_id text not null check (char_length(context_id) between 1 and 255),
  context_label text not null default '' check (char_length(context_label) <= 200),
  context_title text not null default '' check (char_length(context_title) <= 500),
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null default now() + interval '1 hour'
);
comment on table private.lti_link_requests is 'One-time requests (1 hour) to link an LMS course to a ClassPulse course, made by an instructor''s launch from an unlinked LMS course and spent by link_lti_context().';

create index lti_link_requests_user_id on private.lti_link_requests (user_id);
create index lti_link_requests_platform_id on private.lti_link_requests (platform_id);
create index lti_link_requests_expires_at on private.lti_link_requests (expires_at);

alter table private.lti_link_requests enable row level security;
revoke all on private.lti_link_requests from public, anon, authenticated;
grant all on private.lti_link_requests to service_role;

-- The request behind a token, for its owner only: what the page shows (the LMS course and the
-- platform's name). No row for another account's token, a spent or an expired one.
create function public.lti_link_request(p_token text)
returns table (context_label text, context_title text, platform_name text)
language sql stable
security definer
set search_path = ''
as $$
  select r.context_label, r.context_title, p.name
  from private.lti_link_requests r
  join private.lti_platforms p on p.id = r.platform_id
  where r.token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and r.user_id = (select auth.uid())
    and r.expires_at > pg_catalog.now()
$$;
comment on function public.lti_link_request(text) is 'The caller''s pending LMS course link request behind a token: the LMS course''s label and title and the platform''s name.';
revoke execute on function public.lti_link_request(text) from public, anon, authenticated;
grant execute on function public.lti_link_request(text) to authenticated, service_role;

-- Spends the caller's request: links its LMS course to a course the caller owns or co-instructs
-- and returns the course's id. An unknown, spent or expired request, or another account's:
-- 'This link request has expired or was already used…' (PT404); a course the caller cannot edit:
-- 'Course not found' (PT404); an LMS course someone linked meanwhile: 23505 (409). Nothing changes
-- on a refusal.
create function public.link_lti_context(p_token text, p_course_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  request private.lti_link_requests;
begin
  if (select auth.uid()) is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  delete from private.lti_link_requests r
  where r.token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and r.user_id = (select auth.uid())
    and r.expires_at > pg_catalog.now()
  returning * into request;
  if request.token_hash is null then
    raise exception 'This link request has expired or was already used. Please open ClassPulse from your learning platform again.'
      using errcode = 'PT404';
  end if;
  if not exists (
    select 1 from public.courses c
    where c.id = p_course_id
      and (c.owner_id = (select auth.uid())
        or exists (select 1 from public.course_members m
                   where m.course_id = c.id and m.user_id = (select auth.uid()) and m.role = 'co_instructor'))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  insert into private.lti_context_links (platform_id, context_id, course_id)
  values (request.platform_id, request.context_id, p_course_id)
  on conflict (platform_id, context_id) do nothing;
  if not found then
    raise exception 'This course of your learning platform is already linked to a ClassPulse course.' using errcode = '23505';
  end if;
  return p_course_id;
end;
$$;
comment on function public.link_lti_context(text, uuid) is 'Links the LMS course of the caller''s link request to one of their courses (owner or co-instructor) and spends the request.';
revoke execute on function public.link_lti_context(text, uuid) from public, anon, authenticated;
grant execute on function public.link_lti_context(text, uuid) to authenticated, service_role;

-- "You said, we did": short notes a professor posts on a class session to tell students what
-- changed because of their feedback. Professors write them through PostgREST (row-level
-- security); everyone reads them through course_notes(), which returns only what a note shows.

create table public.session_notes (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.class_sessions (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 1000 and body ~ '\S'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.session_notes is 'A professor''s "you said, we did" note on one class session, public through course_notes().';

create index session_notes_session_created_idx on public.session_notes (session_id, created_at desc);

-- Before a write: a signed-in caller must own or co-instruct the session's course (another
-- course's session, an unknown id, or a TA's: "not found", nothing written; the service role and
-- the seed may write any), and the body is trimmed as the forms trim it, then 1 to 1000 characters.
create or replace function private.session_notes_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (
      select 1 from public.class_sessions cs
      where cs.id = new.session_id
        and (cs.course_id = any (array(select public.my_editable_course_ids())) or coalesce(auth.role(), '') <> 'authenticated')
    ) then
      raise exception 'Class session not found' using errcode = 'PT404';
    end if;
  else
    new.id := old.id;
    new.session_id := old.session_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff');
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A note must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function private.session_notes_before_write() is 'Refuses notes on sessions the caller cannot read; trims and checks the body.';
revoke execute on function private.session_notes_before_write() from public, anon, authenticated;

create trigger session_notes_before_write before insert or update on public.session_notes
  for each row execute function private.session_notes_before_write();

alter table public.session_notes enable row level security;

-- The whole team sees the notes of the sessions it may read (the policies ask class_sessions, whose
-- own policy keeps each professor to their courses); only the owner and co-instructors write them.
revoke all on public.session_notes from anon, authenticated;
grant select, delete on public.session_notes to authenticated;
grant insert (session_id, body) on public.session_notes to authenticated;
grant update (body) on public.session_notes to authenticated;
grant all on public.session_notes to service_role;

create policy "teams read their sessions' notes" on public.session_notes
  for select to authenticated
  using (exists (select 1 from public.class_sessions cs where cs.id = session_notes.session_id));
create policy "owners and co-instructors write notes on their sessions" on public.session_notes
  for insert to authenticated
  with check (exists (select 1 from public.class_sessions cs where cs.id = session_notes.session_id and cs.course_id = any (array(select public.my_editable_course_ids()))));
create policy "owners and co-instructors edit their sessions' notes" on public.session_notes
  for update to authenticated
  using (exists (select 1 from public.class_sessions cs where cs.id = session_notes.session_id and cs.course_id = any (array(select public.my_editable_course_ids()))))
  with check (exists (select 1 from public.class_sessions cs where cs.id = session_notes.session_id and cs.course_id = any (array(select public.my_editable_course_ids()))));
create policy "owners and co-instructors delete their sessions' notes" on public.session_notes
  for delete to authenticated
  using (exists (select 1 from public.class_sessions cs where cs.id = session_notes.session_id and cs.course_id = any (array(select public.my_editable_course_ids()))));

-- course_notes(course_id, max_items, session_id?): a course's notes, newest first (at most 100),
-- or one session's → [{id, sessionId, sessionDate, body, createdAt}]. Anyone: the course page and
-- the class-session page show them to students.
create or replace function public.course_notes(course_id uuid, max_items integer default 20, session_id uuid default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', t.id, 'sessionId', t.session_id, 'sessionDate', t.session_date, 'body', t.body, 'createdAt', t.created_at
  ) order by t.created_at desc, t.id), '[]'::json)
  from (
    select n.id, n.session_id, cs.session_date, n.body, n.created_at
    from public.class_sessions cs
    join public.session_notes n on n.session_id = cs.id
    where cs.course_id = course_notes.course_id
      and (course_notes.session_id is null or cs.id = course_notes.session_id)
    order by n.created_at desc, n.id
    limit least(greatest(coalesce(course_notes.max_items, 20), 1), 100)
  ) t
$$;
comment on function public.course_notes(uuid, integer, uuid) is 'The public "you said, we did" notes of a course (or of one of its sessions), newest first.';
revoke execute on function public.course_notes(uuid, integer, uuid) from public, anon, authenticated;
grant execute on function public.course_notes(uuid, integer, uuid) to anon, authenticated, service_role;

-- Replies: a professor's answer to one anonymous submission. Only the student who holds that
-- submission's edit token reads it (the submissions edge function, after the token check); nothing
-- here names or traces a student: a reply hangs off the submission id alone.

create table public.submission_replies (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  -- The submission's class session, copied from it when the reply is first written (and never
  -- changed), so the live view reads a session's replies from one index.
  class_session_id uuid not null,
  body text not null check (char_length(body) between 1 and 1000 and body ~ '\S'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.submission_replies is 'A professor''s reply to one anonymous submission; only the holder of its edit token reads it.';

create index submission_replies_session_idx on public.submission_replies (class_session_id, updated_at);

-- Before a write: the submission must be one the caller may read (with the caller's rights, so a
-- professor reaches only their own courses' feedback; another's, or an unknown id, is "not found"
-- and nothing is written), and the body is trimmed as the forms trim it, then 1 to 1000 characters.
create or replace function private.submission_replies_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    select s.class_session_id into new.class_session_id from public.submissions s where s.id = new.submission_id;
    if not found then
      raise exception 'Submission not found' using errcode = 'PT404';
    end if;
  else
    new.submission_id := old.submission_id;
    new.class_session_id := old.class_session_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff');
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A reply must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function private.submission_replies_before_write() is 'Refuses replies to feedback the caller cannot read; trims and checks the body.';
revoke execute on function private.submission_replies_before_write() from public, anon, authenticated;

create trigger submission_replies_before_write before insert or update on public.submission_replies
  for each row execute function private.submission_replies_before_write();

-- A replied submission has been reviewed: it leaves the dashboard's "Response Needed" count.
-- Runs as the owner (the write it follows already passed the caller's row-level security).
create or replace function private.submission_replies_mark_reviewed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.submissions s set reviewed_at = now() where s.id = new.submission_id and s.reviewed_at is null;
  return null;
end;
$$;
comment on function private.submission_replies_mark_reviewed() is 'Marks a submission reviewed once its professor has replied to it.';
revoke execute on function private.submission_replies_mark_reviewed() from public, anon, authenticated;

create trigger submission_replies_mark_reviewed after insert or update of body on public.submission_replies
  for each row execute function private.submission_replies_mark_reviewed();

alter table public.submission_replies enable row level security;

-- A professor may see and write the replies to exactly the feedback they may read: the policies
-- ask the submissions table, whose own policy keeps each professor to their courses. Anonymous
-- visitors have no grant at all; students read their reply through the submissions function.
revoke all on public.submission_replies from anon, authenticated;
grant select, delete on public.submission_replies to authenticated;
grant insert (submission_id, body) on public.submission_replies to authenticated;
grant update (body) on public.submission_replies to authenticated;
grant all on public.submission_replies to service_role;

create policy "professors read replies to their courses' feedback" on public.submission_replies
  for select to authenticated
  using (exists (select 1 from public.submissions s where s.id = submission_replies.submission_id));
create policy "professors reply to their courses' feedback" on public.submission_replies
  for insert to authenticated
  with check (exists (select 1 from public.submissions s where s.id = submission_replies.submission_id));
create policy "professors edit replies to their courses' feedback" on public.submission_replies
  for update to authenticated
  using (exists (select 1 from public.submissions s where s.id = submission_replies.submission_id))
  with check (exists (select 1 from public.submissions s where s.id = submission_replies.submission_id));
create policy "professors withdraw replies to their courses' feedback" on public.submission_replies
  for delete to authenticated
  using (exists (select 1 from public.submissions s where s.id = submission_replies.submission_id));

-- reply_to_submission(submission_id, body): writes (or rewrites) the caller's reply to one of their
-- courses' submissions and marks it reviewed → {submissionId, body, updatedAt}. Another
-- professor's submission or an unknown id: 'Submission not found' (PT404, HTTP 404), nothing
-- written; a body not 1 to 1000 characters after trimming: 22023 (HTTP 400).
create or replace function public.reply_to_submission(submission_id uuid, body text)
returns json
language plpgsql
set search_path = ''
as $$
declare
  saved public.submission_replies;
begin
  insert into public.submission_replies as r (submission_id, body)
  values (reply_to_submission.submission_id, reply_to_submission.body)
  on conflict on constraint submission_replies_pkey do update set body = excluded.body
  returning r.* into saved;
  return json_build_object('submissionId', saved.submission_id, 'body', saved.body, 'updatedAt', saved.updated_at);
end;
$$;
comment on function public.reply_to_submission(uuid, text) is 'A professor answers one anonymous submission of their course (insert or update).';
revoke execute on function public.reply_to_submission(uuid, text) from public, anon, authenticated;
grant execute on function public.reply_to_submission(uuid, text) to authenticated, service_role;

-- withdraw_reply(submission_id): deletes the caller's reply to one of their courses' submissions →
-- {submissionId, withdrawn} (false when there was none). Another professor's submission or an
-- unknown id: 'Submission not found' (PT404, HTTP 404), nothing deleted.
create or replace function public.withdraw_reply(submission_id uuid)
returns json
language plpgsql
set search_path = ''
as $$
declare
  withdrawn boolean;
begin
  if not exists (select 1 from public.submissions s where s.id = withdraw_reply.submission_id) then
    raise exception 'Submission not found' using errcode = 'PT404';
  end if;
  delete from public.submission_replies r where r.submission_id = withdraw_reply.submission_id;
  withdrawn := found;
  return json_build_object('submissionId', withdraw_reply.submission_id, 'withdrawn', withdrawn);
end;
$$;
comment on function public.withdraw_reply(uuid) is 'A professor takes back their reply to one anonymous submission of their course.';
revoke execute on function public.withdraw_reply(uuid) from public, anon, authenticated;
grant execute on function public.withdraw_reply(uuid) to authenticated, service_role;

-- "Did it work?" measured fairly (docs/decisions/follow-up-checks.md): a note names the confusion it
-- answers (a short label the team writes, and the confusion group it came from, if any) and a
-- control: another confusion of the same session that no note answered. The next session's
-- students rate both on the same question, "How clear is ⟨topic⟩ to you now?", 1 to 7.
-- The topics are written with the note and never changed (answers would mix two questions).
-- Old notes keep their free check question; they are no longer asked (see follow_up_note()).

alter table public.session_notes
  add column addressed_topic text
    constraint session_notes_addressed_topic_check
    check (addressed_topic is null or (char_length(addressed_topic) between 1 and 80 and addressed_topic ~ '\S')),
  add column addressed_group_id uuid references private.confusion_groups (id) on delete set null,
  add column control_topic text
    constraint session_notes_control_topic_check
    check (control_topic is null or (char_length(control_topic) between 1 and 80 and control_topic ~ '\S')),
  add column control_group_id uuid references private.confusion_groups (id) on delete set null,
  add constraint session_notes_control_needs_addressed check (control_topic is null or addressed_topic is not null),
  add constraint session_notes_control_differs
    check (control_topic is null or lower(control_topic) <> lower(addressed_topic)),
  add constraint session_notes_control_group_differs
    check (control_group_id is null or addressed_group_id is null or control_group_id <> addressed_group_id);
comment on column public.session_notes.addressed_topic is 'The confusion the note answers, in the team''s few words ("the base case"): the next session''s students rate how clear it is now.';
comment on column public.session_notes.addressed_group_id is 'The confusion group of the note''s session the addressed topic was picked from (null when typed).';
comment on column public.session_notes.control_topic is 'A confusion of the same session no note answered, rated on the same question as the control.';
comment on column public.session_notes.control_group_id is 'The confusion group the control topic was picked from.';

create index session_notes_addressed_group_idx on public.session_notes (addressed_group_id) where addressed_group_id is not null;
create index session_notes_control_group_idx on public.session_notes (control_group_id) where control_group_id is not null;

-- Written with the note only: no update grant, so a topic students answered about never changes.
grant insert (addressed_topic, addressed_group_id, control_topic, control_group_id) on public.session_notes to authenticated;

-- The notes trigger as before (…_follow_up_checks.sql), and the topics: trimmed, blank is none, at
-- most 80 characters, the control another topic than the addressed one, and a group only one of the
-- note's session. Definer's rights, to read the session's groups (schema private); the caller is
-- still checked against the courses they may edit.
create or replace function private.session_notes_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ws constant text := e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
begin
  if tg_op = 'INSERT' then
    if not exists (
      select 1 from public.class_sessions cs
      where cs.id = new.session_id
        and (cs.course_id = any (array(select public.my_editable_course_ids())) or coalesce(auth.role(), '') <> 'authenticated')
    ) then
      raise exception 'Class session not found' using errcode = 'PT404';
    end if;
    new.addressed_topic := nullif(btrim(new.addressed_topic, ws), '');
    new.control_topic := nullif(btrim(new.control_topic, ws), '');
    if char_length(new.addressed_topic) > 80 or char_length(new.control_topic) > 80 then
      raise exception 'A topic must be at most 80 characters long.' using errcode = '22023';
    end if;
    if new.addressed_topic is null and (new.control_topic is not null or new.addressed_group_id is not null) then
      raise exception 'Name the confusion this note answers before a control.' using errcode = '22023';
    end if;
    if new.control_topic is null and new.control_group_id is not null then
      raise exception 'Name the control topic in a few words.' using errcode = '22023';
    end if;
    if lower(new.control_topic) = lower(new.addressed_topic)
       or new.control_group_id = new.addressed_group_id then
      raise exception 'The control must be another confusion than the one the note answers.' using errcode = '22023';
    end if;
    if exists (
      select 1 from unnest(array[new.addressed_group_id, new.control_group_id]) g(id)
      where g.id is not null
        and not exists (select 1 from private.confusion_groups cg where cg.id = g.id and cg.class_session_id = new.session_id)
    ) then
      raise exception 'This confusion group is not from this class session.' using errcode = '22023';
    end if;
  else
    new.id := old.id;
    new.session_id := old.session_id;
    new.addressed_topic := old.addressed_topic;
    new.addressed_group_id := old.addressed_group_id;
    new.control_topic := old.control_topic;
    new.control_group_id := old.control_group_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, ws);
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A note must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  new.check_question := nullif(btrim(new.check_question, ws), '');
  if char_length(new.check_question) > 200 then
    raise exception 'A check question must be at most 200 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$$;
comment on function private.session_notes_before_write() is 'Refuses notes on sessions the caller cannot edit; trims and checks the body, the old check question and the topics (a control other than the addressed topic, groups of the note''s session); topics never change.';
revoke execute on function private.session_notes_before_write() from public, anon, authenticated;

-- private.follow_up_note(course_id, day): as before, but only notes with a topic are asked now. A
-- note with the old single question is no longer asked: its answers could not be compared.
create or replace function private.follow_up_note(p_course_id uuid, p_day date)
returns public.session_notes
language sql stable
set search_path = ''
as $$
  select n.*
  from public.session_notes n
  where n.session_id = (
      select cs.id from public.class_sessions cs
      where cs.course_id = p_course_id and cs.session_date < p_day
      order by cs.session_date desc limit 1
    )
    and n.addressed_topic is not null
  order by n.created_at desc, n.id
  limit 1
$$;
comment on function private.follow_up_note(uuid, date) is 'The note (with a topic) whose topics the students of a course''s class day rate: on the course''s previous session.';

-- public.follow_up_check(course_id, session): {noteId, body, sessionDate, addressedTopic,
-- controlTopic} or null; the form asks "How clear is ⟨topic⟩ to you now?" for each, in an order of
-- its own per student.
create or replace function public.follow_up_check(course_id uuid, session text default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('noteId', n.id, 'body', n.body, 'sessionDate', cs.session_date,
    'addressedTopic', n.addressed_topic, 'controlTopic', n.control_topic)
  from (
    select c.id,
      case
        when follow_up_check.session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          (select x.session_date from public.class_sessions x where x.id = follow_up_check.session::uuid and x.course_id = c.id)
        when follow_up_check.session ~ '^\d{4}-\d{2}-\d{2}$' then
          (select follow_up_check.session::date where follow_up_check.session::date is not null)
        when coalesce(btrim(follow_up_check.session), '') = '' then
          (select d.session_date from private.class_day(c.timezone, now()) d)
      end as day
    from public.courses c
    where c.id = follow_up_check.course_id
  ) day
  cross join lateral private.follow_up_note(day.id, day.day) n
  join public.class_sessions cs on cs.id = n.session_id
  where day.day is not null and n.id is not null
$$;
comment on function public.follow_up_check(uuid, text) is 'The note and the topics (addressed and control) rated above a class day''s feedback form (the course''s previous session''s), or null.';

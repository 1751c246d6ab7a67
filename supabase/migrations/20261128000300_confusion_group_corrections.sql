-- The teaching team corrects the confusion groups (…_confusion_groups.sql) from the live view:
-- "Merge" puts one group's texts into another, "Not this group" takes a text out into a group of
-- its own. A corrected text is marked as placed by the team; groups are never redrawn by a read,
-- so a correction holds wherever the groups are read (the live view, Session Insights, the "me too"
-- ranking, the after-class e-mail). Each correction is kept in public.confusion_group_edits, which
-- the team may read and only these functions write.

create table public.confusion_group_edits (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  action text not null check (action in ('merge', 'take_out')),
  -- merge: the group whose texts moved; take_out: the group the text left.
  from_group_id uuid not null,
  -- merge: the group they joined; take_out: the text's new group of its own.
  into_group_id uuid not null,
  -- take_out: the text taken out.
  submission_id uuid references public.submissions (id) on delete cascade,
  check ((action = 'take_out') = (submission_id is not null)),
  made_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.confusion_group_edits is 'The teaching team''s corrections of a class session''s confusion groups (a merge, or a text taken out of its group), who made them and when.';
create index confusion_group_edits_course_id_idx on public.confusion_group_edits (course_id);
create index confusion_group_edits_class_session_id_idx on public.confusion_group_edits (class_session_id);
create index confusion_group_edits_submission_id_idx on public.confusion_group_edits (submission_id);
create index confusion_group_edits_made_by_idx on public.confusion_group_edits (made_by);

alter table public.confusion_group_edits enable row level security;
revoke all on public.confusion_group_edits from anon, authenticated;
grant select on public.confusion_group_edits to authenticated;
grant all on public.confusion_group_edits to service_role;
create policy "teams read their courses' group corrections" on public.confusion_group_edits
  for select to authenticated
  using (course_id = any (array(select public.my_course_ids())));

-- The session of a group of a course the caller teaches, or 'Group not found' (PT404).
create or replace function private.team_confusion_group(p_course_id uuid, p_group_id uuid)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_session uuid;
begin
  select g.class_session_id into v_session
  from private.confusion_groups g join public.class_sessions cs on cs.id = g.class_session_id
  where g.id = p_group_id and cs.course_id = p_course_id and p_course_id = any (array(select public.my_course_ids()));
  if v_session is null then
    raise exception 'Group not found' using errcode = 'PT404';
  end if;
  return v_session;
end;
$$;
comment on function private.team_confusion_group(uuid, uuid) is 'The class session of a confusion group of a course the caller teaches, or Group not found: who may correct the group.';
revoke execute on function private.team_confusion_group(uuid, uuid) from public, anon, authenticated;

-- merge_confusion_groups(course_id, group_id, into_group_id): every text of group_id joins
-- into_group_id (same session) → {groupId}. 'Group not found' (404) for a group of another course
-- or session, or one the caller does not teach; two ids of one group: 400.
create or replace function public.merge_confusion_groups(course_id uuid, group_id uuid, into_group_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_session uuid;
begin
  if merge_confusion_groups.group_id = merge_confusion_groups.into_group_id then
    raise exception 'Choose two different groups to merge.' using errcode = '22023';
  end if;
  v_session := private.team_confusion_group(merge_confusion_groups.course_id, merge_confusion_groups.group_id);
  if private.team_confusion_group(merge_confusion_groups.course_id, merge_confusion_groups.into_group_id) <> v_session then
    raise exception 'Group not found' using errcode = 'PT404';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('confusion groups ' || v_session::text, 0));

  insert into private.confusion_group_terms as gt (group_id, class_session_id, term, texts)
  select merge_confusion_groups.into_group_id, v_session, f.term, f.texts
  from private.confusion_group_terms f where f.group_id = merge_confusion_groups.group_id
  on conflict on constraint confusion_group_terms_pkey do update set texts = gt.texts + excluded.texts;
  update private.confusion_groups g
  set texts = g.texts + (select f.texts from private.confusion_groups f where f.id = merge_confusion_groups.group_id)
  where g.id = merge_confusion_groups.into_group_id;
  update private.grouped_texts t set group_id = merge_confusion_groups.into_group_id, placed_by = 'team'
  where t.group_id = merge_confusion_groups.group_id;
  update private.grouped_texts t set placed_by = 'team' where t.group_id = merge_confusion_groups.into_group_id;
  delete from private.confusion_groups g where g.id = merge_confusion_groups.group_id;

  insert into public.confusion_group_edits (course_id, class_session_id, action, from_group_id, into_group_id, made_by)
  values (merge_confusion_groups.course_id, v_session, 'merge', merge_confusion_groups.group_id,
    merge_confusion_groups.into_group_id, (select auth.uid()));
  return json_build_object('groupId', merge_confusion_groups.into_group_id);
end;
$$;
comment on function public.merge_confusion_groups(uuid, uuid, uuid) is 'The teaching team''s "Merge": one confusion group''s texts join another of the same session, and stay there.';
revoke execute on function public.merge_confusion_groups(uuid, uuid, uuid) from public, anon, authenticated;
grant execute on function public.merge_confusion_groups(uuid, uuid, uuid) to authenticated, service_role;

-- take_out_of_confusion_group(course_id, submission_id): "Not this group", the text leaves its group
-- for a group of its own → {groupId}. 'Text not found' (404) for a text not in a group of a course
-- the caller teaches; a text alone in its group: 400.
create or replace function public.take_out_of_confusion_group(course_id uuid, submission_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_text private.grouped_texts;
  v_size integer;
  v_group uuid;
begin
  select t.* into v_text
  from private.grouped_texts t join public.class_sessions cs on cs.id = t.class_session_id
  where t.submission_id = take_out_of_confusion_group.submission_id and cs.course_id = take_out_of_confusion_group.course_id
    and take_out_of_confusion_group.course_id = any (array(select public.my_course_ids()));
  if v_text.submission_id is null then
    raise exception 'Text not found' using errcode = 'PT404';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('confusion groups ' || v_text.class_session_id::text, 0));
  select g.texts into v_size from private.confusion_groups g where g.id = v_text.group_id;
  if v_size <= 1 then
    raise exception 'This text is already alone in its group.' using errcode = '22023';
  end if;

  perform private.leave_confusion_group(v_text.submission_id);
  insert into private.confusion_groups (class_session_id) values (v_text.class_session_id) returning id into v_group;
  update private.grouped_texts t set group_id = v_group, placed_by = 'team' where t.submission_id = v_text.submission_id;
  perform private.join_confusion_group(v_group, v_text.class_session_id, v_text.terms);

  insert into public.confusion_group_edits (course_id, class_session_id, action, from_group_id, into_group_id, submission_id, made_by)
  values (take_out_of_confusion_group.course_id, v_text.class_session_id, 'take_out', v_text.group_id, v_group,
    v_text.submission_id, (select auth.uid()));
  return json_build_object('groupId', v_group);
end;
$$;
comment on function public.take_out_of_confusion_group(uuid, uuid) is 'The teaching team''s "Not this group": a text leaves its confusion group for one of its own, and stays there.';
revoke execute on function public.take_out_of_confusion_group(uuid, uuid) from public, anon, authenticated;
grant execute on function public.take_out_of_confusion_group(uuid, uuid) to authenticated, service_role;

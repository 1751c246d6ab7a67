-- "LMS teaching assistants join the team" decides who may join the course's teaching team, and the
-- team is the owner's to manage (only the owner invites and removes members): so only the owner
-- turns it on or off. Co-instructors keep editing the course's other settings, and their saves may
-- send the setting unchanged. A trigger, because row-level security cannot tell one column's change
-- from another's; it judges signed-in clients only (the service role and migrations are trusted).
create function public.courses_lms_roles_owner_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated'
     and new.lms_roles_join_team is distinct from old.lms_roles_join_team
     and old.owner_id is distinct from (select auth.uid()) then
    raise exception 'Only the course''s owner can change whether LMS teaching assistants join the team.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function public.courses_lms_roles_owner_only() is 'Trigger: refuses a change of lms_roles_join_team by a signed-in member who is not the course''s owner.';
revoke execute on function public.courses_lms_roles_owner_only() from public, anon, authenticated;

create trigger courses_lms_roles_owner_only before update of lms_roles_join_team on public.courses
  for each row execute function public.courses_lms_roles_owner_only();

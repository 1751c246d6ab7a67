-- App owners: the signed-in accounts allowed to moderate the public user-stories board.

create table public.app_owners (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.app_owners is 'The accounts that may moderate the public user-stories board (status, edit, delete, merge), kept apart from professors.';

alter table public.app_owners enable row level security;
revoke all on public.app_owners from anon, authenticated;
grant select on public.app_owners to authenticated;
grant all on public.app_owners to service_role;

create policy "owners see their own ownership" on public.app_owners
  for select to authenticated using (user_id = (select auth.uid()));

-- is_app_owner(): whether the caller's account moderates user stories. Anyone may ask.
create or replace function public.is_app_owner()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.app_owners o where o.user_id = (select auth.uid()))
$$;
comment on function public.is_app_owner() is 'Whether the caller moderates the user-stories board: used by its policies, the merge function and the client to show owner controls.';
revoke execute on function public.is_app_owner() from public, anon, authenticated;
grant execute on function public.is_app_owner() to anon, authenticated, service_role;

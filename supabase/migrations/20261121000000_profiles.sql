-- Profiles: the professor-facing copy of each auth user (name, picture), made by a trigger on
-- auth.users so every sign-up has one, and readable only by its owner. Also the trigger function
-- that keeps updated_at honest on every table that has one.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  profile_image_url text check (char_length(profile_image_url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per signed-up professor, so the app can show and edit a name and picture that auth.users does not expose.';

alter table public.profiles enable row level security;

revoke all on public.profiles from anon, authenticated;
grant select, update (first_name, last_name, profile_image_url) on public.profiles to authenticated;
grant all on public.profiles to service_role;

create policy "professors read their own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "professors update their own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

create or replace function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function public.touch_updated_at() is 'Trigger: sets updated_at on every update, so no client has to (or can fake it).';
revoke execute on function public.touch_updated_at() from public, anon, authenticated;

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function public.touch_updated_at();

-- Runs as the table owner because the signing-up user cannot insert into profiles yet.
create or replace function public.handle_new_auth_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, first_name, last_name, profile_image_url)
  values (
    new.id,
    coalesce(new.email, ''),
    new.raw_user_meta_data ->> 'first_name',
    new.raw_user_meta_data ->> 'last_name',
    coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'profile_image_url')
  )
  on conflict (id) do nothing;
  return new;
end;
$$;
comment on function public.handle_new_auth_user() is 'Trigger on auth.users: creates the profile of every new account, so no sign-up path can forget it.';
revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- The `private` schema: helpers of the SQL functions and triggers that the API must not expose.
create schema if not exists private;
comment on schema private is 'Helpers of the SQL functions; PostgREST does not expose this schema and clients cannot use it.';
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

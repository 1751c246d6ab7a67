-- Local-only: what a Supabase project provides before any migration runs.
-- Mirrors supabase/postgres's init scripts and migrations for the parts ClassPulse relies on, so
-- that supabase/migrations run unchanged here and on a hosted project. Never deployed.
--
-- Runs as the cluster's superuser, supabase_admin (as hosted: the only superuser). Migrations and
-- the seed then run as `postgres`, which is not a superuser, with the attributes, memberships and
-- grants hosted gives it (supabase/postgres: migrations/db/migrations/10000000000000_demote-postgres.sql
-- and the grants after it). Runs on every stack start, so everything here is idempotent.

-- Roles -------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login password 'postgres';
  end if;
end $$;

-- postgres: hosted's "privileged role", demoted from superuser.
alter role postgres nosuperuser createdb createrole login replication bypassrls;
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path to auth;
alter database postgres owner to postgres;
grant all on database postgres to postgres;
grant anon, authenticated, service_role, supabase_auth_admin to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
-- Settings supautils lets postgres change on hosted (supautils.privileged_role_allowed_configs)
-- that this Postgres has without extensions.
grant set on parameter session_replication_role, log_lock_waits, log_min_messages, track_io_timing to postgres;

grant anon, authenticated, service_role to authenticator;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

-- Schemas and extensions ---------------------------------------------------------------------
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pg_trgm with schema extensions;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Supabase re-exposes everything in public by default; the same for functions created later.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

-- PostgREST reloads its schema cache on `notify pgrst` (Supabase runs the same event trigger).
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end $$;

drop event trigger if exists pgrst_ddl_watch;
create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();

-- The auth schema: GoTrue's users table (the columns Supabase projects rely on) ---------------
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to postgres;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
alter table auth.users owner to supabase_auth_admin;
-- As hosted: row-level security on with no policy (Supabase Auth enables it on every auth table),
-- all privileges for postgres (which bypasses RLS), none for the API roles, service_role included.
alter table auth.users enable row level security;
grant all on auth.users to postgres;
revoke all on auth.users from anon, authenticated, service_role;

-- auth.uid(), auth.role(), auth.email(), auth.jwt(): exactly as Supabase defines them, reading
-- the claims PostgREST puts in request.jwt.claims.
create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to postgres, anon, authenticated, service_role;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;

-- Where the Supabase CLI records applied migrations: it connects as postgres, which owns them.
create schema if not exists supabase_migrations authorization postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;

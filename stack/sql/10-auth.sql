-- Local-only: the tables the local auth service (stack/auth) keeps beside auth.users.
-- Modelled on GoTrue's own migrations so the rows look like a hosted project's; runs on every
-- stack start, so everything here is idempotent. Never deployed: Supabase Auth owns these there.
-- Deliberate differences from GoTrue: timestamps are timestamptz throughout, and refresh tokens
-- and PKCE auth codes are stored as SHA-256 hashes (GoTrue keeps them in plain text).

-- Types --------------------------------------------------------------------------------------
do $$
begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null;
end $$;

do $$
begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then null;
end $$;

do $$
begin
  create type auth.one_time_token_type as enum (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token'
  );
exception when duplicate_object then null;
end $$;

-- Identities: how a user signs in; the e-mail identity's provider_id is the user's id.
create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

-- Sessions: one per sign-in; the access token's session_id claim must name a live row here.
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- How each session was authenticated: the access token's amr claim.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  unique (session_id, authentication_method)
);

-- Refresh tokens: a chain per session (parent → child on each rotation); `token` is a SHA-256 hash.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- PKCE flows: the code challenge sent with /otp, and the auth code (hashed) issued by the link.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_user_method_idx on auth.flow_state (user_id, authentication_method, created_at desc);

-- E-mail codes and links: token_hash is GoTrue's sha224(email || code), as the link carries it.
create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens using hash (relates_to);

-- The auth service connects as their owner, supabase_auth_admin (as hosted); postgres may read and
-- write them; the API roles may not. Row-level security on, with no policy, as hosted.
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.flow_state owner to supabase_auth_admin;
alter table auth.one_time_tokens owner to supabase_auth_admin;
grant all on auth.identities, auth.sessions, auth.mfa_amr_claims, auth.refresh_tokens, auth.flow_state,
  auth.one_time_tokens to postgres;
revoke all on auth.identities, auth.sessions, auth.mfa_amr_claims, auth.refresh_tokens, auth.flow_state,
  auth.one_time_tokens from anon, authenticated, service_role;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.one_time_tokens enable row level security;

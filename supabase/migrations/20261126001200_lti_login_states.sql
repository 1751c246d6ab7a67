-- LTI 1.3: the state and nonce of one OIDC login, from the login initiation to the launch. Lives
-- ten minutes and is deleted when the launch uses it (so a state, and the nonce bound to it, work
-- once). Only the SHA-256 of the state is kept: the table alone cannot complete a launch. Nothing
-- here names a person: the login hint the platform sends is passed on, never stored.

create table private.lti_login_states (
  state_hash text primary key check (state_hash ~ '^[0-9a-f]{64}$'),
  nonce text not null check (char_length(nonce) between 16 and 100),
  platform_id uuid not null references private.lti_platforms (id) on delete cascade,
  expires_at timestamptz not null default now() + interval '10 minutes'
);
comment on table private.lti_login_states is 'One-time LTI login states (hashed) and their nonces, from the OIDC login initiation to the launch; ten minutes at most.';

create index lti_login_states_expires_at on private.lti_login_states (expires_at);
create index lti_login_states_platform_id on private.lti_login_states (platform_id);

alter table private.lti_login_states enable row level security;
revoke all on private.lti_login_states from public, anon, authenticated;
grant all on private.lti_login_states to service_role;

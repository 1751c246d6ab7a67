-- LTI 1.3: the learning platforms (Canvas, Moodle, …) registered with ClassPulse as an LTI tool.
-- One row per (issuer, client id): a platform's administrator registers the tool once, which gives
-- a client id, and each place the tool is installed gets a deployment id. Registered by SQL (the
-- README's "Launching from Canvas or Moodle (LTI 1.3)"); only the `lti` edge function reads it,
-- over its own database connection. No API role reaches `private`.

create table private.lti_platforms (
  id uuid primary key default gen_random_uuid(),
  -- A human label for the administrator ("Canvas at State U").
  name text not null default '' check (char_length(name) <= 200),
  -- The platform's `iss`, an https URL (http only for a platform on loopback, as the tests' stand-in).
  issuer text not null check (char_length(issuer) <= 500 and issuer ~ '^https?://\S+$'),
  client_id text not null check (char_length(client_id) between 1 and 255),
  -- The deployments that may launch ClassPulse; a launch from any other is refused.
  deployment_ids text[] not null default '{}' check (array_position(deployment_ids, null) is null),
  -- Where the OIDC login initiation sends the browser (the platform's authorization endpoint).
  auth_login_url text not null check (char_length(auth_login_url) <= 1000 and auth_login_url ~ '^https?://\S+$'),
  -- The platform's public keys: launches are verified against them.
  jwks_url text not null check (char_length(jwks_url) <= 1000 and jwks_url ~ '^https?://\S+$'),
  -- The platform's OAuth 2 token endpoint (LTI Advantage services; not used by the tool core yet).
  token_url text check (token_url is null or (char_length(token_url) <= 1000 and token_url ~ '^https?://\S+$')),
  created_at timestamptz not null default now(),
  unique (issuer, client_id)
);
comment on table private.lti_platforms is 'LTI 1.3 platforms (issuer, client id, deployments, OIDC, JWKS and token URLs) that may launch ClassPulse; only the lti edge function reads it.';

alter table private.lti_platforms enable row level security;
revoke all on private.lti_platforms from public, anon, authenticated;
grant all on private.lti_platforms to service_role;

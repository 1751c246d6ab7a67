-- LTI 1.3: the tool's own RSA key pair, which signs deep-linking responses (and, later, service
-- token requests). The `lti` edge function makes the first pair on its first need (Postgres cannot
-- make RSA keys) and publishes the public keys at /functions/v1/lti/jwks. At most one key is
-- current. Rotating: `select private.lti_rotate_tool_key();` retires the current key; the next
-- signature makes a new one, and the retired public key stays in the JWKS for seven days, so a
-- platform that cached it still verifies what it signed.

create table private.lti_tool_keys (
  kid text primary key check (char_length(kid) between 8 and 100),
  -- JWKs (RFC 7517) as jose exports them; the private one never leaves the database and the function.
  public_jwk jsonb not null check (jsonb_typeof(public_jwk) = 'object' and not public_jwk ? 'd'),
  private_jwk jsonb not null check (jsonb_typeof(private_jwk) = 'object' and private_jwk ? 'd'),
  created_at timestamptz not null default now(),
  -- null: the current key; else when it stopped signing.
  retired_at timestamptz
);
comment on table private.lti_tool_keys is 'The LTI tool''s RSA key pairs: one current signing key, and retired ones whose public keys stay in the JWKS for a while.';

-- One current key, even when two function instances make one at the same moment.
create unique index lti_tool_keys_one_current on private.lti_tool_keys ((true)) where retired_at is null;
create index lti_tool_keys_retired_at on private.lti_tool_keys (retired_at);

alter table private.lti_tool_keys enable row level security;
revoke all on private.lti_tool_keys from public, anon, authenticated;
grant all on private.lti_tool_keys to service_role;

create or replace function private.lti_rotate_tool_key()
returns void
language sql
set search_path = ''
as $$
  update private.lti_tool_keys set retired_at = now() where retired_at is null;
$$;
comment on function private.lti_rotate_tool_key() is 'Retires the LTI tool''s current signing key; the lti function makes a new one on its next signature.';
revoke all on function private.lti_rotate_tool_key() from public, anon, authenticated;

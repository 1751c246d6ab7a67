-- LTI 1.3: the audit of refused logins and launches, for an administrator finding out why a
-- platform cannot launch ClassPulse. Deliberately without personal data: a reason code, the issuer
-- the request claimed (a platform, not a person) and the time; never the token, the user's `sub`,
-- name, e-mail or address. Rows older than 90 days are deleted by the insert that adds one.

create table private.lti_launch_refusals (
  id bigint generated always as identity primary key,
  reason text not null check (reason ~ '^[a-z_]{1,60}$'),
  issuer text check (char_length(issuer) <= 500),
  created_at timestamptz not null default now()
);
comment on table private.lti_launch_refusals is 'Refused LTI logins and launches: reason code, claimed issuer and time only, no personal data; 90 days.';

create index lti_launch_refusals_created_at on private.lti_launch_refusals (created_at);

alter table private.lti_launch_refusals enable row level security;
revoke all on private.lti_launch_refusals from public, anon, authenticated;
grant all on private.lti_launch_refusals to service_role;

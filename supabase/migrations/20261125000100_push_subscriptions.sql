-- Reply notifications: the browser push subscription a student asked for on one submission, so the
-- first reply to it reaches them after the tab is closed. Keyed by the submission alone (the
-- student proved the edit token to store it); nothing here names a student. Used once (the reply
-- function deletes it when it sends), and deleted with the submission: retention, "Delete all
-- feedback" and account deletion all delete submissions, so the cascade covers them.
-- Only the edge functions (service role / direct connection) read or write it: no professor, no
-- visitor, ever.

create table public.reply_push_subscriptions (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  -- A push service's https address (the functions also refuse IP literals and odd ports, see
  -- decisions.md, "Reply notifications"); at most 1024 characters.
  endpoint text not null check (char_length(endpoint) <= 1024 and endpoint ~ '^https://[^/\s?#@]+(/\S*)?$'),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url without padding.
  p256dh text not null check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
comment on table public.reply_push_subscriptions is 'A student''s browser push subscription for the first reply to one submission; only the edge functions use it.';

alter table public.reply_push_subscriptions enable row level security;
revoke all on public.reply_push_subscriptions from public, anon, authenticated;
grant all on public.reply_push_subscriptions to service_role;

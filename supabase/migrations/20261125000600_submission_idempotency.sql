-- Submissions sent again after a network failure are stored once (docs/decisions.md, "Submissions
-- on bad Wi-Fi"). A client's `Idempotency-Key` is the secret of the submission's edit token, so
-- its SHA-256 is the row's edit_token_hash: one key, one row, enforced here. A repeat's insert
-- fails with 23505 (its transaction, rate-limit counts included, is rolled back), and the
-- submissions function answers with the row the key already made.

-- Every edit_token_hash so far is the SHA-256 of 256 random bits: no duplicates to refuse.
create unique index if not exists submissions_edit_token_hash_key on public.submissions (edit_token_hash);

-- private.submission_for_replay(hash): the submission an idempotency key made, as
-- submission_for_edit() reads it, plus its session's date, for the submissions function to compare
-- with a repeated request; null when the key made none. In `private` (not exposed by PostgREST, no
-- API role may call it): only the submissions function, over its direct connection, asks.
create or replace function private.submission_for_replay(p_edit_token_hash text)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select (public.submission_for_edit(s.id)::jsonb || jsonb_build_object('sessionDate', cs.session_date::text))::json
  from public.submissions s
  join public.class_sessions cs on cs.id = s.class_session_id
  where s.edit_token_hash = p_edit_token_hash
$$;
comment on function private.submission_for_replay(text) is 'The submission an idempotency key (an edit token''s secret) already made, by its hash, for the submissions function to answer a repeat with.';
revoke execute on function private.submission_for_replay(text) from public, anon, authenticated;
grant execute on function private.submission_for_replay(text) to service_role;

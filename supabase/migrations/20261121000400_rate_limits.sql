-- Rate limiting of anonymous writes, in one place: the counters, how one request is counted, how
-- stored keys are derived, the 429 error, and the clean-up of old counters. Callers decide only
-- which bucket and key a request counts in (create_submission, open_story_board, and the
-- user-stories edge function through consume_rate_limit).
--
-- Keys are never raw IPs or device ids. The edge functions send keyed hashes (HMAC under a master
-- secret the database never sees): for the per-minute story limits a key that rotates daily; for
-- submissions a stable base key, from which rate_limit_key() derives one key per class session
-- (an evening class is not split at UTC midnight) and one per UTC day for the per-minute bucket.
-- Without the master secret no stored key can be tied to a device or an IP, nor linked to the
-- keys of another session or day.

create table public.rate_limit_buckets (
  -- 'device:<session id>', 'ip:<session id>', 'ip-minute', 'story-token', 'story-create', 'vote'
  bucket text not null check (char_length(bucket) between 1 and 100),
  -- A keyed hash (HMAC) of a device id or IP; never the raw value.
  key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  -- Requests counted in this window, whatever the bucket counts (submissions, tokens, stories, votes).
  submission_count integer not null default 0 check (submission_count >= 0),
  primary key (bucket, key_hash, window_start)
);
comment on table public.rate_limit_buckets is 'Request counters per bucket, keyed hash and window, so anonymous writes (submissions, voting tokens, stories, votes) can be limited without storing who sent them; rows older than 48 hours are deleted.';
create index rate_limit_buckets_window_idx on public.rate_limit_buckets (window_start);

alter table public.rate_limit_buckets enable row level security;
-- No policies: only the service role (which bypasses RLS) and the functions below touch the counters.
revoke all on public.rate_limit_buckets from anon, authenticated;
grant all on public.rate_limit_buckets to service_role;

-- Counts one request in a bucket unless it is full; true when it was counted. The upsert's row
-- lock makes concurrent requests queue, so a limit holds exactly under bursts.
create or replace function private.take_rate_limit(p_bucket text, p_key text, p_window timestamptz, p_limit integer)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  insert into public.rate_limit_buckets as r (bucket, key_hash, window_start, submission_count)
  values (p_bucket, p_key, p_window, 1)
  on conflict (bucket, key_hash, window_start) do update
    set submission_count = r.submission_count + 1
    where r.submission_count < p_limit;
  return found;
end;
$$;
comment on function private.take_rate_limit(text, text, timestamptz, integer) is 'The one place a request is counted against a limit, atomically, so limits hold exactly under bursts.';

-- Old counters go now and then (on about one call in a hundred), so the table stays small
-- without a scheduler.
-- Counters older than 48 hours before `p_at` count nothing any more: deletes them → how many.
create or replace function private.delete_stale_rate_limit_buckets(p_at timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.rate_limit_buckets where window_start < p_at - interval '48 hours';
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function private.delete_stale_rate_limit_buckets(timestamptz) is 'The one rule for when a rate-limit counter may go (48 hours after its window started), for the chance prune and the hourly retention purge.';

create or replace function private.prune_rate_limit_buckets()
returns void
language plpgsql
set search_path = ''
as $$
begin
  if random() < 0.01 then
    perform private.delete_stale_rate_limit_buckets(now());
  end if;
end;
$$;
comment on function private.prune_rate_limit_buckets() is 'Deletes counters older than 48 hours on about one call in a hundred, so no scheduler is needed to keep the table small.';

-- Raises the error the edge function turns into HTTP 429 with Retry-After (seconds in DETAIL).
create or replace function private.rate_limited(p_message text, p_retry_after integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%', p_message using errcode = 'CP429', detail = greatest(p_retry_after, 1)::text;
end;
$$;
comment on function private.rate_limited(text, integer) is 'Raises the refusal the edge functions answer with HTTP 429 and Retry-After, so every limit refuses the same way.';

-- rate_limit_key(base, scope): the stored key for a base key (64 hex) in a scope; null for null.
create or replace function private.rate_limit_key(p_base text, p_scope text)
returns text
language sql immutable
set search_path = ''
as $$
  select case when p_base is not null
    then encode(extensions.hmac(convert_to(p_scope, 'UTF8'), decode(p_base, 'hex'), 'sha256'), 'hex') end
$$;
comment on function private.rate_limit_key(text, text) is 'Derives the stored key of a base key for one scope (a class session or a UTC day), so keys of different scopes cannot be linked.';

-- consume_rate_limit(bucket, key, window_seconds, limit): counts one request in the current
-- window; 0 when allowed, else the seconds until the window ends. Service role only.
create or replace function public.consume_rate_limit(p_bucket text, p_key text, p_window_seconds integer, p_limit integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_start timestamptz := to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
begin
  if private.take_rate_limit(p_bucket, p_key, window_start, p_limit) then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from window_start + make_interval(secs => p_window_seconds) - now()))::integer);
end;
$$;
comment on function public.consume_rate_limit(text, text, integer, integer) is 'Lets the edge functions count a request in a fixed window (stories and votes per IP) and learn how long to wait when it is full.';
revoke execute on function public.consume_rate_limit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_rate_limit(text, text, integer, integer) to service_role;

-- The per-minute limits' clock, given by the caller (docs/decisions/testing.md, "The functions'
-- clock"). consume_rate_limit, rate_limit_wait and open_story_board count in fixed windows of
-- Postgres' now(). Each now takes `p_at`, the time to count at: null (what the edge functions
-- pass on hosted Supabase and under `npm start`) keeps now(), so production counts exactly as
-- before. Only the test stack's functions pass a time a test pinned, so a burst falls in one
-- window however slow the machine is, and no test waits for the next minute.
--
-- A parameter added with a default would leave the old signature beside it, and a call with four
-- arguments would match both: each old function is dropped and made again, grants included.

drop function public.consume_rate_limit(text, text, integer, integer);

-- consume_rate_limit(bucket, key, window_seconds, limit, at): counts one request in the window
-- holding `at` (null: now()); 0 when allowed, else the seconds until that window ends. Service
-- role only.
create function public.consume_rate_limit(
  p_bucket text,
  p_key text,
  p_window_seconds integer,
  p_limit integer,
  p_at timestamptz default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted_at timestamptz := coalesce(p_at, pg_catalog.now());
  window_start timestamptz := pg_catalog.to_timestamp(floor(extract(epoch from counted_at) / p_window_seconds) * p_window_seconds);
begin
  if private.take_rate_limit(p_bucket, p_key, window_start, p_limit) then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from window_start + make_interval(secs => p_window_seconds) - counted_at))::integer);
end;
$$;
comment on function public.consume_rate_limit(text, text, integer, integer, timestamptz) is 'Lets the edge functions count a request in a fixed window (stories, votes and edit-token guesses per IP) and learn how long to wait when it is full; p_at null counts at now().';
revoke execute on function public.consume_rate_limit(text, text, integer, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.consume_rate_limit(text, text, integer, integer, timestamptz) to service_role;

drop function public.rate_limit_wait(text, text, integer, integer);

-- rate_limit_wait(bucket, key, window_seconds, limit, at): 0 while the window holding `at` (null:
-- now()) has room, else the seconds until it ends. Counts nothing. Service role only.
create function public.rate_limit_wait(
  p_bucket text,
  p_key text,
  p_window_seconds integer,
  p_limit integer,
  p_at timestamptz default null
)
returns integer
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((
    select greatest(1, ceil(extract(epoch from r.window_start + make_interval(secs => p_window_seconds) - c.counted_at))::integer)
    from (select coalesce(p_at, pg_catalog.now()) as counted_at) c
    join public.rate_limit_buckets r
      on r.window_start = pg_catalog.to_timestamp(floor(extract(epoch from c.counted_at) / p_window_seconds) * p_window_seconds)
    where r.bucket = p_bucket
      and r.key_hash = p_key
      and r.submission_count >= p_limit
  ), 0)
$$;
comment on function public.rate_limit_wait(text, text, integer, integer, timestamptz) is 'Lets the edge functions refuse a caller whose window is already full without counting the request (edit-token guessing counts failures only); p_at null reads the window of now().';
revoke execute on function public.rate_limit_wait(text, text, integer, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.rate_limit_wait(text, text, integer, integer, timestamptz) to service_role;

drop function public.open_story_board(text, text, text, integer);

-- open_story_board(token_hash, new_token_hash, ip_key, tokens_per_minute, at) →
-- {token: 'kept' | 'issued' | 'none', stories}, as before: a new token counts in the minute
-- holding `at` (null: now()). A kept token's last_used_at stays on Postgres' own time: it is a
-- fact about the token, not a limit.
create function public.open_story_board(
  p_token_hash text,
  p_new_token_hash text,
  p_ip_key text,
  p_tokens_per_minute integer,
  p_at timestamptz default null
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  last_used timestamptz;
  outcome text := 'none';
begin
  if p_token_hash is not null then
    select a.last_used_at into last_used from public.anonymous_sessions a where a.anonymous_token_hash = p_token_hash;
    if found then
      outcome := 'kept';
      -- One write an hour per token at most: enough to tell live tokens from abandoned ones
      -- without a write on every page view.
      if last_used < pg_catalog.now() - interval '1 hour' then
        update public.anonymous_sessions a set last_used_at = pg_catalog.now() where a.anonymous_token_hash = p_token_hash;
      end if;
    end if;
  end if;

  if outcome = 'none' and p_new_token_hash is not null
     and (p_ip_key is null
          or private.take_rate_limit('story-token', p_ip_key, date_trunc('minute', coalesce(p_at, pg_catalog.now())), p_tokens_per_minute)) then
    insert into public.anonymous_sessions (anonymous_token_hash) values (p_new_token_hash);
    outcome := 'issued';
  end if;

  -- A new token has no votes yet, so only a kept one changes hasUpvoted.
  return json_build_object(
    'token', outcome,
    'stories', private.list_stories(case when outcome = 'kept' then p_token_hash end)
  );
end;
$$;
comment on function public.open_story_board(text, text, text, integer, timestamptz) is 'GET /user-stories in one round trip: the board plus the caller''s voting token kept or issued within the per-network limit; p_at null counts at now().';
revoke execute on function public.open_story_board(text, text, text, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.open_story_board(text, text, text, integer, timestamptz) to service_role;

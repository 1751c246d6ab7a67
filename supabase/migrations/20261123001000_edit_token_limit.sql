-- Guessing edit tokens: the submissions function counts each failed check of a well-formed edit
-- token per IP and minute (consume_rate_limit, bucket 'edit-token') and, once an address is over
-- the limit, refuses its edit-token requests before comparing anything. That refusal needs to look
-- at a bucket without counting in it, which is what rate_limit_wait does: successful checks are
-- never counted, so students re-opening their own feedback behind one address are never held up.

-- rate_limit_wait(bucket, key, window_seconds, limit): 0 while the current window (the same fixed
-- window consume_rate_limit counts in) has room, else the seconds until it ends. Counts nothing.
-- Service role only.
create or replace function public.rate_limit_wait(p_bucket text, p_key text, p_window_seconds integer, p_limit integer)
returns integer
language sql stable
security definer
set search_path = ''
as $$
  select coalesce((
    select greatest(1, ceil(extract(epoch from r.window_start + make_interval(secs => p_window_seconds) - now()))::integer)
    from public.rate_limit_buckets r
    where r.bucket = p_bucket
      and r.key_hash = p_key
      and r.window_start = to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds)
      and r.submission_count >= p_limit
  ), 0)
$$;
comment on function public.rate_limit_wait(text, text, integer, integer) is 'Lets the edge functions refuse a caller whose window is already full without counting the request (edit-token guessing counts failures only).';
revoke execute on function public.rate_limit_wait(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_wait(text, text, integer, integer) to service_role;

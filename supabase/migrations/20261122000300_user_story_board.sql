-- GET /user-stories in one call: the open stories with the caller's vote state, and its voting
-- token kept (last_used_at touched at most once an hour) or a new one issued within the per-IP
-- limit. Over the limit the board is still returned, without a token, so a lecture hall behind
-- one address can always read it.

-- private.list_stories(token_hash): the stories not merged away, with hasUpvoted for that token
-- hash, sorted by ICE score, then votes, then age (oldest first).
create or replace function private.list_stories(p_token_hash text)
returns json
language sql stable
set search_path = ''
as $$
  select coalesce(json_agg(private.story_json(s, p_token_hash) order by s.ice_score desc, votes.n desc, s.created_at, s.id), '[]'::json)
  from public.user_stories s
  cross join lateral (select count(*) as n from public.user_story_upvotes v where v.user_story_id = s.id) votes
  where s.merged_into_id is null
$$;

-- list_user_stories(session_token?): unchanged for its callers; the list now lives in one place.
create or replace function public.list_user_stories(session_token text default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select private.list_stories(
    case when list_user_stories.session_token is not null then private.token_hash(list_user_stories.session_token) end
  )
$$;

-- open_story_board(token_hash, new_token_hash, ip_key, tokens_per_minute) →
-- {token: 'kept' | 'issued' | 'none', stories}. token_hash is the hash of the token the caller
-- sent (null: none); new_token_hash that of a fresh token, recorded only when the sent one is
-- unknown and the caller's network (ip_key, a keyed hash; null: not counted) has had fewer than
-- tokens_per_minute new tokens this minute. Service role only.
create or replace function public.open_story_board(
  p_token_hash text,
  p_new_token_hash text,
  p_ip_key text,
  p_tokens_per_minute integer
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
      if last_used < now() - interval '1 hour' then
        update public.anonymous_sessions a set last_used_at = now() where a.anonymous_token_hash = p_token_hash;
      end if;
    end if;
  end if;

  if outcome = 'none' and p_new_token_hash is not null
     and (p_ip_key is null
          or private.take_rate_limit('story-token', p_ip_key, date_trunc('minute', now()), p_tokens_per_minute)) then
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
revoke execute on function public.open_story_board(text, text, text, integer) from public, anon, authenticated;
grant execute on function public.open_story_board(text, text, text, integer) to service_role;

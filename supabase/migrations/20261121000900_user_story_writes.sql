-- The writes of the user-stories edge function (service role only): stories and votes by holders
-- of a server-issued anonymous token, and GET /user-stories in one call.

-- Raises CP401 unless the token was issued by us; touches last_used_at.
create or replace function private.require_story_session(p_token_hash text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  update public.anonymous_sessions a set last_used_at = now() where a.anonymous_token_hash = p_token_hash;
  if not found then
    raise exception 'Please submit a user story first to enable voting' using errcode = 'CP401';
  end if;
end;
$$;
comment on function private.require_story_session(text) is 'Refuses writes with a token the server never issued, so stories and votes need a real anonymous session.';

-- create_user_story(token_hash, story): a new story by a holder of an issued token → story JSON.
create or replace function public.create_user_story(p_token_hash text, p_story jsonb)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  created public.user_stories;
begin
  perform private.require_story_session(p_token_hash);
  insert into public.user_stories (title, description, submitted_by, impact, confidence, ease, session_token_hash)
  values (
    p_story ->> 'title', p_story ->> 'description', nullif(btrim(p_story ->> 'submittedBy'), ''),
    (p_story ->> 'impact')::smallint, (p_story ->> 'confidence')::smallint, (p_story ->> 'ease')::smallint,
    p_token_hash
  )
  returning * into created;
  return private.story_json(created, p_token_hash);
end;
$$;
comment on function public.create_user_story(text, jsonb) is 'The user-stories edge function''s insert of a story by a holder of an issued token; service role only, after the function''s checks and limits.';
revoke execute on function public.create_user_story(text, jsonb) from public, anon, authenticated;
grant execute on function public.create_user_story(text, jsonb) to service_role;

-- vote_user_story(story_id, token_hash, up): adds or removes this session's vote → {upvoteCount, hasUpvoted}.
create or replace function public.vote_user_story(p_story_id uuid, p_token_hash text, p_up boolean)
returns json
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_story_session(p_token_hash);
  if not exists (select 1 from public.user_stories s where s.id = p_story_id and s.merged_into_id is null) then
    raise exception 'User story not found' using errcode = 'CP404';
  end if;
  if p_up then
    insert into public.user_story_upvotes (user_story_id, session_token_hash) values (p_story_id, p_token_hash)
    on conflict (user_story_id, session_token_hash) do nothing;
  else
    delete from public.user_story_upvotes v where v.user_story_id = p_story_id and v.session_token_hash = p_token_hash;
  end if;
  return json_build_object(
    'upvoteCount', (select count(*) from public.user_story_upvotes v where v.user_story_id = p_story_id),
    'hasUpvoted', p_up
  );
end;
$$;
comment on function public.vote_user_story(uuid, text, boolean) is 'The user-stories edge function''s vote or unvote, one per story and token; service role only, after the function''s limits.';
revoke execute on function public.vote_user_story(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.vote_user_story(uuid, text, boolean) to service_role;

-- GET /user-stories in one call (open_story_board): the open stories with the caller's vote
-- state, and its voting token kept (last_used_at touched at most once an hour) or a new one issued
-- within the per-IP limit. Over the limit the board is still returned, without a token, so a
-- lecture hall behind one address can always read it.

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
comment on function public.open_story_board(text, text, text, integer) is 'GET /user-stories in one round trip: the board plus the caller''s voting token kept or issued within the per-network limit.';
revoke execute on function public.open_story_board(text, text, text, integer) from public, anon, authenticated;
grant execute on function public.open_story_board(text, text, text, integer) to service_role;

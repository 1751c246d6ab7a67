-- The public user-stories board: anonymous voting sessions, stories ranked by ICE, one vote per
-- session; what anyone may read, and the owners' merge. The edge function's writes are in the
-- user-story-writes migration.
create extension if not exists pg_trgm with schema extensions;

-- One row per session token the user-stories function issued (only its hash is kept), so a
-- token cannot be invented offline.
create table public.anonymous_sessions (
  id uuid primary key default gen_random_uuid(),
  anonymous_token_hash text not null unique check (anonymous_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
comment on table public.anonymous_sessions is 'Hashes of the anonymous voting tokens the server issued, so a token cannot be invented offline and votes need no account.';
alter table public.anonymous_sessions enable row level security;
-- No policies: only the service role reads or writes tokens.
revoke all on public.anonymous_sessions from anon, authenticated;
grant all on public.anonymous_sessions to service_role;

create table public.user_stories (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300 and title ~ '\S'),
  description text not null check (char_length(description) between 1 and 1000 and description ~ '\S'),
  submitted_by text check (char_length(submitted_by) between 1 and 80 and submitted_by ~ '\S'),
  impact smallint not null check (impact between 1 and 10),
  confidence smallint not null check (confidence between 1 and 10),
  ease smallint not null check (ease between 1 and 10),
  -- The same sum the story form previews (3–30).
  ice_score smallint generated always as (impact + confidence + ease) stored,
  status text not null default 'submitted'
    check (status in ('submitted', 'in_review', 'accepted', 'in_progress', 'on_hold', 'done')),
  session_token_hash text check (session_token_hash ~ '^[0-9a-f]{64}$'),
  -- Deleting a story deletes the duplicates merged into it: a merged duplicate is part of the
  -- story it was merged into (its votes moved there), and must not come back on the board with no
  -- votes. The merge keeps chains one level deep; the cascade would follow a longer one all the
  -- same. user_stories_merged_into_idx serves it.
  merged_into_id uuid references public.user_stories (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (merged_into_id is distinct from id)
);
comment on table public.user_stories is 'Feature suggestions anyone may make and vote on, so the product is steered by its users; merged ones point at the story they were merged into.';

create index user_stories_ranking_idx on public.user_stories (ice_score desc, created_at) where merged_into_id is null;
create index user_stories_merged_into_idx on public.user_stories (merged_into_id);
create index user_stories_session_token_idx on public.user_stories (session_token_hash);
create index user_stories_title_trgm_idx on public.user_stories using gin (title extensions.gin_trgm_ops);

create trigger user_stories_touch_updated_at before update on public.user_stories
  for each row execute function public.touch_updated_at();

alter table public.user_stories enable row level security;
revoke all on public.user_stories from anon, authenticated;
grant select (id, title, description, submitted_by, impact, confidence, ease, ice_score, status, merged_into_id, created_at, updated_at)
  on public.user_stories to anon, authenticated;
grant update (title, description, submitted_by, impact, confidence, ease, status) on public.user_stories to authenticated;
grant delete on public.user_stories to authenticated;
grant all on public.user_stories to service_role;

create policy "anyone reads user stories" on public.user_stories
  for select to anon, authenticated using (true);
-- A merged story is off the board (its votes moved to the story it was merged into): owners may no
-- longer edit or re-status it, through the function or PostgREST alike. The merge itself runs as
-- the function owner and is not affected. merged_into_id is indexed (user_stories_merged_into_idx).
create policy "app owners edit open user stories" on public.user_stories
  for update to authenticated
  using ((select public.is_app_owner()) and merged_into_id is null)
  with check ((select public.is_app_owner()) and merged_into_id is null);
create policy "app owners delete user stories" on public.user_stories
  for delete to authenticated using ((select public.is_app_owner()));

create table public.user_story_upvotes (
  id uuid primary key default gen_random_uuid(),
  user_story_id uuid not null references public.user_stories (id) on delete cascade,
  session_token_hash text not null check (session_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  unique (user_story_id, session_token_hash)
);
comment on table public.user_story_upvotes is 'One vote per story and anonymous session, so the board ranks stories by how many people want them.';
create index user_story_upvotes_token_idx on public.user_story_upvotes (session_token_hash);

alter table public.user_story_upvotes enable row level security;
-- No policies: counts are read through list_user_stories(); votes are written by the function.
revoke all on public.user_story_upvotes from anon, authenticated;
grant all on public.user_story_upvotes to service_role;

create or replace function private.token_hash(token text) returns text
language sql immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(token, 'UTF8'), 'sha256'), 'hex')
$$;
comment on function private.token_hash(text) is 'The SHA-256 hash under which a voting token is stored, so the database never keeps the token itself.';

create or replace function private.story_json(s public.user_stories, p_token_hash text)
returns json
language sql stable
set search_path = ''
as $$
  select json_build_object(
    'id', s.id, 'title', s.title, 'description', s.description, 'submittedBy', s.submitted_by,
    'status', s.status, 'impact', s.impact, 'confidence', s.confidence, 'ease', s.ease,
    'iceScore', s.ice_score,
    'upvoteCount', (select count(*) from public.user_story_upvotes v where v.user_story_id = s.id),
    'hasUpvoted', p_token_hash is not null and exists (
      select 1 from public.user_story_upvotes v where v.user_story_id = s.id and v.session_token_hash = p_token_hash
    ),
    'createdAt', s.created_at, 'updatedAt', s.updated_at
  )
$$;
comment on function private.story_json(public.user_stories, text) is 'The one JSON shape of a story (with votes and the caller''s vote), shared by every function that returns stories.';

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
comment on function private.list_stories(text) is 'The board''s stories in board order, in one place for list_user_stories and open_story_board.';

-- list_user_stories(session_token?): stories not merged away, with upvoteCount and hasUpvoted
-- for that token, sorted by ICE score, then votes, then age (oldest first). Anyone.
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
comment on function public.list_user_stories(text) is 'The public board for anyone, with the caller''s own votes marked when they send their token.';
revoke execute on function public.list_user_stories(text) from public, anon, authenticated;
grant execute on function public.list_user_stories(text) to anon, authenticated, service_role;

-- similar_user_stories(want, max_items): open stories whose title resembles what is being typed,
-- most similar first, so people vote instead of duplicating. Anyone.
create or replace function public.similar_user_stories(want text, max_items integer default 5)
returns json
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'iceScore', t.ice_score, 'status', t.status) order by t.score desc), '[]'::json)
  from (
    select s.id, s.title, s.ice_score, s.status, extensions.word_similarity(btrim(similar_user_stories.want), s.title) as score
    from public.user_stories s
    where s.merged_into_id is null
      and char_length(btrim(similar_user_stories.want)) >= 3
      and extensions.word_similarity(btrim(similar_user_stories.want), s.title) >= 0.3
    order by score desc, s.ice_score desc
    limit least(greatest(coalesce(similar_user_stories.max_items, 5), 1), 5)
  ) t
$$;
comment on function public.similar_user_stories(text, integer) is 'Shows open stories that resemble the one being typed, so people vote instead of filing duplicates.';
revoke execute on function public.similar_user_stories(text, integer) from public, anon, authenticated;
grant execute on function public.similar_user_stories(text, integer) to anon, authenticated, service_role;

-- merge_user_stories(keep_id, merge_id): moves the merged story's votes to the kept one (one per
-- voter), marks it merged; one transaction. App owners (or the service role) only.
create or replace function public.merge_user_stories(keep_id uuid, merge_id uuid)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  kept public.user_stories;
begin
  if not (public.is_app_owner() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only the app owner can merge user stories' using errcode = '42501';
  end if;
  if keep_id = merge_id then
    raise exception 'A story cannot be merged with itself' using errcode = '22023';
  end if;
  -- Lock both rows in a fixed order so two merges of the same pair cannot interleave.
  perform 1 from public.user_stories s where s.id in (keep_id, merge_id) order by s.id for update;
  if (select count(*) from public.user_stories s where s.id in (keep_id, merge_id) and s.merged_into_id is null) <> 2 then
    raise exception 'Both stories must exist and not be merged already' using errcode = 'P0002';
  end if;

  insert into public.user_story_upvotes (user_story_id, session_token_hash, created_at)
  select keep_id, v.session_token_hash, v.created_at
  from public.user_story_upvotes v where v.user_story_id = merge_id
  on conflict (user_story_id, session_token_hash) do nothing;
  delete from public.user_story_upvotes v where v.user_story_id = merge_id;
  update public.user_stories s set merged_into_id = keep_id where s.id = merge_id;
  -- Stories merged into the merged one follow it to the kept one.
  update public.user_stories s set merged_into_id = keep_id where s.merged_into_id = merge_id;

  select * into kept from public.user_stories s where s.id = keep_id;
  return private.story_json(kept, null);
end;
$$;
comment on function public.merge_user_stories(uuid, uuid) is 'Lets an owner fold a duplicate story into another, moving its votes (one per voter) in one transaction.';
revoke execute on function public.merge_user_stories(uuid, uuid) from public, anon, authenticated;
grant execute on function public.merge_user_stories(uuid, uuid) to authenticated, service_role;

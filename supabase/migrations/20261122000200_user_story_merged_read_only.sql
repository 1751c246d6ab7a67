-- A merged story is off the board (its votes moved to the story it was merged into): owners may no
-- longer edit or re-status it, through the function or PostgREST alike. The merge itself runs as
-- the function owner and is not affected. merged_into_id is indexed (user_stories_merged_into_idx).
drop policy "app owners edit user stories" on public.user_stories;
create policy "app owners edit open user stories" on public.user_stories
  for update to authenticated
  using ((select public.is_app_owner()) and merged_into_id is null)
  with check ((select public.is_app_owner()) and merged_into_id is null);

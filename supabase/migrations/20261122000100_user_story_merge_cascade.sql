-- Deleting a user story deletes the duplicates merged into it. A merged duplicate is part of the
-- story it was merged into (its votes moved there), so with `on delete set null` it came back on
-- the board with no votes when that story was deleted. The merge keeps chains one level deep;
-- the cascade would follow a longer one all the same. user_stories_merged_into_idx serves it.
alter table public.user_stories
  drop constraint user_stories_merged_into_id_fkey,
  add constraint user_stories_merged_into_id_fkey
    foreign key (merged_into_id) references public.user_stories (id) on delete cascade;

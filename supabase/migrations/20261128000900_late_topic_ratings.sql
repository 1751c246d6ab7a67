-- Ratings added after the feedback (docs/decisions/follow-up-checks.md): a form posted before its
-- page's script ran had no questions to show, so its sent page asks them and adds the ratings to
-- that submission, by its edit token (checked by the submissions function). Once per submission,
-- while its class session is open, and only for the note its session's students are asked.
create or replace function public.add_topic_ratings(p_submission_id uuid, p_note_id uuid, p_ratings jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  v_note public.session_notes;
  stored integer;
begin
  select sub.id, cs.course_id, cs.session_date, cs.is_active and cs.expires_at > now() as open
  into s
  from public.submissions sub
  join public.class_sessions cs on cs.id = sub.class_session_id
  where sub.id = p_submission_id;
  if s.id is null then
    raise exception 'Submission not found' using errcode = 'CP404';
  end if;
  if not s.open then
    raise exception 'This class session has ended; feedback can no longer be edited.' using errcode = 'CP403';
  end if;
  v_note := private.follow_up_note(s.course_id, s.session_date);
  if v_note.id is null or v_note.id is distinct from p_note_id then
    raise exception 'This check question is not open for this class session.' using errcode = 'CP400';
  end if;
  if exists (select 1 from public.topic_ratings r where r.submission_id = p_submission_id) then
    raise exception 'Your ratings were already sent.' using errcode = 'CP409';
  end if;
  insert into public.topic_ratings (submission_id, note_id, side, rating)
  select p_submission_id, v_note.id, r.side, (p_ratings ->> r.side)::smallint
  from (values ('addressed'), ('control')) r(side)
  where p_ratings ? r.side and (r.side = 'addressed' or v_note.control_topic is not null);
  get diagnostics stored = row_count;
  return stored;
end;
$$;
comment on function public.add_topic_ratings(uuid, uuid, jsonb) is 'Adds the ratings of the note a submission''s session is asked about to a submission sent without them; once, while the session is open. Service role only (the submissions function checks the edit token).';
revoke execute on function public.add_topic_ratings(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.add_topic_ratings(uuid, uuid, jsonb) to service_role;

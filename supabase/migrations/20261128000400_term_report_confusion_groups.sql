-- The term report's most shared confusions are confusion groups (…_confusion_groups.sql), as in the
-- live view, Session Insights and the after-class e-mail: a session's roll-up keeps its three most
-- shared groups (each by its most shared text, with the students of all its texts) instead of its
-- three most shared texts, and a team's correction of the groups holds in the report too.
--
-- A roll-up is computed after the run places the session's texts (the live view has placed them
-- during class; a session nobody watched is placed here). A session without a roll-up is read
-- as it is: texts no read has placed yet count alone. A correction drops the session's roll-up,
-- like any change to what it sums.

create or replace function private.session_rollup(p_session_id uuid)
returns setof private.session_rollups
language sql
stable
set search_path = ''
as $$
  select cs.id, a.n, a.b_count, a.mean_clarity, a.mean_confidence, a.pace, a.challenge,
    coalesce(tx.ids, '{}'), coalesce(tx.bodies, '{}'), coalesce(tx.students, '{}'),
    coalesce(pk.starts, '{}'), coalesce(pk.ends, '{}'), coalesce(pk.recent, '{}'), coalesce(pk.lost, '{}'),
    coalesce(pk.shares, '{}'), now()
  from public.class_sessions cs
  join public.courses c on c.id = cs.course_id
  cross join lateral (
    select
      count(*)::integer as n,
      count(s.clarity_rating)::integer as b_count,
      round(avg(s.clarity_rating), 2) as mean_clarity,
      round(avg(s.confidence_level), 1) as mean_confidence,
      json_build_object(
        'too_slow', count(*) filter (where s.pace = 'too_slow'),
        'slightly_slow', count(*) filter (where s.pace = 'slightly_slow'),
        'just_right', count(*) filter (where s.pace = 'just_right'),
        'slightly_fast', count(*) filter (where s.pace = 'slightly_fast'),
        'too_fast', count(*) filter (where s.pace = 'too_fast')
      ) as pace,
      json_build_object(
        'far_too_easy', count(*) filter (where s.challenge_level = 'far_too_easy'),
        'slightly_easy', count(*) filter (where s.challenge_level = 'slightly_easy'),
        'challenging_manageable', count(*) filter (where s.challenge_level = 'challenging_manageable'),
        'slightly_hard', count(*) filter (where s.challenge_level = 'slightly_hard'),
        'far_too_hard', count(*) filter (where s.challenge_level = 'far_too_hard')
      ) as challenge
    from public.submissions s
    where s.class_session_id = cs.id
  ) a
  cross join lateral (
    select array_agg(g.top_id order by g.students desc, g.top_id) as ids,
      array_agg(g.top_body order by g.students desc, g.top_id) as bodies,
      array_agg(g.students order by g.students desc, g.top_id) as students
    from (
      select (array_agg(t.id order by t.students desc, t.id))[1] as top_id,
        (array_agg(t.body order by t.students desc, t.id))[1] as top_body,
        sum(t.students)::integer as students
      from (
        select x.id, btrim(x.confusion_text) as body, coalesce(gt.group_id, x.id) as group_id,
          (1 + coalesce((select count(*) from public.me_too m where m.submission_id = x.id), 0)
            + coalesce((select tl.me_toos from public.me_too_tallies tl where tl.submission_id = x.id), 0))::integer as students
        from public.submissions x
        left join private.grouped_texts gt on gt.submission_id = x.id
        where x.class_session_id = cs.id
          and x.confusion_text ~ '\S'
          and x.hidden_at is null
          and (not c.review_before_publishing or x.reviewed_at is not null)
      ) t
      group by t.group_id
      order by students desc, top_id
      limit 3
    ) g
  ) tx
  cross join lateral (
    select array_agg(p.start_at order by p.start_at) as starts, array_agg(p.end_at order by p.start_at) as ends,
      array_agg(p.recent order by p.start_at) as recent, array_agg(p.lost order by p.start_at) as lost,
      array_agg(p.share order by p.start_at) as shares
    from (
      select min(i.created_at) - make_interval(mins => c.alarm_window_minutes) as start_at, max(i.created_at) as end_at,
        (array_agg(i.recent order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as recent,
        (array_agg(i.lost order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as lost,
        (array_agg(round(i.lost::numeric / i.recent, 3) order by i.lost::numeric / i.recent desc, i.lost desc, i.created_at))[1] as share
      from (
        select w.*, sum(case when w.firing then 0 else 1 end) over (order by w.created_at) as island
        from (
          select r.created_at, r.recent::integer as recent, r.lost::integer as lost,
            r.recent >= c.alarm_min_responses and r.lost >= c.alarm_lost_share * r.recent as firing
          from (
            select x.created_at,
              count(*) over win as recent,
              count(*) filter (where x.confusion_level = 'completely') over win as lost
            from public.submissions x
            where x.class_session_id = cs.id
            window win as (order by x.created_at range between make_interval(mins => c.alarm_window_minutes) preceding and current row)
          ) r
        ) w
      ) i
      where i.firing
      group by i.island
    ) p
    where a.n >= c.alarm_min_responses
  ) pk
  where cs.id = p_session_id
$$;
comment on function private.session_rollup(uuid) is 'Computes one class session''s roll-up for the term report from its responses, "me too"s, confusion groups and its course''s review and alarm settings.';

-- Each run places the texts of the sessions it rolls up before computing them.
create or replace function private.roll_up_sessions(p_limit integer default 2000, p_course_id uuid default null)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  ids uuid[];
  added integer;
begin
  -- Locked first, computed after: the snapshot of the insert holds every change committed before
  -- the locks were granted, and a change after them waits for this transaction, then drops.
  select array_agg(l.id) into ids
  from (
    select cs.id from public.class_sessions cs
    where cs.expires_at <= now() - interval '5 minutes'
      and (p_course_id is null or cs.course_id = p_course_id)
      and not exists (select 1 from private.session_rollups r where r.session_id = cs.id)
    order by cs.id
    limit p_limit
    for share of cs skip locked
  ) l;
  if ids is null then
    return 0;
  end if;
  perform private.place_confusion_texts(i.id, interval '1 minute') from unnest(ids) i(id);
  insert into private.session_rollups
  select r.* from unnest(ids) i(id) cross join lateral private.session_rollup(i.id) r
  on conflict (session_id) do nothing;
  get diagnostics added = row_count;
  return added;
end;
$$;
comment on function private.roll_up_sessions(integer, uuid) is 'Writes the term-report roll-ups of sessions ended at least five minutes ago that have none, after placing their texts in confusion groups; returns how many it wrote.';
revoke execute on function private.roll_up_sessions(integer, uuid) from public, anon, authenticated;

-- A correction of the groups drops the session's roll-up.
create or replace function private.confusion_group_edit_drops_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.drop_session_rollups(array[new.class_session_id]);
  return null;
end;
$$;
comment on function private.confusion_group_edit_drops_rollup() is 'After a correction of a session''s confusion groups, drops its term-report roll-up.';
revoke execute on function private.confusion_group_edit_drops_rollup() from public, anon, authenticated;

create trigger confusion_group_edits_drop_rollup
  after insert on public.confusion_group_edits
  for each row execute function private.confusion_group_edit_drops_rollup();

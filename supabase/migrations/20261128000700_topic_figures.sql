-- public.follow_up_figures(note_id) in its fair form (…_note_topics.sql): the two topics' ratings on
-- the same question, never a before/after of two different questions. course_notes() and the term
-- report embed it as `figures`, so the live view, the course page and the report read the same.
--
--   null                                   the note asks nothing
--   {"legacy": true}                       an old single check question: no comparison possible
--   {"addressed": {"topic", "groupId"},    what the next session is asked
--    "control": {"topic", "groupId"} | null,
--    "results": null | {                   null until each side counts the course's minimum
--      "addressed": {"n", "mean", "sd", "share"},
--      "control":   {"n", "mean", "sd", "share"} | null,
--      "paired":    {"n", "mean", "sd"} | null}}    addressed − control, over submissions rating both
--
-- The interval and the verdict are worked out by the app from n, mean and sd (web/src/shared/
-- topicComparison.ts). `share`: the topic's group's part of its session's grouped confusion texts
-- written before the note (null for a typed topic). As on the public course page, hidden feedback
-- is left out, and unreviewed feedback too when the course reviews before publishing.
create or replace function public.follow_up_figures(note_id uuid)
returns json
language sql stable
security definer
set search_path = ''
as $$
  with note as (
    select n.*, c.min_public_responses as k, c.review_before_publishing as review
    from public.session_notes n
    join public.class_sessions cs on cs.id = n.session_id
    join public.courses c on c.id = cs.course_id
    where n.id = follow_up_figures.note_id and (n.check_question is not null or n.addressed_topic is not null)
  ),
  counted as (
    select r.submission_id, r.side, r.rating
    from note
    join public.topic_ratings r on r.note_id = note.id
    join public.submissions s on s.id = r.submission_id
    where s.hidden_at is null and (not note.review or s.reviewed_at is not null)
  ),
  sides as (
    select side, count(*) as n, round(avg(rating), 4) as mean, round(coalesce(stddev_samp(rating), 0), 4) as sd
    from counted group by side
  ),
  paired as (
    select count(*) as n, round(avg(a.rating - c.rating), 4) as mean, round(coalesce(stddev_samp(a.rating - c.rating), 0), 4) as sd
    from counted a join counted c on c.submission_id = a.submission_id and c.side = 'control'
    where a.side = 'addressed'
  ),
  grouped as (
    select g.group_id, count(*) as texts, sum(count(*)) over () as total
    from note
    join private.grouped_texts g on g.class_session_id = note.session_id
    join public.submissions s on s.id = g.submission_id
    where s.hidden_at is null and (not note.review or s.reviewed_at is not null) and s.created_at <= note.created_at
    group by g.group_id
  ),
  side_json as (
    select note.*,
      (select json_build_object('n', x.n, 'mean', x.mean, 'sd', x.sd,
          'share', (select round(gr.texts::numeric / gr.total, 3) from grouped gr where gr.group_id = note.addressed_group_id))
        from sides x where x.side = 'addressed') as a,
      (select json_build_object('n', x.n, 'mean', x.mean, 'sd', x.sd,
          'share', (select round(gr.texts::numeric / gr.total, 3) from grouped gr where gr.group_id = note.control_group_id))
        from sides x where x.side = 'control') as c,
      (select x.n from sides x where x.side = 'addressed') as an,
      (select x.n from sides x where x.side = 'control') as cn
    from note
  )
  select case
    when j.addressed_topic is null then json_build_object('legacy', true)
    else json_build_object(
      'addressed', json_build_object('topic', j.addressed_topic, 'groupId', j.addressed_group_id),
      'control', case when j.control_topic is not null
        then json_build_object('topic', j.control_topic, 'groupId', j.control_group_id) end,
      'results', case
        when coalesce(j.an, 0) >= j.k and (j.control_topic is null or coalesce(j.cn, 0) >= j.k) then
          json_build_object('addressed', j.a, 'control', j.c,
            'paired', (select json_build_object('n', p.n, 'mean', p.mean, 'sd', p.sd) from paired p where p.n > 0))
      end)
  end
  from side_json j
$$;
comment on function public.follow_up_figures(uuid) is 'A note''s check: its topics and, once each side reaches the course''s minimum of public responses, their ratings (n, mean, sd, share) and the paired difference; {"legacy": true} for an old single question; null when it asks nothing.';

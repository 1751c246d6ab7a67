-- Top Confusion Patterns count "me too"s too (…_me_too.sql): each row gains meToos, the "me too"s
-- said to its confusing feedback of the period, and students = count + meToos, by which the rows
-- are ranked. `count` stays the number of responses (its bar and the teaching suggestion read it).
-- The "me too"s are read from their own tables (small: device hashes last 48 hours, tallies one row
-- per text that had any) joined to their submissions, not from the roll-up.
create or replace function public.confusion_patterns(days integer default 7, course_id uuid default null)
returns json
language sql stable
security definer
set search_path = ''
as $$
  with bounds as (
    select b.since, date_trunc('day', b.since, 'UTC') + interval '1 day' as first_whole_day,
      (select st.rolled_before from private.topic_days_state st) as rolled
    from (select now() - make_interval(days => least(greatest(coalesce(confusion_patterns.days, 7), 1), 366)) as since) b
  ),
  mine as (
    select array(
      select m.id from public.my_course_ids() m(id)
      where confusion_patterns.course_id is null or m.id = confusion_patterns.course_id
    ) as ids
  ),
  parts as (
    select t.course_id, t.topic_key, t.topic, t.responses as n, t.slightly, t.very, t.completely, t.latest
    from private.topic_days t
    where t.course_id = any ((select mine.ids from mine)::uuid[])
      and t.day >= (select (b.first_whole_day at time zone 'UTC')::date from bounds b)
      and t.day < (select (b.rolled at time zone 'UTC')::date from bounds b)
    union all
    select s.course_id, s.topic_key, s.topic, 1, (s.confusion_level = 'slightly')::integer,
      (s.confusion_level = 'very')::integer, (s.confusion_level = 'completely')::integer, s.created_at
    from public.submissions s
    where s.course_id = any ((select mine.ids from mine)::uuid[])
      and s.created_at > (select b.since from bounds b)
      and s.created_at < (select b.first_whole_day from bounds b)
      and s.confusion_level is not null
    union all
    select s.course_id, s.topic_key, s.topic, 1, (s.confusion_level = 'slightly')::integer,
      (s.confusion_level = 'very')::integer, (s.confusion_level = 'completely')::integer, s.created_at
    from public.submissions s
    where s.course_id = any ((select mine.ids from mine)::uuid[])
      and s.created_at >= (select greatest(b.rolled, b.first_whole_day) from bounds b)
      and s.confusion_level is not null
  ),
  said as (
    select s.course_id, s.topic_key, sum(x.n)::bigint as me_toos
    from (
      select m.submission_id, count(*) as n from public.me_too m group by m.submission_id
      union all
      select t.submission_id, t.me_toos from public.me_too_tallies t
    ) x
    join public.submissions s on s.id = x.submission_id
    -- Reached by primary key from the few texts that had a "me too", never by reading the period.
    where s.id = any (array(select m.submission_id from public.me_too m union select t.submission_id from public.me_too_tallies t))
      and s.course_id = any ((select mine.ids from mine)::uuid[])
      and s.created_at > (select b.since from bounds b)
      and s.confusion_level is not null
    group by s.course_id, s.topic_key
  )
  select coalesce(json_agg(json_build_object(
    'topic', p.topic, 'course', c.code, 'courseId', p.course_id, 'count', p.n,
    'meToos', p.me_toos, 'students', p.n + p.me_toos,
    'difficultyDistribution', json_build_object('slightly', p.slightly, 'very', p.very, 'completely', p.completely)
  ) order by p.n + p.me_toos desc, p.latest desc, p.topic, p.course_id), '[]'::json)
  from (
    select g.*, coalesce(sd.me_toos, 0) as me_toos
    from (
      select parts.course_id, parts.topic_key, min(parts.topic) as topic, sum(parts.n) as n, sum(parts.slightly) as slightly,
        sum(parts.very) as very, sum(parts.completely) as completely, max(parts.latest) as latest
      from parts
      group by parts.course_id, parts.topic_key
    ) g
    left join said sd on sd.course_id = g.course_id and sd.topic_key = g.topic_key
    -- Ties fall to the topic, then the course, so the answer does not change between calls.
    order by g.n + coalesce(sd.me_toos, 0) desc, g.latest desc, g.topic, g.course_id
    limit 10
  ) p
  join public.courses c on c.id = p.course_id
$$;
comment on function public.confusion_patterns(integer, uuid) is 'Shows a professor which topics confuse students most over a period, counting those who said "me too", so they know what to revisit.';
revoke execute on function public.confusion_patterns(integer, uuid) from public, anon, authenticated;
grant execute on function public.confusion_patterns(integer, uuid) to authenticated, service_role;

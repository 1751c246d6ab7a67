-- Shared confusion for the teaching team: a session's texts ranked by how many students share
-- them (the text's own student plus its "me too"s, …_me_too.sql), similar texts grouped, in SQL.
--
-- Similar means: the texts' sets of English stems (Postgres full-text search: to_tsvector with the
-- english configuration, which also drops stop words) overlap by a Jaccard index of at least 0.4,
-- sharing at least two stems, or are the same set. Stems rather than trigrams: sixty students write
-- the same three things in sixty ways ("the base case of recursion" / "recursive functions' base
-- cases"), which share words far more than letter sequences.
-- Grouping is by leaders, in rank order (students, then the live view's batch order): a text with
-- no similar text ranked above it leads a group; every other text joins the highest-ranked leader
-- it is similar to, or leads its own group when it resembles no leader. A group shows its leader
-- (the most shared text), how many texts it has and how many students they total.

create or replace function private.group_texts(p_texts json)
returns json
language sql stable
set search_path = ''
as $$
  with t as (
    select (e ->> 'id')::uuid as id, e ->> 'kind' as kind, e ->> 'text' as body,
      (e ->> 'students')::integer as students, o as r
    from json_array_elements(p_texts) with ordinality as a(e, o)
  ),
  stems as (
    select distinct t.id, t.r, st.stem
    from t cross join lateral unnest(pg_catalog.tsvector_to_array(
      pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, t.body))) as st(stem)
  ),
  sizes as (select s.id, count(*) as n from stems s group by s.id),
  pairs as (
    select a.id as hi, a.r as hi_r, b.id as lo, count(*) as shared
    from stems a join stems b on a.stem = b.stem and a.r < b.r
    group by a.id, a.r, b.id
  ),
  alike as (
    select p.hi, p.hi_r, p.lo
    from pairs p join sizes na on na.id = p.hi join sizes nb on nb.id = p.lo
    where p.shared::numeric / (na.n + nb.n - p.shared) >= 0.4
      and (p.shared >= 2 or (na.n = p.shared and nb.n = p.shared))
  ),
  leaders as (select t.id from t where not exists (select 1 from alike s where s.lo = t.id)),
  membership as (
    select t.*, coalesce(
      (select l.id from leaders l where l.id = t.id),
      (select s.hi from alike s join leaders l on l.id = s.hi where s.lo = t.id order by s.hi_r limit 1),
      t.id
    ) as leader
    from t
  ),
  groups as (
    select m.leader, sum(m.students) as students, count(*) as texts, min(m.r) as first_r
    from membership m group by m.leader
  )
  select coalesce(json_agg(json_build_object(
    'id', g.leader,
    'students', g.students,
    'texts', g.texts,
    'top', (select json_build_object('id', m.id, 'kind', m.kind, 'text', m.body, 'students', m.students)
            from membership m where m.id = g.leader),
    'others', coalesce((
      select json_agg(json_build_object('id', m.id, 'kind', m.kind, 'text', m.body, 'students', m.students) order by m.r)
      from membership m where m.leader = g.leader and m.id <> g.leader
    ), '[]'::json)
  ) order by g.students desc, g.first_r), '[]'::json)
  from groups g
$$;
comment on function private.group_texts(json) is 'Groups similar texts (shared English stems) under the most shared one, so a professor reads three confusions instead of sixty texts.';
revoke execute on function private.group_texts(json) from public, anon, authenticated;

-- shared_confusion(course_id, session_id = today's): the teaching team's view of a session's
-- confusion → {sessionId, texts, students, groups: [{id, students, texts, top: {id, kind, text,
-- students}, others: […]}]}, groups most shared first. Texts of a session still open are those the
-- live view has revealed (whole batches of three); of a closed one, all. `students` of a text is 1
-- plus its "me too"s. A course the caller does not teach: 'Course not found' (PT404, HTTP 404);
-- no such session (or none today): sessionId null and no groups.
create or replace function public.shared_confusion(course_id uuid, session_id uuid default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.courses;
  s public.class_sessions;
  ranked json;
begin
  select * into c from public.courses co
  where co.id = shared_confusion.course_id and co.id = any (array(select public.my_course_ids()));
  if c.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  if shared_confusion.session_id is null then
    select * into s from public.class_sessions cs
    where cs.course_id = c.id and cs.session_date = (now() at time zone c.timezone)::date;
  else
    select * into s from public.class_sessions cs where cs.course_id = c.id and cs.id = shared_confusion.session_id;
  end if;
  if s.id is null then
    return json_build_object('sessionId', null, 'texts', 0, 'students', 0, 'groups', '[]'::json);
  end if;

  select coalesce(json_agg(json_build_object('id', r.id, 'kind', r.kind, 'text', r.body, 'students', r.students)
    order by r.students desc, r.batch, r.shuffle), '[]'::json)
  into ranked
  from (
    select t.id, t.kind, t.body, t.batch, t.shuffle, 1 + private.me_toos(t.id) as students
    from private.revealed_texts(s.id, s.is_active and s.expires_at > now()) t
  ) r;

  return json_build_object(
    'sessionId', s.id,
    'texts', json_array_length(ranked),
    'students', (select coalesce(sum((e ->> 'students')::integer), 0) from json_array_elements(ranked) e),
    'groups', private.group_texts(ranked)
  );
end;
$$;
comment on function public.shared_confusion(uuid, uuid) is 'What a class session found unclear, ranked by how many students share it, similar texts grouped, for the course''s teaching team.';
revoke execute on function public.shared_confusion(uuid, uuid) from public, anon, authenticated;
grant execute on function public.shared_confusion(uuid, uuid) to authenticated, service_role;

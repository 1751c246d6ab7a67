-- Shared confusion, kept instead of recomputed: which texts of a session are similar is worked
-- out once per text and stored, so the live view's poll (every second, for every professor whose
-- class is live) reads a few thousand stored pairs instead of stemming every text and pairing every
-- stem again. Measured on 300 texts: the stemming and pairing were most of shared_confusion's time.
--
-- Similarity does not depend on the ranking (the Jaccard rule of …_shared_confusion.sql is
-- symmetric), only on the two texts, so a pair stays true until one of them is edited. The pairs
-- are worked out when shared_confusion first meets a text (new, or edited: its words' md5 changed),
-- not by a trigger on submissions: the students' write path, the one that must hold at the end of a
-- lecture, does none of this work, and a bulk load (triggers off) needs no rebuild. Every text a
-- reader sees is compared with every other text it sees, and rows are only ever inserted with
-- "on conflict do nothing", so readers racing each other or a new submission at worst do the same
-- work twice: a pair missed by one reader (the other text not yet committed) is found by the first
-- reader that sees both.
--
-- Privacy: the stems are the words of texts the teaching team may read anyway; they go with their
-- submission (on delete cascade), and nothing here says who wrote what, or when.

create table private.text_stems (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  -- md5 of the confusion_text the stems were taken from: a different md5 means the text was edited.
  body_md5 text not null,
  -- The distinct English stems of the text (to_tsvector's lexemes, stop words dropped).
  stems text[] not null
);
comment on table private.text_stems is 'The English stems of each confusion text, taken once, with the md5 of the text they came from: what the similarity of texts is computed from.';
create index text_stems_class_session_id_idx on private.text_stems (class_session_id);

create table private.similar_texts (
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  -- The pair in uuid order (a < b); similarity is symmetric.
  a uuid not null references private.text_stems (submission_id) on delete cascade,
  b uuid not null references private.text_stems (submission_id) on delete cascade,
  primary key (class_session_id, a, b),
  check (a < b)
);
comment on table private.similar_texts is 'Pairs of texts of one session that say the same thing (shared stems, …_shared_confusion.sql''s rule), worked out once: what shared_confusion groups by.';
create index similar_texts_b_idx on private.similar_texts (b);

alter table private.text_stems enable row level security;
alter table private.similar_texts enable row level security;
revoke all on private.text_stems, private.similar_texts from public, anon, authenticated;
grant all on private.text_stems, private.similar_texts to service_role;

-- private.refresh_similar_texts(session_id): stems and pairs for every text of the session that
-- has none yet, or whose text changed since; the rest is left as it is.
create or replace function private.refresh_similar_texts(p_session_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_new uuid[];
begin
  -- Edited (or blanked) texts: their stems go, and their pairs with them.
  delete from private.text_stems s
  using public.submissions x
  where s.class_session_id = p_session_id and x.id = s.submission_id
    and md5(x.confusion_text) is distinct from s.body_md5;

  with added as (
    insert into private.text_stems (submission_id, class_session_id, body_md5, stems)
    select x.id, x.class_session_id, md5(x.confusion_text),
      pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, x.confusion_text))
    from public.submissions x
    where x.class_session_id = p_session_id and x.confusion_text ~ '\S'
      and not exists (select 1 from private.text_stems s where s.submission_id = x.id)
    on conflict (submission_id) do nothing
    returning submission_id
  )
  select coalesce(array_agg(added.submission_id), '{}') into v_new from added;
  if cardinality(v_new) = 0 then
    return;
  end if;

  -- Each new text against every text of the session (new ones once per pair).
  insert into private.similar_texts (class_session_id, a, b)
  select p_session_id, least(n.submission_id, o.submission_id), greatest(n.submission_id, o.submission_id)
  from private.text_stems n
  join private.text_stems o
    on o.class_session_id = p_session_id and o.submission_id <> n.submission_id and o.stems && n.stems
    and not (o.submission_id = any (v_new) and o.submission_id < n.submission_id)
  cross join lateral (
    select count(*) as shared, cardinality(n.stems) as n_new, cardinality(o.stems) as n_old
    from unnest(n.stems) st(stem) where st.stem = any (o.stems)
  ) k
  where n.submission_id = any (v_new)
    and k.shared::numeric / (k.n_new + k.n_old - k.shared) >= 0.4
    and (k.shared >= 2 or (k.n_new = k.shared and k.n_old = k.shared))
  on conflict do nothing;
end;
$$;
comment on function private.refresh_similar_texts(uuid) is 'Works out the stems and similar pairs of a session''s new or edited texts once, so reading the groups costs a lookup.';
revoke execute on function private.refresh_similar_texts(uuid) from public, anon, authenticated;

-- private.group_similar_texts(texts, session_id): the groups of …_group_texts_in_one_pass.sql (same
-- leaders rule, same output) from the stored pairs instead of stems paired on every call.
create or replace function private.group_similar_texts(p_texts json, p_session_id uuid)
returns json
language sql stable
set search_path = ''
as $$
  with t as (
    select (e ->> 'id')::uuid as id, e ->> 'kind' as kind, e ->> 'text' as body,
      (e ->> 'students')::integer as students, o as r
    from json_array_elements(p_texts) with ordinality as a(e, o)
  ),
  alike as (
    select case when ta.r < tb.r then ta.id else tb.id end as hi, least(ta.r, tb.r) as hi_r,
      case when ta.r < tb.r then tb.id else ta.id end as lo
    from private.similar_texts p join t ta on ta.id = p.a join t tb on tb.id = p.b
    where p.class_session_id = p_session_id
  ),
  followers as (select distinct s.lo as id from alike s),
  leaders as (select t.id from t left join followers f on f.id = t.id where f.id is null),
  first_leader as (
    select distinct on (s.lo) s.lo, s.hi
    from alike s join leaders l on l.id = s.hi
    order by s.lo, s.hi_r
  ),
  membership as (
    select t.*, case when l.id is not null then t.id else coalesce(f.hi, t.id) end as leader
    from t left join leaders l on l.id = t.id left join first_leader f on f.lo = t.id
  ),
  groups as (
    select m.leader, sum(m.students) as students, count(*) as texts, min(m.r) as first_r,
      coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'text', m.body, 'students', m.students) order by m.r)
        filter (where m.id <> m.leader), '[]'::json) as others
    from membership m group by m.leader
  )
  select coalesce(json_agg(json_build_object(
    'id', g.leader,
    'students', g.students,
    'texts', g.texts,
    'top', json_build_object('id', top.id, 'kind', top.kind, 'text', top.body, 'students', top.students),
    'others', g.others
  ) order by g.students desc, g.first_r), '[]'::json)
  from groups g join t top on top.id = g.leader
$$;
comment on function private.group_similar_texts(json, uuid) is 'Groups a session''s ranked texts under the most shared one by the stored similar pairs, so a professor reads three confusions instead of sixty texts.';
revoke execute on function private.group_similar_texts(json, uuid) from public, anon, authenticated;

-- shared_confusion as before (…_shared_confusion.sql), now volatile (it stores the new texts'
-- pairs), counting "me too"s in one pass instead of two lookups per text, and grouping from the
-- stored pairs.
create or replace function public.shared_confusion(course_id uuid, session_id uuid default null)
returns json
language plpgsql
volatile
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

  perform private.refresh_similar_texts(s.id);

  select coalesce(json_agg(json_build_object('id', r.id, 'kind', r.kind, 'text', r.body, 'students', r.students)
    order by r.students desc, r.batch, r.shuffle), '[]'::json)
  into ranked
  from (
    select t.id, t.kind, t.body, t.batch, t.shuffle,
      1 + coalesce(m.n, 0) + coalesce(tl.me_toos, 0) as students
    from private.revealed_texts(s.id, s.is_active and s.expires_at > now()) t
    left join (
      select mt.submission_id, count(*)::integer as n
      from public.me_too mt join public.submissions x on x.id = mt.submission_id
      where x.class_session_id = s.id
      group by mt.submission_id
    ) m on m.submission_id = t.id
    left join public.me_too_tallies tl on tl.submission_id = t.id
  ) r;

  return json_build_object(
    'sessionId', s.id,
    'texts', json_array_length(ranked),
    'students', (select coalesce(sum((e ->> 'students')::integer), 0) from json_array_elements(ranked) e),
    'groups', private.group_similar_texts(ranked, s.id)
  );
end;
$$;
comment on function public.shared_confusion(uuid, uuid) is 'What a class session found unclear, ranked by how many students share it, similar texts grouped, for the course''s teaching team.';
revoke execute on function public.shared_confusion(uuid, uuid) from public, anon, authenticated;
grant execute on function public.shared_confusion(uuid, uuid) to authenticated, service_role;

-- The texts already written: their stems and pairs now, rather than on the first read.
do $$
declare
  r record;
begin
  for r in select distinct x.class_session_id from public.submissions x where x.confusion_text ~ '\S' loop
    perform private.refresh_similar_texts(r.class_session_id);
  end loop;
end;
$$;

-- The per-call grouping it replaces has no caller left.
drop function private.group_texts(json);

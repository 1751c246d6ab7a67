-- Confusion groups drawn more as a teacher draws them (docs/decisions/grouping.md), replacing the
-- pairs of …_similar_texts_kept.sql.
--
-- A text's terms: its words lower-cased and without accents, stop words of English and Spanish and
-- the words of feedback itself ("confused", "entendí", "lecture") left out, each stemmed as the
-- text's language (the one whose stop words it uses more), its last vowels dropped and cut to five
-- letters, so "recursion", "recursive", "recursión" and the typo "recurson" are one term, and so
-- are "derivative", "derivadas" and "derivitive", and "base case" and "caso base" share two.
--
-- Groups form one text at a time, in the order the texts were written, and stay: a new text joins
-- the group whose texts share the most of its terms, weighted by how rare each term is in the
-- session (a term counts fully when at least two of the group's texts have it), when that share is
-- at least 0.1, and starts a group of its own otherwise. So a read places only the texts it has not
-- seen, at any size, and a team's correction (…_confusion_group_corrections.sql) is never undone by
-- the next read. Each group keeps how many of its texts have each term; the session keeps how many
-- of its texts have each term (for the rarity).
--
-- Privacy: the terms are the words of texts the teaching team may read anyway; everything here goes
-- with its submission or session (on delete cascade) and says nothing of who wrote what, or when.

create table private.confusion_groups (
  id uuid primary key default gen_random_uuid(),
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  -- Creation order within the session: the older group wins a tie.
  seq bigint generated always as identity,
  texts integer not null default 0 check (texts >= 0)
);
comment on table private.confusion_groups is 'A group of a class session''s confusion texts that say the same thing: its size; its texts are in private.grouped_texts.';
create index confusion_groups_class_session_id_idx on private.confusion_groups (class_session_id);

create table private.grouped_texts (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  -- md5 of the confusion_text the terms were taken from: a different md5 means the text was edited.
  body_md5 text not null,
  terms text[] not null,
  group_id uuid not null references private.confusion_groups (id) on delete cascade,
  -- 'team': put there by the teaching team (a merge, or "Not this group"), never moved by a read.
  placed_by text not null default 'auto' check (placed_by in ('auto', 'team'))
);
comment on table private.grouped_texts is 'Which confusion group each text of a session is in, and the terms it was placed by.';
create index grouped_texts_class_session_id_idx on private.grouped_texts (class_session_id);
create index grouped_texts_group_id_idx on private.grouped_texts (group_id);

create table private.confusion_group_terms (
  group_id uuid not null references private.confusion_groups (id) on delete cascade,
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  term text not null,
  texts integer not null check (texts > 0),
  primary key (group_id, term)
);
comment on table private.confusion_group_terms is 'How many texts of a confusion group have each term: what a new text is compared with.';
create index confusion_group_terms_session_term_idx on private.confusion_group_terms (class_session_id, term);

create table private.confusion_session_terms (
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  term text not null,
  texts integer not null check (texts >= 0),
  primary key (class_session_id, term)
);
comment on table private.confusion_session_terms is 'How many grouped texts of a session have each term: how rare, so how telling, a term is.';

alter table private.confusion_groups enable row level security;
alter table private.grouped_texts enable row level security;
alter table private.confusion_group_terms enable row level security;
alter table private.confusion_session_terms enable row level security;
revoke all on private.confusion_groups, private.grouped_texts, private.confusion_group_terms, private.confusion_session_terms
  from public, anon, authenticated;
grant all on private.confusion_groups, private.grouped_texts, private.confusion_group_terms, private.confusion_session_terms
  to service_role;

-- private.confusion_terms(text): the terms a text is grouped by (above).
create or replace function private.confusion_terms(p_body text)
returns text[]
language sql
stable
set search_path = ''
as $$
  with words as (
    select w.word
    from pg_catalog.regexp_split_to_table(
      pg_catalog.translate(pg_catalog.lower(p_body), 'áéíóúüñàèìòùâêîôûç', 'aeiouunaeiouaeiouc'), '[^a-z0-9]+') as w(word)
    where w.word <> ''
  ),
  feedback as (
    -- Words every confusion is said with, whatever its topic.
    select array[
      'confus', 'confuse', 'confused', 'confusing', 'confusion', 'understand', 'understood', 'understanding',
      'lost', 'get', 'got', 'getting', 'explain', 'explained', 'explanation', 'clear', 'unclear', 'class',
      'lecture', 'today', 'part', 'thing', 'things', 'really', 'bit', 'still', 'idk', 'tbh', 'lol', 'kinda',
      'sorta', 'pls', 'please', 'go', 'went', 'going', 'again', 'professor', 'prof', 'help', 'know', 'sure',
      'mean', 'means', 'just', 'like', 'think', 'also', 'much', 'lot', 'little', 'whole', 'totally',
      'completely', 'honestly', 'literally', 'stuff', 'guess', 'idea', 'point', 'maybe', 'ok', 'okay', 'yeah',
      'though', 'u', 'ur', 'im', 'dont', 'didnt', 'doesnt', 'cant', 'wasnt', 'isnt', 'whats', 'hard', 'difficult',
      'entend', 'entiendo', 'entendi', 'entender', 'entendia', 'comprendo', 'comprendi', 'confundido',
      'confundida', 'confuso', 'confusa', 'perdido', 'perdida', 'perdi', 'clase', 'hoy', 'parte', 'cosa',
      'cosas', 'explicar', 'explicacion', 'explico', 'explique', 'mas', 'bien', 'profe', 'profesor', 'ayuda',
      'poco', 'todavia', 'aun', 'sigo', 'claro', 'clara', 'duda', 'dudas', 'tema', 'porfa', 'favor', 'xq',
      'pq', 'q', 'k', 'tb', 'nada', 'mucho', 'muy', 'super', 'dificil', 'realmente', 'verdad', 'osea', 'tipo',
      'bueno', 'pues', 'sea', 'igual'
    ]::text[] as words
  ),
  language as (
    select count(*) filter (where pg_catalog.ts_lexize('pg_catalog.spanish_stem'::pg_catalog.regdictionary, w.word) = '{}')
      > count(*) filter (where pg_catalog.ts_lexize('pg_catalog.english_stem'::pg_catalog.regdictionary, w.word) = '{}') as spanish
    from words w
  ),
  stems as (
    select coalesce((case when l.spanish
        then pg_catalog.ts_lexize('pg_catalog.spanish_stem'::pg_catalog.regdictionary, w.word)
        else pg_catalog.ts_lexize('pg_catalog.english_stem'::pg_catalog.regdictionary, w.word) end)[1], w.word) as stem
    from words w, language l, feedback f
    where pg_catalog.char_length(w.word) >= 2
      and pg_catalog.ts_lexize('pg_catalog.english_stem'::pg_catalog.regdictionary, w.word) <> '{}'
      and pg_catalog.ts_lexize('pg_catalog.spanish_stem'::pg_catalog.regdictionary, w.word) <> '{}'
      and not w.word = any (f.words)
  )
  select coalesce(array_agg(distinct x.term order by x.term), '{}')
  from stems s, feedback f, pg_catalog.left(pg_catalog.rtrim(s.stem, 'aeiou'), 5) as x(term)
  where pg_catalog.char_length(x.term) >= 2 and not s.stem = any (f.words)
$$;
comment on function private.confusion_terms(text) is 'The terms a confusion text is grouped by: its words without accents, stop words and feedback words, stemmed as its language, last vowels dropped, cut to five letters.';
revoke execute on function private.confusion_terms(text) from public, anon, authenticated;

-- A text enters group p_group_id with p_terms: the group's size and term counts, and the session's.
create or replace function private.join_confusion_group(p_group_id uuid, p_session_id uuid, p_terms text[])
returns void
language sql
volatile
set search_path = ''
as $$
  update private.confusion_groups g set texts = g.texts + 1 where g.id = p_group_id;
  insert into private.confusion_group_terms as gt (group_id, class_session_id, term, texts)
  select p_group_id, p_session_id, t.term, 1 from unnest(p_terms) as t(term)
  on conflict (group_id, term) do update set texts = gt.texts + 1;
$$;
comment on function private.join_confusion_group(uuid, uuid, text[]) is 'A text joins a confusion group: the group''s size and term counts go up.';
revoke execute on function private.join_confusion_group(uuid, uuid, text[]) from public, anon, authenticated;

-- A text leaves its group (to be placed again, or put in a group of its own): the counts go down,
-- an empty group goes. The membership row is the caller's to change.
create or replace function private.leave_confusion_group(p_submission_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  g private.grouped_texts;
begin
  select * into g from private.grouped_texts t where t.submission_id = p_submission_id;
  if g.submission_id is null then
    return;
  end if;
  update private.confusion_group_terms gt set texts = gt.texts - 1
  where gt.group_id = g.group_id and gt.term = any (g.terms) and gt.texts > 1;
  delete from private.confusion_group_terms gt where gt.group_id = g.group_id and gt.term = any (g.terms) and gt.texts = 1;
  update private.confusion_groups cg set texts = cg.texts - 1 where cg.id = g.group_id and cg.texts > 0;
end;
$$;
comment on function private.leave_confusion_group(uuid) is 'A text leaves its confusion group: the group''s size and term counts go down.';
revoke execute on function private.leave_confusion_group(uuid) from public, anon, authenticated;

-- private.place_confusion_texts(session_id, budget): puts every text of the session that is in no
-- group yet (new, or edited since) into one, in the order they were written, until the budget is
-- spent; returns how many are left for the next read. A term's rarity is the session's as it is at
-- this read (every text written so far, these included), counted once per read. The budget keeps
-- the live view's read inside the API's statement timeout at any size: a read never fails for
-- grouping, it groups less. One placer at a time per session (an advisory lock): two team members'
-- polls do not place a text twice.
create or replace function private.place_confusion_texts(p_session_id uuid, p_budget interval default interval '3 seconds')
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_started timestamptz := pg_catalog.clock_timestamp();
  v_n integer;
  v_left integer := 0;
  v_group uuid;
  v_score double precision;
  r record;
begin
  -- Most reads (the live view's every second) find nothing new: they stop here, taking no lock.
  if not exists (
    select 1 from public.submissions x left join private.grouped_texts g on g.submission_id = x.id
    where x.class_session_id = p_session_id and x.confusion_text ~ '\S'
      and (g.submission_id is null or g.body_md5 <> pg_catalog.md5(x.confusion_text))
  ) then
    return 0;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('confusion groups ' || p_session_id::text, 0));

  -- Edited texts leave their group and are placed again as new.
  for r in
    select g.submission_id, g.terms
    from private.grouped_texts g join public.submissions x on x.id = g.submission_id
    where g.class_session_id = p_session_id and pg_catalog.md5(x.confusion_text) is distinct from g.body_md5
  loop
    perform private.leave_confusion_group(r.submission_id);
    update private.confusion_session_terms st set texts = st.texts - 1
    where st.class_session_id = p_session_id and st.term = any (r.terms) and st.texts > 0;
    delete from private.grouped_texts g where g.submission_id = r.submission_id;
  end loop;
  delete from private.confusion_groups cg where cg.class_session_id = p_session_id and cg.texts = 0;
  delete from private.confusion_session_terms st where st.class_session_id = p_session_id and st.texts = 0;

  -- The new texts' terms, all at once; the session's term counts with them.
  create temporary table if not exists pg_temp.new_confusion_texts (
    n integer, id uuid, md5 text, terms text[], total double precision
  ) on commit drop;
  truncate pg_temp.new_confusion_texts;
  insert into pg_temp.new_confusion_texts (n, id, md5, terms)
  select row_number() over (order by x.created_at, x.id), x.id, pg_catalog.md5(x.confusion_text),
    private.confusion_terms(x.confusion_text)
  from public.submissions x
  where x.class_session_id = p_session_id and x.confusion_text ~ '\S'
    and not exists (select 1 from private.grouped_texts g where g.submission_id = x.id);
  if not found then
    return 0;
  end if;
  insert into private.confusion_session_terms as st (class_session_id, term, texts)
  select p_session_id, t.term, count(*) from pg_temp.new_confusion_texts nt, unnest(nt.terms) as t(term) group by t.term
  on conflict (class_session_id, term) do update set texts = st.texts + excluded.texts;
  select count(*) into v_n from public.submissions x where x.class_session_id = p_session_id and x.confusion_text ~ '\S';
  update pg_temp.new_confusion_texts nt set total = (
    select sum(pg_catalog.ln((v_n + 1)::double precision / (st.texts + 0.5)))
    from private.confusion_session_terms st where st.class_session_id = p_session_id and st.term = any (nt.terms)
  );

  for r in select nt.* from pg_temp.new_confusion_texts nt order by nt.n loop
    if pg_catalog.clock_timestamp() - v_started > p_budget then
      v_left := v_left + 1;
      continue;
    end if;
    v_group := null;
    if r.total > 0 then
      select gt.group_id,
        sum(pg_catalog.ln((v_n + 1)::double precision / (st.texts + 0.5))
          * least(1.0, gt.texts::double precision / least(2, g.texts))) / r.total
      into v_group, v_score
      from private.confusion_group_terms gt
      join private.confusion_groups g on g.id = gt.group_id
      join private.confusion_session_terms st on st.class_session_id = p_session_id and st.term = gt.term
      where gt.class_session_id = p_session_id and gt.term = any (r.terms)
      group by gt.group_id, g.seq
      order by 2 desc, g.seq
      limit 1;
      if v_score < 0.1 then
        v_group := null;
      end if;
    end if;
    if v_group is null then
      insert into private.confusion_groups (class_session_id, texts) values (p_session_id, 1) returning id into v_group;
    else
      update private.confusion_groups g set texts = g.texts + 1 where g.id = v_group;
    end if;
    insert into private.grouped_texts (submission_id, class_session_id, body_md5, terms, group_id)
    values (r.id, p_session_id, r.md5, r.terms, v_group);
    insert into private.confusion_group_terms as gt (group_id, class_session_id, term, texts)
    select v_group, p_session_id, t.term, 1 from unnest(r.terms) as t(term)
    on conflict (group_id, term) do update set texts = gt.texts + 1;
  end loop;

  -- Texts left for the next read are counted again then.
  if v_left > 0 then
    update private.confusion_session_terms st set texts = st.texts - k.n
    from (
      select t.term, count(*)::integer as n
      from pg_temp.new_confusion_texts nt, unnest(nt.terms) as t(term)
      where not exists (select 1 from private.grouped_texts g where g.submission_id = nt.id)
      group by t.term
    ) k
    where st.class_session_id = p_session_id and st.term = k.term;
    delete from private.confusion_session_terms st where st.class_session_id = p_session_id and st.texts = 0;
  end if;
  return v_left;
end;
$$;
comment on function private.place_confusion_texts(uuid, interval) is 'Puts each new or edited text of a session in the confusion group it shares most terms with (or one of its own), within a time budget; returns how many are left.';
revoke execute on function private.place_confusion_texts(uuid, interval) from public, anon, authenticated;

-- private.confusion_groups_of(texts, session_id): the ranked texts (shared_confusion's order) in
-- their groups, each group under its most shared text, the groups most shared first; a text not
-- placed yet is a group of its own (its id the text's). Same shape as the grouping it replaces.
create or replace function private.confusion_groups_of(p_texts json, p_session_id uuid)
returns json
language sql
stable
set search_path = ''
as $$
  with t as (
    select (e ->> 'id')::uuid as id, e::jsonb as text, (e ->> 'students')::integer as students, o as r
    from json_array_elements(p_texts) with ordinality as a(e, o)
  ),
  groups as (
    select coalesce(g.group_id, t.id) as id, sum(t.students) as students, count(*) as texts, min(t.r) as first_r,
      jsonb_agg(t.text order by t.r) as members
    from t left join private.grouped_texts g on g.submission_id = t.id and g.class_session_id = p_session_id
    group by coalesce(g.group_id, t.id)
  )
  select coalesce(json_agg(json_build_object(
    'id', g.id,
    'students', g.students,
    'texts', g.texts,
    'top', g.members -> 0,
    'others', g.members - 0
  ) order by g.students desc, g.first_r), '[]'::json)
  from groups g
$$;
comment on function private.confusion_groups_of(json, uuid) is 'A session''s ranked texts in their confusion groups, each under its most shared text, the most shared groups first.';
revoke execute on function private.confusion_groups_of(json, uuid) from public, anon, authenticated;

-- shared_confusion as before (…_similar_texts_kept.sql), grouping with the groups above; `pending`:
-- texts the read had no time to place (shown as groups of their own until a later read places them).
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
  v_pending integer;
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
    return json_build_object('sessionId', null, 'texts', 0, 'students', 0, 'pending', 0, 'groups', '[]'::json);
  end if;

  v_pending := private.place_confusion_texts(s.id);

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
    'pending', v_pending,
    'groups', private.confusion_groups_of(ranked, s.id)
  );
end;
$$;
comment on function public.shared_confusion(uuid, uuid) is 'What a class session found unclear, ranked by how many students share it, in confusion groups (the team''s corrections kept), for the course''s teaching team.';
revoke execute on function public.shared_confusion(uuid, uuid) from public, anon, authenticated;
grant execute on function public.shared_confusion(uuid, uuid) to authenticated, service_role;

-- The after-class summary (…_class_summaries.sql) names the same groups as the live view.
create or replace function private.class_summary(p_session_id uuid)
returns json
language plpgsql
set search_path = ''
as $$
declare
  s public.class_sessions;
  c public.courses;
  n bigint;
  ranked json;
  confusions json := '[]'::json;
  alarm_at timestamptz;
  answer json;
begin
  select * into s from public.class_sessions cs where cs.id = p_session_id;
  select * into c from public.courses co where co.id = s.course_id;
  select count(*) into n from public.submissions x where x.class_session_id = s.id;

  if n >= c.min_public_responses then
    -- A background job, outside the API's timeout: every text is placed.
    perform private.place_confusion_texts(s.id, interval '1 minute');
    select coalesce(json_agg(json_build_object('id', r.id, 'kind', r.kind, 'text', r.body, 'students', r.students)
      order by r.students desc, r.batch, r.shuffle), '[]'::json)
    into ranked
    from (
      select t.id, t.kind, t.body, t.batch, t.shuffle,
        1 + coalesce(m.n, 0) + coalesce(tl.me_toos, 0) as students
      from private.revealed_texts(s.id, false) t
      left join (
        select mt.submission_id, count(*)::integer as n
        from public.me_too mt join public.submissions x on x.id = mt.submission_id
        where x.class_session_id = s.id
        group by mt.submission_id
      ) m on m.submission_id = t.id
      left join public.me_too_tallies tl on tl.submission_id = t.id
      where not t.hidden and (t.reviewed or not c.review_before_publishing)
    ) r;
    select coalesce(json_agg(json_build_object('text', g.e -> 'top' ->> 'text', 'students', (g.e ->> 'students')::integer)
      order by g.o), '[]'::json)
    into confusions
    from json_array_elements(private.confusion_groups_of(ranked, s.id)) with ordinality as g(e, o)
    where g.o <= 3;
  end if;

  -- The alarm went off when some window of alarm_window_minutes held at least alarm_min_responses
  -- responses with at least alarm_lost_share of them completely lost (as live_session decides it).
  select min(w.at) into alarm_at
  from (
    select x.created_at as at, count(*) as recent, count(*) filter (where y.confusion_level = 'completely') as lost
    from public.submissions x
    join public.submissions y on y.class_session_id = x.class_session_id
      and y.created_at > x.created_at - make_interval(mins => c.alarm_window_minutes) and y.created_at <= x.created_at
    where x.class_session_id = s.id
    group by x.id, x.created_at
  ) w
  where w.recent >= c.alarm_min_responses and w.lost >= c.alarm_lost_share * w.recent;

  select json_build_object(
    'courseId', c.id,
    'courseCode', c.code,
    'courseName', c.name,
    'sessionId', s.id,
    'sessionDate', s.session_date,
    'topic', s.topic,
    'responses', n,
    'minimum', c.min_public_responses,
    'reachedMinimum', n >= c.min_public_responses,
    'meanClarity', (select round(avg(x.clarity_rating), 2) from public.submissions x where x.class_session_id = s.id),
    'meanConfidence', (select round(avg(x.confidence_level), 1) from public.submissions x where x.class_session_id = s.id),
    'courseMeanClarity', (select round(avg(x.clarity_rating), 2) from public.submissions x where x.course_id = c.id),
    'courseMeanConfidence', (select round(avg(x.confidence_level), 1) from public.submissions x where x.course_id = c.id),
    'alarm', alarm_at is not null,
    'alarmAt', alarm_at,
    'confusions', confusions
  ) into answer;
  return answer;
end;
$$;
comment on function private.class_summary(p_session_id uuid) is 'The after-class summary of one session (responses, means against the course, alarm, top three confusion groups when the session reached the course''s minimum).';
revoke execute on function private.class_summary(uuid) from public, anon, authenticated;

-- The pairs it replaces have no reader left.
drop function private.group_similar_texts(json, uuid);
drop function private.refresh_similar_texts(uuid);
drop table private.similar_texts;
drop table private.text_stems;

-- The texts already written: their groups now, rather than on the first read.
do $$
declare
  r record;
begin
  for r in select distinct x.class_session_id from public.submissions x where x.confusion_text ~ '\S' loop
    perform private.place_confusion_texts(r.class_session_id, interval '1 hour');
  end loop;
end;
$$;

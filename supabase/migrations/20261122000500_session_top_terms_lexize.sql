-- session_top_terms(session_id, max_terms): unchanged in what it returns (see the analytics
-- migration). Each word is now stemmed with the English Snowball dictionary alone (ts_lexize,
-- which also drops stop words) instead of the whole text-search configuration (to_tsvector runs
-- the parser again on every single word): Session Insights stems thousands of words per call.
create or replace function public.session_top_terms(p_session_id uuid, p_limit integer default 5)
returns json
language sql stable
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('term', t.term, 'count', t.n) order by t.n desc, t.term), '[]'::json)
  from (
    select mode() within group (order by w.word) as term, count(distinct w.sid) as n
    from (
      select s.id as sid, lower(m[1]) as word
      from public.submissions s,
        regexp_matches(s.unclear_parts, '([[:alpha:]][[:alpha:]''-]{2,})', 'g') as m
      where s.class_session_id = p_session_id and s.kind = 'session'
    ) w
    cross join lateral (select (pg_catalog.ts_lexize('pg_catalog.english_stem'::pg_catalog.regdictionary, w.word))[1] as stem) st
    where st.stem is not null
    group by st.stem
    order by count(distinct w.sid) desc, st.stem
    limit least(greatest(coalesce(p_limit, 5), 1), 20)
  ) t
$$;

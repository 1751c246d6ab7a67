-- "Me too": students of a course with peer_confusion on (…_peer_confusion_setting.sql) see what
-- others of today's class session found unclear and may say "me too"; the teaching team sees the
-- session's texts ranked by how many students share them, similar texts grouped.
--
-- Privacy. A "me too" stores the submission id and the keyed per-session device hash that the
-- submission limits already store (private.rate_limit_key of the device's base key for
-- 'session:<id>'), nothing else: no time, no IP. Those rows go when the session's rate-limit
-- counters go (48 hours after the session was created, private.delete_stale_rate_limit_buckets):
-- their counts are folded into me_too_tallies first, which holds a number per submission and no
-- identifier. Both go with their submission. Students see a text only where the public course page
-- could show it (the course's minimum of responses reached, not hidden, reviewed if the course
-- reviews before publishing) and only once the live view reveals it (whole shuffled batches of
-- three), never with a time. Only counts leave the database.

create table public.me_too (
  submission_id uuid not null references public.submissions (id) on delete cascade,
  -- The keyed per-session hash of the device (as in rate_limit_buckets); never the raw id.
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  -- One per device and text, so concurrent taps from one device count once.
  primary key (submission_id, device_hash)
);
comment on table public.me_too is 'Students saying "me too" to a text of their class session: the submission and the keyed per-session device hash of the rate limits, nothing else; folded into me_too_tallies when the rate-limit counters go.';

alter table public.me_too enable row level security;
-- No policies: the submissions edge function (service role) and the functions below use it.
revoke all on public.me_too from anon, authenticated;
grant all on public.me_too to service_role;

create table public.me_too_tallies (
  submission_id uuid primary key references public.submissions (id) on delete cascade,
  me_toos integer not null check (me_toos >= 0)
);
comment on table public.me_too_tallies is 'How many "me too"s a submission had when its session''s device hashes were deleted: a count, no identifier.';

alter table public.me_too_tallies enable row level security;
revoke all on public.me_too_tallies from anon, authenticated;
grant all on public.me_too_tallies to service_role;

-- The rate-limit counters' clean-up also folds the "me too"s of sessions whose counters go (their
-- device buckets' window starts when the session was created) into the tallies.
create or replace function private.delete_stale_rate_limit_buckets(p_at timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  deleted integer;
begin
  with gone as (
    delete from public.me_too m
    using public.submissions s, public.class_sessions cs
    where s.id = m.submission_id and cs.id = s.class_session_id and cs.created_at < p_at - interval '48 hours'
    returning m.submission_id
  )
  insert into public.me_too_tallies as t (submission_id, me_toos)
  select g.submission_id, count(*) from gone g group by g.submission_id
  on conflict (submission_id) do update set me_toos = t.me_toos + excluded.me_toos;
  delete from public.rate_limit_buckets where window_start < p_at - interval '48 hours';
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function private.delete_stale_rate_limit_buckets(timestamptz) is 'The one rule for when a rate-limit counter may go (48 hours after its window started), for the chance prune and the hourly retention purge; the "me too" device hashes of those sessions go with them, leaving counts.';

-- private.me_toos(submission_id): every "me too" a text has had.
create or replace function private.me_toos(p_submission_id uuid)
returns integer
language sql stable
set search_path = ''
as $$
  select ((select count(*) from public.me_too m where m.submission_id = p_submission_id)
    + coalesce((select t.me_toos from public.me_too_tallies t where t.submission_id = p_submission_id), 0))::integer
$$;
comment on function private.me_toos(uuid) is 'How many students said "me too" to a text, whether their device hashes are still kept or already folded into a count.';
revoke execute on function private.me_toos(uuid) from public, anon, authenticated;

-- private.revealed_texts(session_id, batches): the session's non-blank texts (confusion_text) as
-- the live view reveals them when `batches`: only the first 3 × floor(n / 3) in arrival order,
-- batch k holding texts 3k to 3k+2, `shuffle` the md5 of the id that orders a batch; otherwise all.
create or replace function private.revealed_texts(p_session_id uuid, p_batches boolean)
returns table (id uuid, kind text, body text, batch bigint, shuffle text, hidden boolean, reviewed boolean)
language sql stable
set search_path = ''
as $$
  select t.id, t.kind, t.body, t.rn / 3, md5(t.id::text), t.hidden, t.reviewed
  from (
    select x.id, x.kind, x.confusion_text as body, x.hidden_at is not null as hidden, x.reviewed_at is not null as reviewed,
      row_number() over (order by x.created_at, x.id) - 1 as rn,
      count(*) over () as n
    from public.submissions x
    where x.class_session_id = p_session_id and x.confusion_text ~ '\S'
  ) t
  where not p_batches or t.rn < t.n - t.n % 3
$$;
comment on function private.revealed_texts(uuid, boolean) is 'What students found unclear in a session, revealed in the live view''s whole shuffled batches of three, so no text can be tied to when it was sent.';
revoke execute on function private.revealed_texts(uuid, boolean) from public, anon, authenticated;

-- private.session_for_reading(course_id, session): the session a student's page names (an id, or
-- a date YYYY-MM-DD) in the course, or null; never creates one.
create or replace function private.session_for_reading(p_course_id uuid, p_session text)
returns public.class_sessions
language sql stable
set search_path = ''
as $$
  select cs.* from public.class_sessions cs
  where cs.course_id = p_course_id
    and case
      when p_session ~ '^\d{4}-\d{2}-\d{2}$' then cs.session_date::text = p_session
      when p_session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then cs.id = p_session::uuid
      else false
    end
  limit 1
$$;
comment on function private.session_for_reading(uuid, text) is 'The class session a student''s page names, for reading only.';
revoke execute on function private.session_for_reading(uuid, text) from public, anon, authenticated;

-- private.public_texts(session_id): the texts of a session students may see of each other: the
-- course's minimum of responses reached (counting every response, as the public page does), not
-- hidden, reviewed if the course reviews before publishing, revealed in batches.
create or replace function private.public_texts(p_session_id uuid)
returns table (id uuid, body text, batch bigint, shuffle text)
language sql stable
set search_path = ''
as $$
  select t.id, t.body, t.batch, t.shuffle
  from public.class_sessions cs
  join public.courses c on c.id = cs.course_id
  cross join lateral private.revealed_texts(cs.id, true) t
  where cs.id = p_session_id
    and (
      select count(*) from (
        select 1 from public.submissions x where x.class_session_id = cs.id limit c.min_public_responses
      ) enough
    ) >= c.min_public_responses
    and not t.hidden
    and (t.reviewed or not c.review_before_publishing)
$$;
comment on function private.public_texts(uuid) is 'The one rule for which texts of a session students may see of each other (minimum, hidden, review, batches).';
revoke execute on function private.public_texts(uuid) from public, anon, authenticated;

-- peer_confusion(course_id, session, device_key, own_token_hash): what a student's class session
-- page shows below the form →
--   {enabled, sessionId, items: [{id, text, meToos, meToo, own}]}
-- `enabled` is the course setting (items is then always empty); items rank by "me too"s, then in
-- the live view's batch order. `meToo`: this device said "me too" (device_key is the submissions
-- function's base key, hashed here per session as the rate limits do); `own`: the text whose edit
-- token hash is own_token_hash (the browser sends the token it holds; nothing is stored to know
-- the author otherwise). An unknown course: CP404. Service role only (it takes device keys).
create or replace function public.peer_confusion(
  p_course_id uuid, p_session text, p_device_key text default null, p_own_token_hash text default null
)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.courses;
  s public.class_sessions;
  v_device_hash text;
begin
  select * into c from public.courses co where co.id = p_course_id;
  if c.id is null then
    raise exception 'Course not found' using errcode = 'CP404';
  end if;
  if not c.peer_confusion then
    return json_build_object('enabled', false, 'sessionId', null, 'items', '[]'::json);
  end if;
  s := private.session_for_reading(c.id, p_session);
  if s.id is null then
    return json_build_object('enabled', true, 'sessionId', null, 'items', '[]'::json);
  end if;
  v_device_hash := private.rate_limit_key(p_device_key, 'session:' || s.id);
  return json_build_object(
    'enabled', true,
    'sessionId', s.id,
    'items', coalesce((
      select json_agg(json_build_object(
        'id', t.id, 'text', t.body, 'meToos', t.me_toos,
        'meToo', exists (select 1 from public.me_too m where m.submission_id = t.id and m.device_hash = v_device_hash),
        'own', coalesce(x.edit_token_hash = p_own_token_hash, false)
      ) order by t.me_toos desc, t.batch, t.shuffle)
      from (select p.*, private.me_toos(p.id) as me_toos from private.public_texts(s.id) p) t
      join public.submissions x on x.id = t.id
    ), '[]'::json)
  );
end;
$$;
comment on function public.peer_confusion(uuid, text, text, text) is 'What others found unclear in a class session, for its students (only texts that may be public), with "me too" counts and whether this device said "me too".';
revoke execute on function public.peer_confusion(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.peer_confusion(uuid, text, text, text) to service_role;

-- set_me_too(course_id, session, submission_id, on, device_key, ip_key, own_token_hash, limits):
-- a student says "me too" to a text of their open class session (on) or takes it back (off) →
-- {submissionId, meToo, meToos}. Saying it twice changes nothing (the primary key), so a burst of
-- taps from one device counts once. Refused, writing nothing: an unknown text, or one students
-- may not see (CP404); a course without the setting, a closed session, another session's text,
-- one's own text (CP403); over the limits (CP429, Retry-After): per device 50 "me too"s per
-- session (each new one counts; taking back does not), per IP 5000 per session and 1200 per
-- minute (a lecture hall shares an address). device_key and ip_key are the submissions function's
-- base keys. Service role only.
create or replace function public.set_me_too(
  p_course_id uuid,
  p_session text,
  p_submission_id uuid,
  p_on boolean,
  p_device_key text,
  p_ip_key text,
  p_own_token_hash text default null,
  p_limits jsonb default '{}'
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.courses;
  s public.class_sessions;
  x public.submissions;
  until_expiry integer;
  v_device_hash text;
  ip_session_key text;
  ip_minute_key text;
  device_limit integer := coalesce((p_limits ->> 'devicePerSession')::integer, 50);
  ip_session_limit integer := coalesce((p_limits ->> 'ipPerSession')::integer, 5000);
  ip_minute_limit integer := coalesce((p_limits ->> 'ipPerMinute')::integer, 1200);
  added boolean := false;
begin
  select * into x from public.submissions sub where sub.id = p_submission_id and sub.course_id = p_course_id;
  if x.id is null then
    raise exception 'This feedback was not found.' using errcode = 'CP404';
  end if;
  select * into c from public.courses co where co.id = p_course_id;
  if not c.peer_confusion then
    raise exception 'This course does not share feedback between students.' using errcode = 'CP403';
  end if;
  s := private.open_session_for(p_course_id, p_session);
  if x.class_session_id <> s.id then
    raise exception 'This feedback belongs to another class session.' using errcode = 'CP403';
  end if;
  if p_own_token_hash is not null and x.edit_token_hash = p_own_token_hash then
    raise exception 'This is your own feedback: "Me too" is for what others wrote.' using errcode = 'CP403';
  end if;
  if not exists (select 1 from private.public_texts(s.id) p where p.id = x.id) then
    raise exception 'This feedback was not found.' using errcode = 'CP404';
  end if;
  if p_device_key is null then
    raise exception 'A device id is required.' using errcode = 'CP400';
  end if;

  until_expiry := ceil(extract(epoch from s.expires_at - now()))::integer;
  v_device_hash := private.rate_limit_key(p_device_key, 'session:' || s.id);
  if p_ip_key is not null then
    ip_session_key := private.rate_limit_key(p_ip_key, 'session:' || s.id);
    ip_minute_key := private.rate_limit_key(p_ip_key, 'day:' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'));
    if not private.take_rate_limit('me-too-ip:' || s.id, ip_session_key, s.created_at, ip_session_limit) then
      perform private.rate_limited(
        'Too many "me too"s from your network for this class session. Please try again later.', until_expiry);
    end if;
    if not private.take_rate_limit('me-too-ip-minute', ip_minute_key, date_trunc('minute', now()), ip_minute_limit) then
      perform private.rate_limited(
        'Too many "me too"s from your network right now. Please try again in a minute.',
        60 - extract(second from now())::integer);
    end if;
  end if;

  if p_on then
    insert into public.me_too (submission_id, device_hash) values (x.id, v_device_hash)
    on conflict do nothing;
    added := found;
    -- Only a new "me too" counts against the device's allowance; a refusal rolls the insert back.
    if added and not private.take_rate_limit('me-too-device:' || s.id, v_device_hash, s.created_at, device_limit) then
      perform private.rate_limited(
        format('You have already said "me too" %s times in this class session.', device_limit), until_expiry);
    end if;
  else
    delete from public.me_too m where m.submission_id = x.id and m.device_hash = v_device_hash;
  end if;

  perform private.prune_rate_limit_buckets();

  return json_build_object('submissionId', x.id, 'meToo', p_on, 'meToos', private.me_toos(x.id));
end;
$$;
comment on function public.set_me_too(uuid, text, uuid, boolean, text, text, text, jsonb) is 'A student says "me too" to a text of their class session, or takes it back: checks, limits and the write in one call.';
revoke execute on function public.set_me_too(uuid, text, uuid, boolean, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.set_me_too(uuid, text, uuid, boolean, text, text, text, jsonb) to service_role;

-- The per-session counters of these sessions now include the "me too" buckets.
create or replace function private.delete_session_rate_limit_buckets(p_session_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.rate_limit_buckets r
  using unnest(p_session_ids) as cs(id)
  where r.bucket in ('device:' || cs.id, 'ip:' || cs.id, 'me-too-device:' || cs.id, 'me-too-ip:' || cs.id);
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function private.delete_session_rate_limit_buckets(uuid[]) is 'Deletes the per-session rate-limit counters of class sessions whose feedback goes, for the retention purge and "Delete all feedback".';

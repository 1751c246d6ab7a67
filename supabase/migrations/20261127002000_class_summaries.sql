-- After-class summaries by e-mail (issue 44, "Did it help?"): a team member opts in per course ("E-mail
-- me a summary after each class"); once a class session has ended (its link expired at the end of its
-- day), the class-summaries edge function, called every minute (…_class_summaries_schedule.sql on
-- hosted, stack/class-summaries.ts locally), e-mails each subscriber one summary of it.
--
--   public.class_summary_subscriptions  who wants them: one row per (course, member), the member's own
--   private.class_summary_sends         one row per (session, recipient), claimed before the e-mail is
--                                       sent, so a retry never sends it twice
--
-- Decisions: docs/decisions/after-class-summary.md.

create table public.class_summary_subscriptions (
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (course_id, user_id)
);
comment on table public.class_summary_subscriptions is 'Team members who asked for an e-mail summary after each class session of a course (each member manages only their own row).';
create index class_summary_subscriptions_user_idx on public.class_summary_subscriptions (user_id);

alter table public.class_summary_subscriptions enable row level security;
revoke all on public.class_summary_subscriptions from anon, authenticated;
grant select, delete on public.class_summary_subscriptions to authenticated;
grant insert (course_id, user_id) on public.class_summary_subscriptions to authenticated;
grant all on public.class_summary_subscriptions to service_role;

create policy "members see their own summary subscriptions" on public.class_summary_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()) and course_id = any (array(select public.my_course_ids())));
create policy "members subscribe themselves to their courses" on public.class_summary_subscriptions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and course_id = any (array(select public.my_course_ids())));
create policy "members unsubscribe themselves" on public.class_summary_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- A member who leaves the team (or is removed) stops receiving summaries at once: their subscription
-- goes with the membership. (The sender also checks membership when it claims a send.)
create or replace function private.drop_class_summary_subscription()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.class_summary_subscriptions s where s.course_id = old.course_id and s.user_id = old.user_id;
  return null;
end;
$$;
comment on function private.drop_class_summary_subscription() is 'Deletes the summary subscription of a member who leaves a course team.';
revoke execute on function private.drop_class_summary_subscription() from public, anon, authenticated;

create trigger course_members_drop_class_summary_subscription
  after delete on public.course_members
  for each row execute function private.drop_class_summary_subscription();

create table private.class_summary_sends (
  class_session_id uuid not null references public.class_sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- pending: to send; sending: claimed by a run; sent; failed: the mail server refused, retried on the
  -- next run until attempts reaches 5; skipped: no longer subscribed or no longer on the team;
  -- abandoned: a run stopped between claim and answer (maybe sent: never sent again).
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed', 'skipped', 'abandoned')),
  attempts smallint not null default 0 check (attempts between 0 and 5),
  claimed_at timestamptz,
  sent_at timestamptz,
  last_error text check (char_length(last_error) <= 200),
  unsubscribe_token_hash text unique check (unsubscribe_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  primary key (class_session_id, user_id)
);
comment on table private.class_summary_sends is 'One after-class summary e-mail per (class session, recipient): claimed before sending so it is never sent twice; holds the hash of its unsubscribe token.';
create index class_summary_sends_open_idx on private.class_summary_sends (status) where status in ('pending', 'sending', 'failed');
create index class_summary_sends_user_idx on private.class_summary_sends (user_id);
alter table private.class_summary_sends enable row level security;
revoke all on private.class_summary_sends from public, anon, authenticated;

-- What one summary says: responses, means against the course's, the alarm, and the three most shared
-- confusions only when the session reached the course's minimum (small-class protection), leaving out
-- hidden texts and, under "Review before publishing", unreviewed ones: an e-mail leaves the app.
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
    perform private.refresh_similar_texts(s.id);
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
    from json_array_elements(private.group_similar_texts(ranked, s.id)) with ordinality as g(e, o)
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
comment on function private.class_summary(p_session_id uuid) is 'The after-class summary of one session (responses, means against the course, alarm, top three shared confusions when the session reached the course''s minimum).';
revoke execute on function private.class_summary(uuid) from public, anon, authenticated;

-- One run of the sender: records the sends that are due (sessions that ended after the member
-- subscribed, within the last two days, for subscribers still on the team), skips those whose
-- subscriber left or unsubscribed, gives up on claims a run never answered (at most once), then
-- claims up to p_limit sends (pending, or failed under 5 attempts) with a fresh unsubscribe token each,
-- and returns them with their recipient and content. One statement, so it suits the transaction pooler.
create or replace function private.claim_class_summaries(p_limit integer default 50)
returns table (session_id uuid, user_id uuid, email text, language text, unsubscribe_token text, summary json)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  insert into private.class_summary_sends (class_session_id, user_id)
  select s.id, sub.user_id
  from public.class_summary_subscriptions sub
  join public.courses c on c.id = sub.course_id
  join public.class_sessions s on s.course_id = sub.course_id
  where s.expires_at <= now() and s.expires_at > now() - interval '2 days' and s.expires_at > sub.created_at
    and (c.owner_id = sub.user_id
      or exists (select 1 from public.course_members m where m.course_id = c.id and m.user_id = sub.user_id))
  on conflict do nothing;

  update private.class_summary_sends d set status = 'skipped'
  from public.class_sessions s, public.courses c
  where s.id = d.class_session_id and c.id = s.course_id and d.status in ('pending', 'failed')
    and not (
      exists (select 1 from public.class_summary_subscriptions sub where sub.course_id = c.id and sub.user_id = d.user_id)
      and (c.owner_id = d.user_id
        or exists (select 1 from public.course_members m where m.course_id = c.id and m.user_id = d.user_id))
    );

  update private.class_summary_sends d set status = 'abandoned'
  where d.status = 'sending' and d.claimed_at < now() - interval '10 minutes';

  return query
  with picked as (
    select d.class_session_id, d.user_id,
      translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_') as token
    from private.class_summary_sends d
    where d.status = 'pending' or (d.status = 'failed' and d.attempts < 5)
    order by d.created_at
    limit greatest(1, least(p_limit, 200))
    for update skip locked
  ),
  claimed as (
    update private.class_summary_sends d
    set status = 'sending', attempts = d.attempts + 1, claimed_at = now(),
      unsubscribe_token_hash = encode(sha256(convert_to(p.token, 'UTF8')), 'hex')
    from picked p
    where d.class_session_id = p.class_session_id and d.user_id = p.user_id
    returning d.class_session_id, d.user_id, p.token
  )
  select cl.class_session_id, cl.user_id, u.email::text,
    case when u.raw_user_meta_data ->> 'language' = 'es' then 'es' else 'en' end,
    cl.token, private.class_summary(cl.class_session_id)
  from claimed cl join auth.users u on u.id = cl.user_id;
end;
$$;
comment on function private.claim_class_summaries(p_limit integer) is 'Records due after-class summaries and claims up to p_limit of them for sending (never one already sent or claimed).';
revoke execute on function private.claim_class_summaries(integer) from public, anon, authenticated;

-- The sender's answer for one claimed send: sent, or failed (retried by a later run).
create or replace function private.finish_class_summary(p_session_id uuid, p_user_id uuid, p_sent boolean, p_error text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.class_summary_sends d
  set status = case when p_sent then 'sent' else 'failed' end,
    sent_at = case when p_sent then now() end,
    last_error = left(p_error, 200)
  where d.class_session_id = p_session_id and d.user_id = p_user_id and d.status = 'sending';
$$;
comment on function private.finish_class_summary(uuid, uuid, boolean, text) is 'Marks a claimed after-class summary sent or failed.';
revoke execute on function private.finish_class_summary(uuid, uuid, boolean, text) from public, anon, authenticated;

-- The one-click unsubscribe (List-Unsubscribe-Post, RFC 8058) and the e-mail's link: the token's hash
-- names one send, hence one (course, member); deletes that subscription. Returns the course code, or
-- null for an unknown token. Idempotent: a second click finds the send and deletes nothing.
create or replace function private.unsubscribe_class_summary(p_token_hash text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_course uuid;
  found_user uuid;
  course_code text;
begin
  select s.course_id, d.user_id, c.code into found_course, found_user, course_code
  from private.class_summary_sends d
  join public.class_sessions s on s.id = d.class_session_id
  join public.courses c on c.id = s.course_id
  where d.unsubscribe_token_hash = p_token_hash;
  if found_course is null then
    return null;
  end if;
  delete from public.class_summary_subscriptions sub where sub.course_id = found_course and sub.user_id = found_user;
  return course_code;
end;
$$;
comment on function private.unsubscribe_class_summary(text) is 'Deletes the summary subscription an unsubscribe token (by its hash) stands for; the course code, or null.';
revoke execute on function private.unsubscribe_class_summary(text) from public, anon, authenticated;

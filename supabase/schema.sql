-- GENERATED FILE: do not edit. `npm run gen:schema` writes it (stack/gen-schema.ts).
--
-- The database schema that supabase/migrations build, as Postgres describes it after applying
-- them all to a fresh local database. The migrations are the source: a change to the database is
-- a new migration, then `npm run gen:schema`; a test fails while this file is out of date.
-- Schemas public and private, and the triggers the migrations put on auth.users. Objects are owned by
-- postgres unless an "alter ... owner" says otherwise. Not meant to be run: read it to see what a
-- function or table looks like now, whichever migrations changed it.

-- Schemas ---------------------------------------------------------------------------------------

create schema private;
comment on schema private is 'Helpers of the SQL functions; PostgREST does not expose this schema and clients cannot use it.';

-- Extensions ------------------------------------------------------------------------------------

create extension if not exists "uuid-ossp" with schema extensions;

create extension if not exists pg_trgm with schema extensions;

create extension if not exists pgcrypto with schema extensions;

-- Tables ----------------------------------------------------------------------------------------

create table private.class_summary_sends (
  class_session_id uuid not null,
  user_id uuid not null,
  status text default 'pending'::text not null,
  attempts smallint default 0 not null,
  claimed_at timestamp with time zone,
  sent_at timestamp with time zone,
  last_error text,
  unsubscribe_token_hash text,
  created_at timestamp with time zone default now() not null,
  constraint class_summary_sends_pkey PRIMARY KEY (class_session_id, user_id),
  constraint class_summary_sends_unsubscribe_token_hash_key UNIQUE (unsubscribe_token_hash),
  constraint class_summary_sends_attempts_check CHECK (((attempts >= 0) AND (attempts <= 5))),
  constraint class_summary_sends_last_error_check CHECK ((char_length(last_error) <= 200)),
  constraint class_summary_sends_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'skipped'::text, 'abandoned'::text]))),
  constraint class_summary_sends_unsubscribe_token_hash_check CHECK ((unsubscribe_token_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table private.class_summary_sends enable row level security;
comment on table private.class_summary_sends is 'One after-class summary e-mail per (class session, recipient): claimed before sending so it is never sent twice; holds the hash of its unsubscribe token.';

create table private.confusion_group_terms (
  group_id uuid not null,
  class_session_id uuid not null,
  term text not null,
  texts integer not null,
  constraint confusion_group_terms_pkey PRIMARY KEY (group_id, term),
  constraint confusion_group_terms_texts_check CHECK ((texts > 0))
);
alter table private.confusion_group_terms enable row level security;
comment on table private.confusion_group_terms is 'How many texts of a confusion group have each term: what a new text is compared with.';

create table private.confusion_groups (
  id uuid default gen_random_uuid() not null,
  class_session_id uuid not null,
  seq bigint generated always as identity not null,
  texts integer default 0 not null,
  constraint confusion_groups_pkey PRIMARY KEY (id),
  constraint confusion_groups_texts_check CHECK ((texts >= 0))
);
alter table private.confusion_groups enable row level security;
comment on table private.confusion_groups is 'A group of a class session''s confusion texts that say the same thing: its size; its texts are in private.grouped_texts.';

create table private.confusion_session_terms (
  class_session_id uuid not null,
  term text not null,
  texts integer not null,
  constraint confusion_session_terms_pkey PRIMARY KEY (class_session_id, term),
  constraint confusion_session_terms_texts_check CHECK ((texts >= 0))
);
alter table private.confusion_session_terms enable row level security;
comment on table private.confusion_session_terms is 'How many grouped texts of a session have each term: how rare, so how telling, a term is.';

create table private.grouped_texts (
  submission_id uuid not null,
  class_session_id uuid not null,
  body_md5 text not null,
  terms text[] not null,
  group_id uuid not null,
  placed_by text default 'auto'::text not null,
  constraint grouped_texts_pkey PRIMARY KEY (submission_id),
  constraint grouped_texts_placed_by_check CHECK ((placed_by = ANY (ARRAY['auto'::text, 'team'::text])))
);
alter table private.grouped_texts enable row level security;
comment on table private.grouped_texts is 'Which confusion group each text of a session is in, and the terms it was placed by.';

create table private.lti_context_links (
  platform_id uuid not null,
  context_id text not null,
  course_id uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint lti_context_links_pkey PRIMARY KEY (platform_id, context_id),
  constraint lti_context_links_context_id_check CHECK (((char_length(context_id) >= 1) AND (char_length(context_id) <= 255)))
);
alter table private.lti_context_links enable row level security;
comment on table private.lti_context_links is 'Which ClassPulse course a platform''s course (LTI context id) opens.';

create table private.lti_launch_refusals (
  id bigint generated always as identity not null,
  reason text not null,
  issuer text,
  created_at timestamp with time zone default now() not null,
  constraint lti_launch_refusals_pkey PRIMARY KEY (id),
  constraint lti_launch_refusals_issuer_check CHECK ((char_length(issuer) <= 500)),
  constraint lti_launch_refusals_reason_check CHECK ((reason ~ '^[a-z_]{1,60}$'::text))
);
alter table private.lti_launch_refusals enable row level security;
comment on table private.lti_launch_refusals is 'Refused LTI logins and launches: reason code, claimed issuer and time only, no personal data; 90 days.';

create table private.lti_link_requests (
  token_hash text not null,
  platform_id uuid not null,
  context_id text not null,
  context_label text default ''::text not null,
  context_title text default ''::text not null,
  user_id uuid not null,
  expires_at timestamp with time zone default (now() + '01:00:00'::interval) not null,
  constraint lti_link_requests_pkey PRIMARY KEY (token_hash),
  constraint lti_link_requests_context_id_check CHECK (((char_length(context_id) >= 1) AND (char_length(context_id) <= 255))),
  constraint lti_link_requests_context_label_check CHECK ((char_length(context_label) <= 200)),
  constraint lti_link_requests_context_title_check CHECK ((char_length(context_title) <= 500)),
  constraint lti_link_requests_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table private.lti_link_requests enable row level security;
comment on table private.lti_link_requests is 'One-time requests (1 hour) to link an LMS course to a ClassPulse course, made by an instructor''s launch from an unlinked LMS course and spent by link_lti_context().';

create table private.lti_login_states (
  state_hash text not null,
  nonce text not null,
  platform_id uuid not null,
  expires_at timestamp with time zone default (now() + '00:10:00'::interval) not null,
  constraint lti_login_states_pkey PRIMARY KEY (state_hash),
  constraint lti_login_states_nonce_check CHECK (((char_length(nonce) >= 16) AND (char_length(nonce) <= 100))),
  constraint lti_login_states_state_hash_check CHECK ((state_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table private.lti_login_states enable row level security;
comment on table private.lti_login_states is 'One-time LTI login states (hashed) and their nonces, from the OIDC login initiation to the launch; ten minutes at most.';

create table private.lti_platforms (
  id uuid default gen_random_uuid() not null,
  name text default ''::text not null,
  issuer text not null,
  client_id text not null,
  deployment_ids text[] default '{}'::text[] not null,
  auth_login_url text not null,
  jwks_url text not null,
  token_url text,
  created_at timestamp with time zone default now() not null,
  email_domains text[] default '{}'::text[] not null,
  constraint lti_platforms_pkey PRIMARY KEY (id),
  constraint lti_platforms_issuer_client_id_key UNIQUE (issuer, client_id),
  constraint lti_platforms_auth_login_url_check CHECK (((char_length(auth_login_url) <= 1000) AND (auth_login_url ~ '^https?://\S+$'::text))),
  constraint lti_platforms_client_id_check CHECK (((char_length(client_id) >= 1) AND (char_length(client_id) <= 255))),
  constraint lti_platforms_deployment_ids_check CHECK ((array_position(deployment_ids, NULL::text) IS NULL)),
  constraint lti_platforms_email_domains_check CHECK (((array_position(email_domains, NULL::text) IS NULL) AND (cardinality(email_domains) <= 50) AND (array_to_string(email_domains, ' '::text) ~ '^([a-z0-9-]+(\.[a-z0-9-]+)+( |$))*$'::text))),
  constraint lti_platforms_issuer_check CHECK (((char_length(issuer) <= 500) AND (issuer ~ '^https?://\S+$'::text))),
  constraint lti_platforms_jwks_url_check CHECK (((char_length(jwks_url) <= 1000) AND (jwks_url ~ '^https?://\S+$'::text))),
  constraint lti_platforms_name_check CHECK ((char_length(name) <= 200)),
  constraint lti_platforms_token_url_check CHECK (((token_url IS NULL) OR ((char_length(token_url) <= 1000) AND (token_url ~ '^https?://\S+$'::text))))
);
alter table private.lti_platforms enable row level security;
comment on table private.lti_platforms is 'LTI 1.3 platforms (issuer, client id, deployments, OIDC, JWKS and token URLs) that may launch ClassPulse; only the lti edge function reads it.';
comment on column private.lti_platforms.email_domains is 'Lower-case e-mail domains (subdomains included) whose instructors a launch from this platform may sign in, create an account for, link a course for or add to a team.';

create table private.lti_tool_keys (
  kid text not null,
  public_jwk jsonb not null,
  private_jwk jsonb not null,
  created_at timestamp with time zone default now() not null,
  retired_at timestamp with time zone,
  constraint lti_tool_keys_pkey PRIMARY KEY (kid),
  constraint lti_tool_keys_kid_check CHECK (((char_length(kid) >= 8) AND (char_length(kid) <= 100))),
  constraint lti_tool_keys_private_jwk_check CHECK (((jsonb_typeof(private_jwk) = 'object'::text) AND (private_jwk ? 'd'::text))),
  constraint lti_tool_keys_public_jwk_check CHECK (((jsonb_typeof(public_jwk) = 'object'::text) AND (NOT (public_jwk ? 'd'::text))))
);
alter table private.lti_tool_keys enable row level security;
comment on table private.lti_tool_keys is 'The LTI tool''s RSA key pairs: one current signing key, and retired ones whose public keys stay in the JWKS for a while.';

create table private.session_rollups (
  session_id uuid not null,
  responses integer not null,
  session_feedback integer not null,
  mean_clarity numeric,
  mean_confidence numeric,
  pace json not null,
  challenge json not null,
  text_ids uuid[] not null,
  text_bodies text[] not null,
  text_students integer[] not null,
  peak_starts timestamp with time zone[] not null,
  peak_ends timestamp with time zone[] not null,
  peak_recent integer[] not null,
  peak_lost integer[] not null,
  peak_shares numeric[] not null,
  rolled_at timestamp with time zone default now() not null,
  constraint session_rollups_pkey PRIMARY KEY (session_id),
  constraint session_rollups_check CHECK (((session_feedback >= 0) AND (session_feedback <= responses))),
  constraint session_rollups_check1 CHECK (((cardinality(text_ids) <= 3) AND (cardinality(text_bodies) = cardinality(text_ids)) AND (cardinality(text_students) = cardinality(text_ids)))),
  constraint session_rollups_check2 CHECK (((cardinality(peak_ends) = cardinality(peak_starts)) AND (cardinality(peak_recent) = cardinality(peak_starts)) AND (cardinality(peak_lost) = cardinality(peak_starts)) AND (cardinality(peak_shares) = cardinality(peak_starts)))),
  constraint session_rollups_responses_check CHECK ((responses >= 0))
);
alter table private.session_rollups enable row level security;
comment on table private.session_rollups is 'Per ended class session: the counts, means, distributions, top three confusions and alarm peaks term_report reads instead of every response; dropped by any change to what it sums.';

create table private.staff_email_domains (
  domain text not null,
  created_at timestamp with time zone default now() not null,
  constraint staff_email_domains_pkey PRIMARY KEY (domain),
  constraint staff_email_domains_domain_check CHECK (((char_length(domain) <= 253) AND (domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$'::text)))
);
alter table private.staff_email_domains enable row level security;
comment on table private.staff_email_domains is 'The e-mail domains (subdomains included) whose addresses may become professors; empty means anyone. Read by the Before User Created auth hook.';

create table private.topic_days (
  course_id uuid not null,
  day date not null,
  topic_key text not null,
  topic text not null,
  responses integer not null,
  slightly integer not null,
  very integer not null,
  completely integer not null,
  latest timestamp with time zone not null,
  constraint topic_days_pkey PRIMARY KEY (course_id, day, topic_key),
  constraint topic_days_check CHECK ((((slightly + very) + completely) = responses)),
  constraint topic_days_completely_check CHECK ((completely >= 0)),
  constraint topic_days_responses_check CHECK ((responses > 0)),
  constraint topic_days_slightly_check CHECK ((slightly >= 0)),
  constraint topic_days_very_check CHECK ((very >= 0))
);
alter table private.topic_days enable row level security;
comment on table private.topic_days is 'Confusing responses per course, UTC day and topic, for whole days before topic_days_state.rolled_before: what confusion_patterns reads instead of every response.';

create table private.topic_days_state (
  singleton boolean default true not null,
  rolled_before timestamp with time zone default '-infinity'::timestamp with time zone not null,
  constraint topic_days_state_pkey PRIMARY KEY (singleton),
  constraint topic_days_state_singleton_check CHECK (singleton)
);
alter table private.topic_days_state enable row level security;
comment on table private.topic_days_state is 'How far topic_days reaches: every day before rolled_before is rolled up, none after.';

create table public.anonymous_sessions (
  id uuid default gen_random_uuid() not null,
  anonymous_token_hash text not null,
  created_at timestamp with time zone default now() not null,
  last_used_at timestamp with time zone default now() not null,
  constraint anonymous_sessions_pkey PRIMARY KEY (id),
  constraint anonymous_sessions_anonymous_token_hash_key UNIQUE (anonymous_token_hash),
  constraint anonymous_sessions_anonymous_token_hash_check CHECK ((anonymous_token_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table public.anonymous_sessions enable row level security;
comment on table public.anonymous_sessions is 'Hashes of the anonymous voting tokens the server issued, so a token cannot be invented offline and votes need no account.';

create table public.app_owners (
  user_id uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint app_owners_pkey PRIMARY KEY (user_id)
);
alter table public.app_owners enable row level security;
comment on table public.app_owners is 'The accounts that may moderate the public user-stories board (status, edit, delete, merge), kept apart from professors.';

create table public.class_sessions (
  id uuid default gen_random_uuid() not null,
  course_id uuid not null,
  session_date date not null,
  access_token text default private.new_access_token() not null,
  expires_at timestamp with time zone not null,
  is_active boolean default true not null,
  topic text,
  created_at timestamp with time zone default now() not null,
  constraint class_sessions_pkey PRIMARY KEY (id),
  constraint class_sessions_access_token_key UNIQUE (access_token),
  constraint class_sessions_course_id_session_date_key UNIQUE (course_id, session_date),
  constraint class_sessions_access_token_check CHECK ((char_length(access_token) >= 22)),
  constraint class_sessions_topic_check CHECK ((((char_length(topic) >= 1) AND (char_length(topic) <= 255)) AND (topic ~ '\S'::text)))
);
alter table public.class_sessions enable row level security;
comment on table public.class_sessions is 'A course''s class day: feedback belongs to one, and students reach it by its access token until it expires.';

create table public.class_summary_subscriptions (
  course_id uuid not null,
  user_id uuid default auth.uid() not null,
  created_at timestamp with time zone default now() not null,
  constraint class_summary_subscriptions_pkey PRIMARY KEY (course_id, user_id)
);
alter table public.class_summary_subscriptions enable row level security;
comment on table public.class_summary_subscriptions is 'Team members who asked for an e-mail summary after each class session of a course (each member manages only their own row).';

create table public.confusion_group_edits (
  id uuid default gen_random_uuid() not null,
  course_id uuid not null,
  class_session_id uuid not null,
  action text not null,
  from_group_id uuid not null,
  into_group_id uuid not null,
  submission_id uuid,
  made_by uuid,
  created_at timestamp with time zone default now() not null,
  constraint confusion_group_edits_pkey PRIMARY KEY (id),
  constraint confusion_group_edits_action_check CHECK ((action = ANY (ARRAY['merge'::text, 'take_out'::text]))),
  constraint confusion_group_edits_check CHECK (((action = 'take_out'::text) = (submission_id IS NOT NULL)))
);
alter table public.confusion_group_edits enable row level security;
comment on table public.confusion_group_edits is 'The teaching team''s corrections of a class session''s confusion groups (a merge, or a text taken out of its group), who made them and when.';

create table public.course_invitations (
  id uuid default gen_random_uuid() not null,
  course_id uuid not null,
  email text not null,
  role text not null,
  invited_by uuid,
  created_at timestamp with time zone default now() not null,
  constraint course_invitations_pkey PRIMARY KEY (id),
  constraint course_invitations_course_id_email_key UNIQUE (course_id, email),
  constraint course_invitations_email_check CHECK ((((char_length(email) >= 3) AND (char_length(email) <= 254)) AND (email = lower(btrim(email))) AND (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
  constraint course_invitations_role_check CHECK ((role = ANY (ARRAY['co_instructor'::text, 'ta'::text])))
);
alter table public.course_invitations enable row level security;
comment on table public.course_invitations is 'Pending invitations to a course''s teaching team, by e-mail address, until that address signs in.';

create table public.course_members (
  course_id uuid not null,
  user_id uuid not null,
  role text not null,
  email text not null,
  created_at timestamp with time zone default now() not null,
  constraint course_members_pkey PRIMARY KEY (course_id, user_id),
  constraint course_members_email_check CHECK (((char_length(email) >= 3) AND (char_length(email) <= 254))),
  constraint course_members_role_check CHECK ((role = ANY (ARRAY['co_instructor'::text, 'ta'::text])))
);
alter table public.course_members enable row level security;
comment on table public.course_members is 'The co-instructors and TAs of a course (its owner is courses.owner_id), with the role that decides what each may do.';

create table public.courses (
  id uuid default gen_random_uuid() not null,
  owner_id uuid default auth.uid() not null,
  name text not null,
  code text not null,
  code_key text generated always as (replace(code, ' '::text, ''::text)) stored,
  timezone text default 'UTC'::text not null,
  created_at timestamp with time zone default now() not null,
  alarm_window_minutes integer default 10 not null,
  alarm_min_responses integer default 5 not null,
  alarm_lost_share numeric(3,2) default 0.30 not null,
  review_before_publishing boolean default false not null,
  min_public_responses integer default 3 not null,
  retention_days integer default 180,
  peer_confusion boolean default false not null,
  lms_roles_join_team boolean default false not null,
  section text,
  term text default public.term_for(CURRENT_DATE) not null,
  section_key text generated always as (COALESCE(replace(section, ' '::text, ''::text), ''::text)) stored,
  term_key text generated always as (lower(replace(term, ' '::text, ''::text))) stored,
  ended_at timestamp with time zone,
  constraint courses_pkey PRIMARY KEY (id),
  constraint courses_alarm_lost_share_check CHECK (((alarm_lost_share > (0)::numeric) AND (alarm_lost_share <= (1)::numeric))),
  constraint courses_alarm_min_responses_check CHECK (((alarm_min_responses >= 1) AND (alarm_min_responses <= 1000))),
  constraint courses_alarm_window_minutes_check CHECK (((alarm_window_minutes >= 1) AND (alarm_window_minutes <= 120))),
  constraint courses_code_check CHECK (((char_length(code) >= 1) AND (char_length(code) <= 32))),
  constraint courses_min_public_responses_check CHECK (((min_public_responses >= 1) AND (min_public_responses <= 50))),
  constraint courses_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 200))),
  constraint courses_retention_days_check CHECK ((retention_days = ANY (ARRAY[30, 90, 180, 365]))),
  constraint courses_section_check CHECK (((section IS NULL) OR ((char_length(section) >= 1) AND (char_length(section) <= 16)))),
  constraint courses_term_check CHECK (((char_length(term) >= 1) AND (char_length(term) <= 40))),
  constraint courses_timezone_check CHECK (((char_length(timezone) >= 1) AND (char_length(timezone) <= 64)))
);
alter table public.courses enable row level security;
comment on table public.courses is 'A professor''s course: the unit feedback is collected for, and what students look up by its code.';
comment on column public.courses.alarm_window_minutes is 'Confusion alarm: how many recent minutes of responses it looks at.';
comment on column public.courses.alarm_min_responses is 'Confusion alarm: the fewest recent responses it needs before it can go off.';
comment on column public.courses.alarm_lost_share is 'Confusion alarm: the share of recent responses that are completely lost at which it goes off.';
comment on column public.courses.review_before_publishing is 'When true, the public course page shows only feedback the teaching team has reviewed.';
comment on column public.courses.min_public_responses is 'Small-class protection: the fewest responses a session needs before its texts and breakdowns are shown.';
comment on column public.courses.retention_days is 'Days after the course''s last class session after which its feedback is deleted; null keeps it.';
comment on column public.courses.peer_confusion is 'When true, students on today''s class session page see what others found unclear (once the session is shown publicly) and may say "me too".';
comment on column public.courses.lms_roles_join_team is 'When true, a TA who opens ClassPulse from the LMS course linked to this course (LTI launch with the TeachingAssistant role) joins its teaching team as a TA.';
comment on column public.courses.section is 'The section of the course (e.g. 002), stored like codes (trimmed, single spaces, upper case); null when the course has none.';
comment on column public.courses.term is 'The term the course runs in (e.g. Fall 2026), stored trimmed with single spaces.';
comment on column public.courses.ended_at is 'When "End Term" archived the course; null while its term runs.';

create table public.me_too (
  submission_id uuid not null,
  device_hash text not null,
  constraint me_too_pkey PRIMARY KEY (submission_id, device_hash),
  constraint me_too_device_hash_check CHECK ((device_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table public.me_too enable row level security;
comment on table public.me_too is 'Students saying "me too" to a text of their class session: the submission and the keyed per-session device hash of the rate limits, nothing else; folded into me_too_tallies when the rate-limit counters go.';

create table public.me_too_tallies (
  submission_id uuid not null,
  me_toos integer not null,
  constraint me_too_tallies_pkey PRIMARY KEY (submission_id),
  constraint me_too_tallies_me_toos_check CHECK ((me_toos >= 0))
);
alter table public.me_too_tallies enable row level security;
comment on table public.me_too_tallies is 'How many "me too"s a submission had when its session''s device hashes were deleted: a count, no identifier.';

create table public.profiles (
  id uuid not null,
  email text not null,
  first_name text,
  last_name text,
  profile_image_url text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  display_name text,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_display_name_check CHECK (((display_name IS NULL) OR (((char_length(display_name) >= 1) AND (char_length(display_name) <= 80)) AND (display_name = btrim(display_name))))),
  constraint profiles_first_name_check CHECK ((char_length(first_name) <= 100)),
  constraint profiles_last_name_check CHECK ((char_length(last_name) <= 100)),
  constraint profiles_profile_image_url_check CHECK ((char_length(profile_image_url) <= 2048))
);
alter table public.profiles enable row level security;
comment on table public.profiles is 'One row per signed-up professor, so the app can show and edit a name and picture that auth.users does not expose.';
comment on column public.profiles.display_name is 'The name students see beside the courses this professor teaches; null shows no name.';

create table public.rate_limit_buckets (
  bucket text not null,
  key_hash text not null,
  window_start timestamp with time zone not null,
  submission_count integer default 0 not null,
  constraint rate_limit_buckets_pkey PRIMARY KEY (bucket, key_hash, window_start),
  constraint rate_limit_buckets_bucket_check CHECK (((char_length(bucket) >= 1) AND (char_length(bucket) <= 100))),
  constraint rate_limit_buckets_key_hash_check CHECK ((key_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint rate_limit_buckets_submission_count_check CHECK ((submission_count >= 0))
);
alter table public.rate_limit_buckets enable row level security;
comment on table public.rate_limit_buckets is 'Request counters per bucket, keyed hash and window, so anonymous writes (submissions, voting tokens, stories, votes) can be limited without storing who sent them; rows older than 48 hours are deleted.';

create table public.reply_push_subscriptions (
  submission_id uuid not null,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamp with time zone default now() not null,
  constraint reply_push_subscriptions_pkey PRIMARY KEY (submission_id),
  constraint reply_push_subscriptions_auth_check CHECK ((auth ~ '^[A-Za-z0-9_-]{22}$'::text)),
  constraint reply_push_subscriptions_endpoint_check CHECK (((char_length(endpoint) <= 1024) AND (endpoint ~ '^https://[^/\s?#@]+(/\S*)?$'::text))),
  constraint reply_push_subscriptions_p256dh_check CHECK ((p256dh ~ '^B[A-Za-z0-9_-]{86}$'::text))
);
alter table public.reply_push_subscriptions enable row level security;
comment on table public.reply_push_subscriptions is 'A student''s browser push subscription for the first reply to one submission; only the edge functions use it.';

create table public.session_notes (
  id uuid default gen_random_uuid() not null,
  session_id uuid not null,
  body text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  check_question text,
  addressed_topic text,
  addressed_group_id uuid,
  control_topic text,
  control_group_id uuid,
  constraint session_notes_pkey PRIMARY KEY (id),
  constraint session_notes_addressed_topic_check CHECK (((addressed_topic IS NULL) OR (((char_length(addressed_topic) >= 1) AND (char_length(addressed_topic) <= 80)) AND (addressed_topic ~ '\S'::text)))),
  constraint session_notes_body_check CHECK ((((char_length(body) >= 1) AND (char_length(body) <= 1000)) AND (body ~ '\S'::text))),
  constraint session_notes_check_question_check CHECK (((check_question IS NULL) OR (((char_length(check_question) >= 1) AND (char_length(check_question) <= 200)) AND (check_question ~ '\S'::text)))),
  constraint session_notes_control_differs CHECK (((control_topic IS NULL) OR (lower(control_topic) <> lower(addressed_topic)))),
  constraint session_notes_control_group_differs CHECK (((control_group_id IS NULL) OR (addressed_group_id IS NULL) OR (control_group_id <> addressed_group_id))),
  constraint session_notes_control_needs_addressed CHECK (((control_topic IS NULL) OR (addressed_topic IS NOT NULL))),
  constraint session_notes_control_topic_check CHECK (((control_topic IS NULL) OR (((char_length(control_topic) >= 1) AND (char_length(control_topic) <= 80)) AND (control_topic ~ '\S'::text))))
);
alter table public.session_notes enable row level security;
comment on table public.session_notes is 'A professor''s "you said, we did" note on one class session, public through course_notes().';
comment on column public.session_notes.check_question is 'An optional follow-up question ("Is recursion clearer now?") that students of the course''s next session may answer from 1 to 7.';
comment on column public.session_notes.addressed_topic is 'The confusion the note answers, in the team''s few words ("the base case"): the next session''s students rate how clear it is now.';
comment on column public.session_notes.addressed_group_id is 'The confusion group of the note''s session the addressed topic was picked from (null when typed).';
comment on column public.session_notes.control_topic is 'A confusion of the same session no note answered, rated on the same question as the control.';
comment on column public.session_notes.control_group_id is 'The confusion group the control topic was picked from.';

create table public.submission_replies (
  submission_id uuid not null,
  class_session_id uuid not null,
  body text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint submission_replies_pkey PRIMARY KEY (submission_id),
  constraint submission_replies_body_check CHECK ((((char_length(body) >= 1) AND (char_length(body) <= 1000)) AND (body ~ '\S'::text)))
);
alter table public.submission_replies enable row level security;
comment on table public.submission_replies is 'A professor''s reply to one anonymous submission; only the holder of its edit token reads it.';

create table public.submissions (
  id uuid default gen_random_uuid() not null,
  course_id uuid not null,
  class_session_id uuid not null,
  kind text not null,
  edit_token_hash text not null,
  reviewed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  topic text not null,
  confusion text,
  difficulty_level text,
  mind_after_session text,
  unclear_parts text,
  went_well text,
  pace text,
  challenge_level text,
  clarity_rating smallint,
  confidence_level smallint,
  confusion_level text generated always as (
CASE
    WHEN (kind = 'quick'::text) THEN difficulty_level
    WHEN (clarity_rating <= 2) THEN 'completely'::text
    WHEN (clarity_rating <= 4) THEN 'very'::text
    WHEN (clarity_rating <= 6) THEN 'slightly'::text
    ELSE NULL::text
END) stored,
  confusion_text text generated always as (COALESCE(confusion, unclear_parts)) stored,
  topic_key text generated always as (lower(regexp_replace(topic, '\s+'::text, ''::text, 'g'::text))) stored,
  hidden_at timestamp with time zone,
  constraint submissions_pkey PRIMARY KEY (id),
  constraint quick_has_its_fields CHECK (((kind <> 'quick'::text) OR ((confusion IS NOT NULL) AND (difficulty_level IS NOT NULL) AND (mind_after_session IS NULL) AND (unclear_parts IS NULL) AND (went_well IS NULL) AND (pace IS NULL) AND (challenge_level IS NULL) AND (clarity_rating IS NULL) AND (confidence_level IS NULL)))),
  constraint session_has_its_fields CHECK (((kind <> 'session'::text) OR ((mind_after_session IS NOT NULL) AND (unclear_parts IS NOT NULL) AND (went_well IS NOT NULL) AND (pace IS NOT NULL) AND (challenge_level IS NOT NULL) AND (clarity_rating IS NOT NULL) AND (confidence_level IS NOT NULL) AND (confusion IS NULL) AND (difficulty_level IS NULL)))),
  constraint submissions_challenge_level_check CHECK ((challenge_level = ANY (ARRAY['far_too_easy'::text, 'slightly_easy'::text, 'challenging_manageable'::text, 'slightly_hard'::text, 'far_too_hard'::text]))),
  constraint submissions_clarity_rating_check CHECK (((clarity_rating >= 1) AND (clarity_rating <= 7))),
  constraint submissions_confidence_level_check CHECK ((((confidence_level >= 0) AND (confidence_level <= 100)) AND (((confidence_level)::integer % 5) = 0))),
  constraint submissions_confusion_check CHECK (((char_length(confusion) >= 10) AND (char_length(confusion) <= 2000))),
  constraint submissions_difficulty_level_check CHECK ((difficulty_level = ANY (ARRAY['slightly'::text, 'very'::text, 'completely'::text]))),
  constraint submissions_edit_token_hash_check CHECK ((edit_token_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint submissions_kind_check CHECK ((kind = ANY (ARRAY['quick'::text, 'session'::text]))),
  constraint submissions_mind_after_session_check CHECK ((((char_length(mind_after_session) >= 1) AND (char_length(mind_after_session) <= 2000)) AND (mind_after_session ~ '\S'::text))),
  constraint submissions_pace_check CHECK ((pace = ANY (ARRAY['too_slow'::text, 'slightly_slow'::text, 'just_right'::text, 'slightly_fast'::text, 'too_fast'::text]))),
  constraint submissions_topic_check CHECK ((((char_length(topic) >= 1) AND (char_length(topic) <= 255)) AND (topic ~ '\S'::text))),
  constraint submissions_unclear_parts_check CHECK ((((char_length(unclear_parts) >= 1) AND (char_length(unclear_parts) <= 2000)) AND (unclear_parts ~ '\S'::text))),
  constraint submissions_went_well_check CHECK ((((char_length(went_well) >= 1) AND (char_length(went_well) <= 2000)) AND (went_well ~ '\S'::text)))
);
alter table public.submissions enable row level security;
comment on table public.submissions is 'Anonymous student feedback on one class session (quick = Variant A, session = Variant B): what professors read to improve their teaching.';
comment on column public.submissions.hidden_at is 'When the teaching team hid this feedback from the public course page (null: shown).';

create table public.topic_ratings (
  submission_id uuid not null,
  note_id uuid not null,
  side text not null,
  rating smallint not null,
  constraint topic_ratings_pkey PRIMARY KEY (submission_id, side),
  constraint topic_ratings_rating_check CHECK (((rating >= 1) AND (rating <= 7))),
  constraint topic_ratings_side_check CHECK ((side = ANY (ARRAY['addressed'::text, 'control'::text])))
);
alter table public.topic_ratings enable row level security;
comment on table public.topic_ratings is 'A student''s 1–7 rating of how clear a note''s addressed topic or its control is now, sent with their feedback to the course''s next session.';

create table public.user_stories (
  id uuid default gen_random_uuid() not null,
  title text not null,
  description text not null,
  submitted_by text,
  impact smallint not null,
  confidence smallint not null,
  ease smallint not null,
  ice_score smallint generated always as (((impact + confidence) + ease)) stored,
  status text default 'submitted'::text not null,
  session_token_hash text,
  merged_into_id uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint user_stories_pkey PRIMARY KEY (id),
  constraint user_stories_check CHECK ((merged_into_id IS DISTINCT FROM id)),
  constraint user_stories_confidence_check CHECK (((confidence >= 1) AND (confidence <= 10))),
  constraint user_stories_description_check CHECK ((((char_length(description) >= 1) AND (char_length(description) <= 1000)) AND (description ~ '\S'::text))),
  constraint user_stories_ease_check CHECK (((ease >= 1) AND (ease <= 10))),
  constraint user_stories_impact_check CHECK (((impact >= 1) AND (impact <= 10))),
  constraint user_stories_session_token_hash_check CHECK ((session_token_hash ~ '^[0-9a-f]{64}$'::text)),
  constraint user_stories_status_check CHECK ((status = ANY (ARRAY['submitted'::text, 'in_review'::text, 'accepted'::text, 'in_progress'::text, 'on_hold'::text, 'done'::text]))),
  constraint user_stories_submitted_by_check CHECK ((((char_length(submitted_by) >= 1) AND (char_length(submitted_by) <= 80)) AND (submitted_by ~ '\S'::text))),
  constraint user_stories_title_check CHECK ((((char_length(title) >= 1) AND (char_length(title) <= 300)) AND (title ~ '\S'::text)))
);
alter table public.user_stories enable row level security;
comment on table public.user_stories is 'Feature suggestions anyone may make and vote on, so the product is steered by its users; merged ones point at the story they were merged into.';

create table public.user_story_upvotes (
  id uuid default gen_random_uuid() not null,
  user_story_id uuid not null,
  session_token_hash text not null,
  created_at timestamp with time zone default now() not null,
  constraint user_story_upvotes_pkey PRIMARY KEY (id),
  constraint user_story_upvotes_user_story_id_session_token_hash_key UNIQUE (user_story_id, session_token_hash),
  constraint user_story_upvotes_session_token_hash_check CHECK ((session_token_hash ~ '^[0-9a-f]{64}$'::text))
);
alter table public.user_story_upvotes enable row level security;
comment on table public.user_story_upvotes is 'One vote per story and anonymous session, so the board ranks stories by how many people want them.';

-- Foreign keys ----------------------------------------------------------------------------------

alter table private.class_summary_sends add constraint class_summary_sends_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.class_summary_sends add constraint class_summary_sends_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table private.confusion_group_terms add constraint confusion_group_terms_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.confusion_group_terms add constraint confusion_group_terms_group_id_fkey FOREIGN KEY (group_id) REFERENCES private.confusion_groups(id) ON DELETE CASCADE;

alter table private.confusion_groups add constraint confusion_groups_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.confusion_session_terms add constraint confusion_session_terms_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.grouped_texts add constraint grouped_texts_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.grouped_texts add constraint grouped_texts_group_id_fkey FOREIGN KEY (group_id) REFERENCES private.confusion_groups(id) ON DELETE CASCADE;

alter table private.grouped_texts add constraint grouped_texts_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table private.lti_context_links add constraint lti_context_links_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table private.lti_context_links add constraint lti_context_links_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES private.lti_platforms(id) ON DELETE CASCADE;

alter table private.lti_link_requests add constraint lti_link_requests_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES private.lti_platforms(id) ON DELETE CASCADE;

alter table private.lti_link_requests add constraint lti_link_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table private.lti_login_states add constraint lti_login_states_platform_id_fkey FOREIGN KEY (platform_id) REFERENCES private.lti_platforms(id) ON DELETE CASCADE;

alter table private.session_rollups add constraint session_rollups_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table private.topic_days add constraint topic_days_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.app_owners add constraint app_owners_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table public.class_sessions add constraint class_sessions_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.class_summary_subscriptions add constraint class_summary_subscriptions_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.class_summary_subscriptions add constraint class_summary_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table public.confusion_group_edits add constraint confusion_group_edits_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table public.confusion_group_edits add constraint confusion_group_edits_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.confusion_group_edits add constraint confusion_group_edits_made_by_fkey FOREIGN KEY (made_by) REFERENCES auth.users(id) ON DELETE SET NULL;

alter table public.confusion_group_edits add constraint confusion_group_edits_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.course_invitations add constraint course_invitations_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.course_invitations add constraint course_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL;

alter table public.course_members add constraint course_members_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.course_members add constraint course_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table public.courses add constraint courses_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table public.me_too add constraint me_too_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.me_too_tallies add constraint me_too_tallies_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.profiles add constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

alter table public.reply_push_subscriptions add constraint reply_push_subscriptions_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.session_notes add constraint session_notes_addressed_group_id_fkey FOREIGN KEY (addressed_group_id) REFERENCES private.confusion_groups(id) ON DELETE SET NULL;

alter table public.session_notes add constraint session_notes_control_group_id_fkey FOREIGN KEY (control_group_id) REFERENCES private.confusion_groups(id) ON DELETE SET NULL;

alter table public.session_notes add constraint session_notes_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table public.submission_replies add constraint submission_replies_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.submissions add constraint submissions_class_session_id_fkey FOREIGN KEY (class_session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;

alter table public.submissions add constraint submissions_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;

alter table public.topic_ratings add constraint topic_ratings_note_id_fkey FOREIGN KEY (note_id) REFERENCES public.session_notes(id) ON DELETE CASCADE;

alter table public.topic_ratings add constraint topic_ratings_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;

alter table public.user_stories add constraint user_stories_merged_into_id_fkey FOREIGN KEY (merged_into_id) REFERENCES public.user_stories(id) ON DELETE CASCADE;

alter table public.user_story_upvotes add constraint user_story_upvotes_user_story_id_fkey FOREIGN KEY (user_story_id) REFERENCES public.user_stories(id) ON DELETE CASCADE;

-- Functions -------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION private.accept_course_invitations()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.email is null or new.email_confirmed_at is null then
    return null;
  end if;
  with accepted as (
    delete from public.course_invitations i
    where i.email = lower(btrim(new.email))
    returning i.course_id, i.role, i.email
  )
  insert into public.course_members (course_id, user_id, role, email)
  select a.course_id, new.id, a.role, a.email
  from accepted a
  join public.courses c on c.id = a.course_id and c.owner_id <> new.id
  on conflict (course_id, user_id) do nothing;
  return null;
end;
$function$;
comment on function private.accept_course_invitations() is 'Trigger on auth.users: turns the pending invitations of an address into team memberships when it signs in.';

CREATE OR REPLACE FUNCTION private.claim_class_summaries(p_limit integer DEFAULT 50)
 RETURNS TABLE(session_id uuid, user_id uuid, email text, language text, unsubscribe_token text, summary json)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.claim_class_summaries(p_limit integer) is 'Records due after-class summaries and claims up to p_limit of them for sending (never one already sent or claimed).';

CREATE OR REPLACE FUNCTION private.class_day(tz text, at timestamp with time zone)
 RETURNS TABLE(session_date date, expires_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select d, ((d + 1)::timestamp at time zone tz) - interval '1 millisecond'
  from (select (at at time zone tz)::date as d) day
$function$;
comment on function private.class_day(tz text, at timestamp with time zone) is 'A course''s class day and the moment it ends, in the course''s own time zone, computed the same way everywhere.';

CREATE OR REPLACE FUNCTION private.class_summary(p_session_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.class_summary(p_session_id uuid) is 'The after-class summary of one session (responses, means against the course, alarm, top three confusion groups when the session reached the course''s minimum).';

CREATE OR REPLACE FUNCTION private.confusion_group_edit_drops_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.drop_session_rollups(array[new.class_session_id]);
  return null;
end;
$function$;
comment on function private.confusion_group_edit_drops_rollup() is 'After a correction of a session''s confusion groups, drops its term-report roll-up.';

CREATE OR REPLACE FUNCTION private.confusion_groups_of(p_texts json, p_session_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.confusion_groups_of(p_texts json, p_session_id uuid) is 'A session''s ranked texts in their confusion groups, each under its most shared text, the most shared groups first.';

CREATE OR REPLACE FUNCTION private.confusion_terms(p_body text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.confusion_terms(p_body text) is 'The terms a confusion text is grouped by: its words without accents, stop words and feedback words, stemmed as its language, last vowels dropped, cut to five letters.';

CREATE OR REPLACE FUNCTION private.count_topic_days(p_course_id uuid, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS SETOF private.topic_days
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.course_id, (s.created_at at time zone 'UTC')::date, s.topic_key, min(s.topic), count(*)::integer,
    (count(*) filter (where s.confusion_level = 'slightly'))::integer,
    (count(*) filter (where s.confusion_level = 'very'))::integer,
    (count(*) filter (where s.confusion_level = 'completely'))::integer,
    max(s.created_at)
  from public.submissions s
  where s.course_id = p_course_id and s.created_at >= p_from and s.created_at < p_to and s.confusion_level is not null
  group by s.course_id, 2, s.topic_key
$function$;
comment on function private.count_topic_days(p_course_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) is 'Counts a course''s confusing responses per UTC day and topic, the same way for the job and every recount.';

CREATE OR REPLACE FUNCTION private.delete_session_rate_limit_buckets(p_session_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  deleted integer;
begin
  delete from public.rate_limit_buckets r
  using unnest(p_session_ids) as cs(id)
  where r.bucket in ('device:' || cs.id, 'ip:' || cs.id, 'me-too-device:' || cs.id, 'me-too-ip:' || cs.id);
  get diagnostics deleted = row_count;
  return deleted;
end;
$function$;
comment on function private.delete_session_rate_limit_buckets(p_session_ids uuid[]) is 'Deletes the per-session rate-limit counters of class sessions whose feedback goes, for the retention purge and "Delete all feedback".';

CREATE OR REPLACE FUNCTION private.delete_stale_rate_limit_buckets(p_at timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.delete_stale_rate_limit_buckets(p_at timestamp with time zone) is 'The one rule for when a rate-limit counter may go (48 hours after its window started), for the chance prune and the hourly retention purge; the "me too" device hashes of those sessions go with them, leaving counts.';

CREATE OR REPLACE FUNCTION private.drop_class_summary_subscription()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from public.class_summary_subscriptions s where s.course_id = old.course_id and s.user_id = old.user_id;
  return null;
end;
$function$;
comment on function private.drop_class_summary_subscription() is 'Deletes the summary subscription of a member who leaves a course team.';

CREATE OR REPLACE FUNCTION private.drop_session_rollups(p_sessions uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_sessions is null or cardinality(p_sessions) = 0 then
    return;
  end if;
  perform 1 from public.class_sessions cs
  where cs.id = any (p_sessions) and cs.expires_at <= now()
  order by cs.id
  for no key update;
  delete from private.session_rollups r where r.session_id = any (p_sessions);
end;
$function$;
comment on function private.drop_session_rollups(p_sessions uuid[]) is 'Drops class sessions'' term-report roll-ups after a change to what they sum, ordered against a run writing them.';

CREATE OR REPLACE FUNCTION private.ensure_today_session(p_course_id uuid, p_topic text DEFAULT NULL::text)
 RETURNS public.class_sessions
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  tz text;
  day record;
  result public.class_sessions;
begin
  select c.timezone into tz from public.courses c where c.id = p_course_id;
  if tz is null then
    raise exception 'Course not found' using errcode = 'P0002';
  end if;
  select * into day from private.class_day(tz, now());
  insert into public.class_sessions (course_id, session_date, expires_at, topic)
  values (p_course_id, day.session_date, day.expires_at, nullif(btrim(p_topic), ''))
  on conflict (course_id, session_date) do update
    set topic = coalesce(nullif(btrim(p_topic), ''), public.class_sessions.topic)
  returning * into result;
  return result;
end;
$function$;
comment on function private.ensure_today_session(p_course_id uuid, p_topic text) is 'Today''s session of a course, created on first use, so a professor''s link and a student''s dated submission land in the same row.';

CREATE OR REPLACE FUNCTION private.finish_class_summary(p_session_id uuid, p_user_id uuid, p_sent boolean, p_error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update private.class_summary_sends d
  set status = case when p_sent then 'sent' else 'failed' end,
    sent_at = case when p_sent then now() end,
    last_error = left(p_error, 200)
  where d.class_session_id = p_session_id and d.user_id = p_user_id and d.status = 'sending';
$function$;
comment on function private.finish_class_summary(p_session_id uuid, p_user_id uuid, p_sent boolean, p_error text) is 'Marks a claimed after-class summary sent or failed.';

CREATE OR REPLACE FUNCTION private.follow_up_note(p_course_id uuid, p_day date)
 RETURNS public.session_notes
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select n.*
  from public.session_notes n
  where n.session_id = (
      select cs.id from public.class_sessions cs
      where cs.course_id = p_course_id and cs.session_date < p_day
      order by cs.session_date desc limit 1
    )
    and n.addressed_topic is not null
  order by n.created_at desc, n.id
  limit 1
$function$;
comment on function private.follow_up_note(p_course_id uuid, p_day date) is 'The note (with a topic) whose topics the students of a course''s class day rate: on the course''s previous session.';

CREATE OR REPLACE FUNCTION private.join_confusion_group(p_group_id uuid, p_session_id uuid, p_terms text[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update private.confusion_groups g set texts = g.texts + 1 where g.id = p_group_id;
  insert into private.confusion_group_terms as gt (group_id, class_session_id, term, texts)
  select p_group_id, p_session_id, t.term, 1 from unnest(p_terms) as t(term)
  on conflict (group_id, term) do update set texts = gt.texts + 1;
$function$;
comment on function private.join_confusion_group(p_group_id uuid, p_session_id uuid, p_terms text[]) is 'A text joins a confusion group: the group''s size and term counts go up.';

CREATE OR REPLACE FUNCTION private.leave_confusion_group(p_submission_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.leave_confusion_group(p_submission_id uuid) is 'A text leaves its confusion group: the group''s size and term counts go down.';

CREATE OR REPLACE FUNCTION private.list_stories(p_token_hash text)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(json_agg(private.story_json(s, p_token_hash) order by s.ice_score desc, votes.n desc, s.created_at, s.id), '[]'::json)
  from public.user_stories s
  cross join lateral (select count(*) as n from public.user_story_upvotes v where v.user_story_id = s.id) votes
  where s.merged_into_id is null
$function$;
comment on function private.list_stories(p_token_hash text) is 'The board''s stories in board order, in one place for list_user_stories and open_story_board.';

CREATE OR REPLACE FUNCTION private.lti_rotate_tool_key()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update private.lti_tool_keys set retired_at = now() where retired_at is null;
$function$;
comment on function private.lti_rotate_tool_key() is 'Retires the LTI tool''s current signing key; the lti function makes a new one on its next signature.';

CREATE OR REPLACE FUNCTION private.me_toos(p_submission_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select ((select count(*) from public.me_too m where m.submission_id = p_submission_id)
    + coalesce((select t.me_toos from public.me_too_tallies t where t.submission_id = p_submission_id), 0))::integer
$function$;
comment on function private.me_toos(p_submission_id uuid) is 'How many students said "me too" to a text, whether their device hashes are still kept or already folded into a count.';

CREATE OR REPLACE FUNCTION private.new_access_token()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_')
$function$;
comment on function private.new_access_token() is 'An unguessable, URL-safe class link token, so only students given the link reach the session.';

CREATE OR REPLACE FUNCTION private.open_session_for(p_course_id uuid, p_session text)
 RETURNS public.class_sessions
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  s public.class_sessions;
  tz text;
begin
  if p_session is null or btrim(p_session) = '' then
    raise exception 'Session ID is required for submission' using errcode = 'CP400';
  end if;
  select c.timezone into tz from public.courses c where c.id = p_course_id;
  if tz is null then
    raise exception 'Course not found' using errcode = 'CP404';
  end if;
  -- A course whose term has ended takes no more feedback: its links answer as expired ones do.
  if exists (select 1 from public.courses c where c.id = p_course_id and c.ended_at is not null) then
    raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP403';
  end if;
  if p_session ~ '^\d{4}-\d{2}-\d{2}$' then
    if p_session <> (select d.session_date::text from private.class_day(tz, now()) d) then
      raise exception 'Feedback is open only for today''s session' using errcode = 'CP403';
    end if;
    s := private.ensure_today_session(p_course_id);
  elsif p_session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select * into s from public.class_sessions cs where cs.id = p_session::uuid and cs.course_id = p_course_id;
    if s.id is null then
      raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP404';
    end if;
  else
    raise exception 'Session ID must be a class session id or today''s date (YYYY-MM-DD)' using errcode = 'CP400';
  end if;
  if not s.is_active or s.expires_at <= now() then
    raise exception 'Session not found or expired. Please ask your professor for a new link.' using errcode = 'CP403';
  end if;
  return s;
end;
$function$;
comment on function private.open_session_for(p_course_id uuid, p_session text) is 'The session a student may write to right now, or the reason why not (an ended course''s sessions included), checked the same way for every write.';

CREATE OR REPLACE FUNCTION private.place_confusion_texts(p_session_id uuid, p_budget interval DEFAULT '00:00:03'::interval)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.place_confusion_texts(p_session_id uuid, p_budget interval) is 'Puts each new or edited text of a session in the confusion group it shares most terms with (or one of its own), within a time budget; returns how many are left.';

CREATE OR REPLACE FUNCTION private.prune_rate_limit_buckets()
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if random() < 0.01 then
    perform private.delete_stale_rate_limit_buckets(now());
  end if;
end;
$function$;
comment on function private.prune_rate_limit_buckets() is 'Deletes counters older than 48 hours on about one call in a hundred, so no scheduler is needed to keep the table small.';

CREATE OR REPLACE FUNCTION private.public_texts(p_session_id uuid)
 RETURNS TABLE(id uuid, body text, batch bigint, shuffle text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.public_texts(p_session_id uuid) is 'The one rule for which texts of a session students may see of each other (minimum, hidden, review, batches).';

CREATE OR REPLACE FUNCTION private.rate_limit_key(p_base text, p_scope text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_base is not null
    then encode(extensions.hmac(convert_to(p_scope, 'UTF8'), decode(p_base, 'hex'), 'sha256'), 'hex') end
$function$;
comment on function private.rate_limit_key(p_base text, p_scope text) is 'Derives the stored key of a base key for one scope (a class session or a UTC day), so keys of different scopes cannot be linked.';

CREATE OR REPLACE FUNCTION private.rate_limited(p_message text, p_retry_after integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception '%', p_message using errcode = 'CP429', detail = greatest(p_retry_after, 1)::text;
end;
$function$;
comment on function private.rate_limited(p_message text, p_retry_after integer) is 'Raises the refusal the edge functions answer with HTTP 429 and Retry-After, so every limit refuses the same way.';

CREATE OR REPLACE FUNCTION private.rebuild_topic_days()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform 1 from private.topic_days_state for update;
  delete from private.topic_days;
  update private.topic_days_state set rolled_before = '-infinity';
  return private.roll_up_topic_days();
end;
$function$;
comment on function private.rebuild_topic_days() is 'Rolls every day up again from the responses, for after a bulk load that bypassed the triggers.';

CREATE OR REPLACE FUNCTION private.recount_topic_days(p_courses uuid[], p_days date[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from private.topic_days t
  using unnest(p_courses, p_days) k(course_id, day)
  where t.course_id = k.course_id and t.day = k.day;

  insert into private.topic_days
  select d.*
  from (select distinct u.course_id, u.day from unnest(p_courses, p_days) u(course_id, day)) k
  cross join lateral private.count_topic_days(
    k.course_id, k.day::timestamp at time zone 'UTC', (k.day + 1)::timestamp at time zone 'UTC') d;
end;
$function$;
comment on function private.recount_topic_days(p_courses uuid[], p_days date[]) is 'Makes rolled-up days of courses match their responses again after a change.';

CREATE OR REPLACE FUNCTION private.require_story_session(p_token_hash text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update public.anonymous_sessions a set last_used_at = now() where a.anonymous_token_hash = p_token_hash;
  if not found then
    raise exception 'Please submit a user story first to enable voting' using errcode = 'CP401';
  end if;
end;
$function$;
comment on function private.require_story_session(p_token_hash text) is 'Refuses writes with a token the server never issued, so stories and votes need a real anonymous session.';

CREATE OR REPLACE FUNCTION private.revealed_texts(p_session_id uuid, p_batches boolean)
 RETURNS TABLE(id uuid, kind text, body text, batch bigint, shuffle text, hidden boolean, reviewed boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.id, t.kind, t.body, t.rn / 3, md5(t.id::text), t.hidden, t.reviewed
  from (
    select x.id, x.kind, x.confusion_text as body, x.hidden_at is not null as hidden, x.reviewed_at is not null as reviewed,
      row_number() over (order by x.created_at, x.id) - 1 as rn,
      count(*) over () as n
    from public.submissions x
    where x.class_session_id = p_session_id and x.confusion_text ~ '\S'
  ) t
  where not p_batches or t.rn < t.n - t.n % 3
$function$;
comment on function private.revealed_texts(p_session_id uuid, p_batches boolean) is 'What students found unclear in a session, revealed in the live view''s whole shuffled batches of three, so no text can be tied to when it was sent.';

CREATE OR REPLACE FUNCTION private.roll_up_sessions(p_limit integer DEFAULT 2000, p_course_id uuid DEFAULT NULL::uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.roll_up_sessions(p_limit integer, p_course_id uuid) is 'Writes the term-report roll-ups of sessions ended at least five minutes ago that have none, after placing their texts in confusion groups; returns how many it wrote.';

CREATE OR REPLACE FUNCTION private.roll_up_topic_days()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  rolled timestamptz;
  target timestamptz := date_trunc('day', now(), 'UTC') - interval '1 day';
  added integer;
begin
  select st.rolled_before into rolled from private.topic_days_state st for update;
  if target <= rolled then
    return 0;
  end if;
  -- Course by course, so each reads its range of the (course_id, created_at) index.
  insert into private.topic_days
  select d.* from public.courses c cross join lateral private.count_topic_days(c.id, rolled, target) d;
  get diagnostics added = row_count;
  update private.topic_days_state set rolled_before = target;
  return added;
end;
$function$;
comment on function private.roll_up_topic_days() is 'The hourly job: adds the days that can no longer change on their own to the roll-up confusion_patterns reads.';

CREATE OR REPLACE FUNCTION private.session_for_reading(p_course_id uuid, p_session text)
 RETURNS public.class_sessions
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select cs.* from public.class_sessions cs
  where cs.course_id = p_course_id
    and case
      when p_session ~ '^\d{4}-\d{2}-\d{2}$' then cs.session_date::text = p_session
      when p_session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then cs.id = p_session::uuid
      else false
    end
  limit 1
$function$;
comment on function private.session_for_reading(p_course_id uuid, p_session text) is 'The class session a student''s page names, for reading only.';

CREATE OR REPLACE FUNCTION private.session_notes_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws constant text := e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
begin
  if tg_op = 'INSERT' then
    if not exists (
      select 1 from public.class_sessions cs
      where cs.id = new.session_id
        and (cs.course_id = any (array(select public.my_editable_course_ids())) or coalesce(auth.role(), '') <> 'authenticated')
    ) then
      raise exception 'Class session not found' using errcode = 'PT404';
    end if;
    new.addressed_topic := nullif(btrim(new.addressed_topic, ws), '');
    new.control_topic := nullif(btrim(new.control_topic, ws), '');
    if char_length(new.addressed_topic) > 80 or char_length(new.control_topic) > 80 then
      raise exception 'A topic must be at most 80 characters long.' using errcode = '22023';
    end if;
    if new.addressed_topic is null and (new.control_topic is not null or new.addressed_group_id is not null) then
      raise exception 'Name the confusion this note answers before a control.' using errcode = '22023';
    end if;
    if new.control_topic is null and new.control_group_id is not null then
      raise exception 'Name the control topic in a few words.' using errcode = '22023';
    end if;
    if lower(new.control_topic) = lower(new.addressed_topic)
       or new.control_group_id = new.addressed_group_id then
      raise exception 'The control must be another confusion than the one the note answers.' using errcode = '22023';
    end if;
    if exists (
      select 1 from unnest(array[new.addressed_group_id, new.control_group_id]) g(id)
      where g.id is not null
        and not exists (select 1 from private.confusion_groups cg where cg.id = g.id and cg.class_session_id = new.session_id)
    ) then
      raise exception 'This confusion group is not from this class session.' using errcode = '22023';
    end if;
  else
    new.id := old.id;
    new.session_id := old.session_id;
    new.addressed_topic := old.addressed_topic;
    new.addressed_group_id := old.addressed_group_id;
    new.control_topic := old.control_topic;
    new.control_group_id := old.control_group_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, ws);
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A note must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  new.check_question := nullif(btrim(new.check_question, ws), '');
  if char_length(new.check_question) > 200 then
    raise exception 'A check question must be at most 200 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$function$;
comment on function private.session_notes_before_write() is 'Refuses notes on sessions the caller cannot edit; trims and checks the body, the old check question and the topics (a control other than the addressed topic, groups of the note''s session); topics never change.';

CREATE OR REPLACE FUNCTION private.session_rollup(p_session_id uuid)
 RETURNS SETOF private.session_rollups
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.session_rollup(p_session_id uuid) is 'Computes one class session''s roll-up for the term report from its responses, "me too"s, confusion groups and its course''s review and alarm settings.';

CREATE OR REPLACE FUNCTION private.session_rollups_after_course_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.drop_session_rollups(array(select cs.id from public.class_sessions cs where cs.course_id = new.id));
  return null;
end;
$function$;
comment on function private.session_rollups_after_course_rules() is 'Drops a course''s term-report roll-ups when its review or alarm settings change what they hold.';

CREATE OR REPLACE FUNCTION private.session_rollups_after_me_too()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.drop_session_rollups(array(
      select distinct s.class_session_id from public.submissions s where s.id in (select n.submission_id from after_rows n)));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform private.drop_session_rollups(array(
      select distinct s.class_session_id from public.submissions s where s.id in (select o.submission_id from before_rows o)));
  end if;
  return null;
end;
$function$;
comment on function private.session_rollups_after_me_too() is 'Drops the term-report roll-ups of the sessions whose texts gained or lost a "me too".';

CREATE OR REPLACE FUNCTION private.session_rollups_after_session_end()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from private.session_rollups r where r.session_id = new.id;
  return null;
end;
$function$;
comment on function private.session_rollups_after_session_end() is 'Drops a class session''s term-report roll-up when its end moves.';

CREATE OR REPLACE FUNCTION private.session_rollups_after_submissions_delete()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.drop_session_rollups(array(select distinct o.class_session_id from gone o));
  return null;
end;
$function$;
comment on function private.session_rollups_after_submissions_delete() is 'Drops the term-report roll-ups of the sessions whose responses were deleted.';

CREATE OR REPLACE FUNCTION private.session_rollups_after_submissions_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.drop_session_rollups(array(select distinct n.class_session_id from added n));
  return null;
end;
$function$;
comment on function private.session_rollups_after_submissions_insert() is 'Drops the term-report roll-ups of the sessions new responses join.';

CREATE OR REPLACE FUNCTION private.session_rollups_after_submissions_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.drop_session_rollups(array(
    select o.class_session_id from before_rows o union select n.class_session_id from after_rows n));
  return null;
end;
$function$;
comment on function private.session_rollups_after_submissions_update() is 'Drops the term-report roll-ups of the sessions whose responses were edited, hidden, reviewed or moved.';

CREATE OR REPLACE FUNCTION private.session_terms(p_session_id uuid, p_limit integer)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.session_terms(p_session_id uuid, p_limit integer) is 'Counts the words students use about what was unclear in one session, for session_top_terms and session_insights once they have checked access and the minimum.';

CREATE OR REPLACE FUNCTION private.story_json(s public.user_stories, p_token_hash text)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select json_build_object(
    'id', s.id, 'title', s.title, 'description', s.description, 'submittedBy', s.submitted_by,
    'status', s.status, 'impact', s.impact, 'confidence', s.confidence, 'ease', s.ease,
    'iceScore', s.ice_score,
    'upvoteCount', (select count(*) from public.user_story_upvotes v where v.user_story_id = s.id),
    'hasUpvoted', p_token_hash is not null and exists (
      select 1 from public.user_story_upvotes v where v.user_story_id = s.id and v.session_token_hash = p_token_hash
    ),
    'createdAt', s.created_at, 'updatedAt', s.updated_at
  )
$function$;
comment on function private.story_json(s public.user_stories, p_token_hash text) is 'The one JSON shape of a story (with votes and the caller''s vote), shared by every function that returns stories.';

CREATE OR REPLACE FUNCTION private.submission_for_replay(p_edit_token_hash text)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (public.submission_for_edit(s.id)::jsonb || jsonb_build_object('sessionDate', cs.session_date::text))::json
  from public.submissions s
  join public.class_sessions cs on cs.id = s.class_session_id
  where s.edit_token_hash = p_edit_token_hash
$function$;
comment on function private.submission_for_replay(p_edit_token_hash text) is 'The submission an idempotency key (an edit token''s secret) already made, by its hash, for the submissions function to answer a repeat with.';

CREATE OR REPLACE FUNCTION private.submission_replies_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    select s.class_session_id into new.class_session_id from public.submissions s where s.id = new.submission_id;
    if not found then
      raise exception 'Submission not found' using errcode = 'PT404';
    end if;
  else
    new.submission_id := old.submission_id;
    new.class_session_id := old.class_session_id;
    new.updated_at := now();
  end if;
  new.body := btrim(new.body, e' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff');
  if new.body is null or char_length(new.body) not between 1 and 1000 then
    raise exception 'A reply must be 1 to 1000 characters long.' using errcode = '22023';
  end if;
  return new;
end;
$function$;
comment on function private.submission_replies_before_write() is 'Refuses replies to feedback the caller cannot read; trims and checks the body.';

CREATE OR REPLACE FUNCTION private.submission_replies_mark_reviewed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.submissions s set reviewed_at = now() where s.id = new.submission_id and s.reviewed_at is null;
  return null;
end;
$function$;
comment on function private.submission_replies_mark_reviewed() is 'Marks a submission reviewed once its professor has replied to it.';

CREATE OR REPLACE FUNCTION private.take_rate_limit(p_bucket text, p_key text, p_window timestamp with time zone, p_limit integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into public.rate_limit_buckets as r (bucket, key_hash, window_start, submission_count)
  values (p_bucket, p_key, p_window, 1)
  on conflict (bucket, key_hash, window_start) do update
    set submission_count = r.submission_count + 1
    where r.submission_count < p_limit;
  return found;
end;
$function$;
comment on function private.take_rate_limit(p_bucket text, p_key text, p_window timestamp with time zone, p_limit integer) is 'The one place a request is counted against a limit, atomically, so limits hold exactly under bursts.';

CREATE OR REPLACE FUNCTION private.team_confusion_group(p_course_id uuid, p_group_id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_session uuid;
begin
  select g.class_session_id into v_session
  from private.confusion_groups g join public.class_sessions cs on cs.id = g.class_session_id
  where g.id = p_group_id and cs.course_id = p_course_id and p_course_id = any (array(select public.my_course_ids()));
  if v_session is null then
    raise exception 'Group not found' using errcode = 'PT404';
  end if;
  return v_session;
end;
$function$;
comment on function private.team_confusion_group(p_course_id uuid, p_group_id uuid) is 'The class session of a confusion group of a course the caller teaches, or Group not found: who may correct the group.';

CREATE OR REPLACE FUNCTION private.token_hash(token text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(extensions.digest(convert_to(token, 'UTF8'), 'sha256'), 'hex')
$function$;
comment on function private.token_hash(token text) is 'The SHA-256 hash under which a voting token is stored, so the database never keeps the token itself.';

CREATE OR REPLACE FUNCTION private.topic_days_after_delete()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  rolled timestamptz := (select st.rolled_before from private.topic_days_state st for share);
  courses uuid[];
  days date[];
begin
  select array_agg(g.course_id), array_agg(g.day) into courses, days
  from (
    select distinct d.course_id, (d.created_at at time zone 'UTC')::date as day
    from gone d where d.created_at < rolled and d.confusion_level is not null
  ) g;
  if courses is not null then
    perform private.recount_topic_days(courses, days);
  end if;
  return null;
end;
$function$;
comment on function private.topic_days_after_delete() is 'Recounts the rolled-up days deleted responses leave, so a purge or deletion shows at once.';

CREATE OR REPLACE FUNCTION private.topic_days_after_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Shares the lock roll_up_topic_days() takes, so a run cannot miss this row.
  if new.created_at < (select st.rolled_before from private.topic_days_state st for share) then
    insert into private.topic_days as t (course_id, day, topic_key, topic, responses, slightly, very, completely, latest)
    values (
      new.course_id, (new.created_at at time zone 'UTC')::date, new.topic_key, new.topic, 1,
      (new.confusion_level = 'slightly')::integer, (new.confusion_level = 'very')::integer,
      (new.confusion_level = 'completely')::integer, new.created_at
    )
    on conflict (course_id, day, topic_key) do update set
      topic = least(t.topic, excluded.topic),
      responses = t.responses + 1,
      slightly = t.slightly + excluded.slightly,
      very = t.very + excluded.very,
      completely = t.completely + excluded.completely,
      latest = greatest(t.latest, excluded.latest);
  end if;
  return null;
end;
$function$;
comment on function private.topic_days_after_insert() is 'Adds a back-dated response to its rolled-up day, so the roll-up stays exact.';

CREATE OR REPLACE FUNCTION private.topic_days_after_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from private.topic_days;
  return null;
end;
$function$;
comment on function private.topic_days_after_truncate() is 'Empties the roll-up when every response goes at once.';

CREATE OR REPLACE FUNCTION private.topic_days_after_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  rolled timestamptz := (select st.rolled_before from private.topic_days_state st for share);
begin
  if old.created_at < rolled or new.created_at < rolled then
    perform private.recount_topic_days(
      array[old.course_id, new.course_id],
      array[(old.created_at at time zone 'UTC')::date, (new.created_at at time zone 'UTC')::date]);
  end if;
  return null;
end;
$function$;
comment on function private.topic_days_after_update() is 'Recounts the rolled-up days an edit of an old response touches, so the roll-up stays exact.';

CREATE OR REPLACE FUNCTION private.topic_ratings_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (
    select 1 from public.submissions s
    join public.class_sessions cs on cs.id = s.class_session_id
    cross join lateral private.follow_up_note(cs.course_id, cs.session_date) n
    where s.id = new.submission_id and n.id = new.note_id
      and (new.side = 'addressed' or n.control_topic is not null)
  ) then
    raise exception 'This check question is not open for this class session.' using errcode = 'CP400';
  end if;
  return new;
end;
$function$;
comment on function private.topic_ratings_before_insert() is 'Refuses a rating of a note (or a control) its submission''s students were not asked.';

CREATE OR REPLACE FUNCTION private.unsubscribe_class_summary(p_token_hash text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function private.unsubscribe_class_summary(p_token_hash text) is 'Deletes the summary subscription an unsubscribe token (by its hash) stands for; the course code, or null.';

CREATE OR REPLACE FUNCTION public.active_session(course_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object(
    'sessionId', s.id, 'sessionDate', s.session_date, 'expiresAt', s.expires_at,
    'accessToken', s.access_token, 'topic', s.topic
  )
  from public.courses c
  join public.class_sessions s on s.course_id = c.id
  where c.id = active_session.course_id
    and c.id = any (array(select public.my_editable_course_ids()))
    and s.session_date = (select d.session_date from private.class_day(c.timezone, now()) d)
    and s.is_active
    and s.expires_at > now()
$function$;
comment on function public.active_session(course_id uuid) is 'Shows a professor today''s open class link, if any, without creating one.';

CREATE OR REPLACE FUNCTION public.add_staff_email_domain(p_domain text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_domain text := pg_catalog.lower(pg_catalog.btrim(coalesce(p_domain, '')));
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  if pg_catalog.char_length(v_domain) > 253 or v_domain !~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$' then
    raise exception 'Enter a domain like example.edu' using errcode = '22023';
  end if;
  -- One list for everyone: adds are serialised so that two at once cannot pass the limit together.
  lock table private.staff_email_domains in share row exclusive mode;
  if not exists (select 1 from private.staff_email_domains d where d.domain = v_domain)
     and (select pg_catalog.count(*) from private.staff_email_domains) >= 50 then
    raise exception 'At most 50 domains can be listed.';
  end if;
  insert into private.staff_email_domains (domain) values (v_domain) on conflict (domain) do nothing;
  return v_domain;
end;
$function$;
comment on function public.add_staff_email_domain(p_domain text) is 'Adds an e-mail domain whose addresses may become professors, for an app owner (at most 50).';

CREATE OR REPLACE FUNCTION public.add_topic_ratings(p_submission_id uuid, p_note_id uuid, p_ratings jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.add_topic_ratings(p_submission_id uuid, p_note_id uuid, p_ratings jsonb) is 'Adds the ratings of the note a submission''s session is asked about to a submission sent without them; once, while the session is open. Service role only (the submissions function checks the edit token).';

CREATE OR REPLACE FUNCTION public.confusion_patterns(days integer DEFAULT 7, course_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.confusion_patterns(days integer, course_id uuid) is 'Shows a professor which topics confuse students most over a period, counting those who said "me too", so they know what to revisit.';

CREATE OR REPLACE FUNCTION public.consume_rate_limit(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  counted_at timestamptz := coalesce(p_at, pg_catalog.now());
  window_start timestamptz := pg_catalog.to_timestamp(floor(extract(epoch from counted_at) / p_window_seconds) * p_window_seconds);
begin
  if private.take_rate_limit(p_bucket, p_key, window_start, p_limit) then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from window_start + make_interval(secs => p_window_seconds) - counted_at))::integer);
end;
$function$;
comment on function public.consume_rate_limit(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone) is 'Lets the edge functions count a request in a fixed window (stories, votes and edit-token guesses per IP) and learn how long to wait when it is full; p_at null counts at now().';

CREATE OR REPLACE FUNCTION public.course_class_day(course_id uuid)
 RETURNS date
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select d.session_date
  from public.courses c
  cross join lateral private.class_day(c.timezone, now()) d
  where c.id = course_class_day.course_id and c.ended_at is null
$function$;
comment on function public.course_class_day(course_id uuid) is 'Today''s date in the course''s time zone (its class day), or null for an unknown course or one whose term has ended: the day the student pages link and post to.';

CREATE OR REPLACE FUNCTION public.course_notes(course_id uuid, max_items integer DEFAULT 20, session_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(json_agg(json_build_object(
    'id', t.id, 'sessionId', t.session_id, 'sessionDate', t.session_date, 'body', t.body, 'createdAt', t.created_at,
    'checkQuestion', t.check_question, 'figures', public.follow_up_figures(t.id)
  ) order by t.created_at desc, t.id), '[]'::json)
  from (
    select n.id, n.session_id, cs.session_date, n.body, n.created_at, n.check_question
    from public.class_sessions cs
    join public.session_notes n on n.session_id = cs.id
    where cs.course_id = course_notes.course_id
      and (course_notes.session_id is null or cs.id = course_notes.session_id)
    order by n.created_at desc, n.id
    limit least(greatest(coalesce(course_notes.max_items, 20), 1), 100)
  ) t
$function$;
comment on function public.course_notes(course_id uuid, max_items integer, session_id uuid) is 'The public "you said, we did" notes of a course (or of one of its sessions), newest first, with their check questions and figures.';

CREATE OR REPLACE FUNCTION public.course_timeline(course_id uuid, max_items integer DEFAULT 100)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The settings and the shown sessions are uncorrelated sub-selects, computed once per call.
  select json_build_object(
    'total', (select count(*) from public.submissions s where s.course_id = course_timeline.course_id),
    'thisWeek', (
      select count(*) from public.submissions s
      where s.course_id = course_timeline.course_id and s.created_at > now() - interval '7 days'
    ),
    'items', coalesce((
      select json_agg(json_build_object(
        'id', t.id, 'createdAt', t.created_at, 'topic', t.topic,
        'confusion', t.confusion_text, 'difficultyLevel', t.confusion_level
      ) order by t.created_at desc, t.id)
      from (
        select s.id, s.created_at, s.topic, s.confusion_text, s.confusion_level
        from public.submissions s
        where s.course_id = course_timeline.course_id
          and s.hidden_at is null
          and (s.reviewed_at is not null or not (
            select c.review_before_publishing from public.courses c where c.id = course_timeline.course_id
          ))
          -- Sessions with at least k responses; each count stops after k index entries. Tested with
          -- array_position, which no index serves: the planner then reads the items in the order
          -- of submissions_public_timeline_idx and stops at max_items, instead of collecting every
          -- row of the shown sessions to sort them.
          and array_position(array(
            select cs.id
            from public.courses c
            join public.class_sessions cs on cs.course_id = c.id
            where c.id = course_timeline.course_id
              and (
                select count(*) from (
                  select 1 from public.submissions x where x.class_session_id = cs.id limit c.min_public_responses
                ) enough
              ) >= c.min_public_responses
          ), s.class_session_id) is not null
        order by s.created_at desc, s.id
        limit least(greatest(coalesce(course_timeline.max_items, 100), 1), 500)
      ) t
    ), '[]'::json)
  )
$function$;
comment on function public.course_timeline(course_id uuid, max_items integer) is 'The public course page: recent feedback the course lets the public see (not hidden, reviewed if required, from sessions with enough responses) and totals, without anything private in submissions.';

CREATE OR REPLACE FUNCTION public.courses_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.code := public.normalize_course_code(new.code);
  new.name := btrim(new.name);
  new.section := nullif(public.normalize_course_code(new.section), '');
  new.term := regexp_replace(btrim(new.term), '\s+', ' ', 'g');
  -- An unknown zone would break every date computed for this course later; refuse it now.
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.timezone) then
    raise exception 'Unknown time zone: %', new.timezone using errcode = '22023';
  end if;
  return new;
end;
$function$;
comment on function public.courses_before_write() is 'Trigger: normalizes code, name, section and term, and refuses unknown time zones, whichever client writes the course.';

CREATE OR REPLACE FUNCTION public.courses_lms_roles_owner_only()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user = 'authenticated'
     and new.lms_roles_join_team is distinct from old.lms_roles_join_team
     and old.owner_id is distinct from (select auth.uid()) then
    raise exception 'Only the course''s owner can change whether LMS teaching assistants join the team.'
      using errcode = '42501';
  end if;
  return new;
end;
$function$;
comment on function public.courses_lms_roles_owner_only() is 'Trigger: refuses a change of lms_roles_join_team by a signed-in member who is not the course''s owner.';

CREATE OR REPLACE FUNCTION public.create_submission(p_course_id uuid, p_session text, p_kind text, p_content jsonb, p_edit_token_hash text, p_device_key text, p_ip_key text, p_limits jsonb DEFAULT '{}'::jsonb)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.class_sessions;
  new_id uuid;
  until_expiry integer;
  device_key text;
  ip_session_key text;
  ip_minute_key text;
  v_note public.session_notes;
  device_limit integer := coalesce((p_limits ->> 'devicePerSession')::integer, 5);
  ip_session_limit integer := coalesce((p_limits ->> 'ipPerSession')::integer, 300);
  ip_minute_limit integer := coalesce((p_limits ->> 'ipPerMinute')::integer, 600);
begin
  s := private.open_session_for(p_course_id, p_session);
  until_expiry := ceil(extract(epoch from s.expires_at - now()))::integer;
  device_key := private.rate_limit_key(p_device_key, 'session:' || s.id);
  ip_session_key := private.rate_limit_key(p_ip_key, 'session:' || s.id);
  ip_minute_key := private.rate_limit_key(p_ip_key, 'day:' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'));

  if device_key is not null
     and not private.take_rate_limit('device:' || s.id, device_key, s.created_at, device_limit) then
    perform private.rate_limited(
      format('You have already sent %s submissions for this class session.', device_limit), until_expiry);
  end if;
  if ip_session_key is not null then
    if not private.take_rate_limit('ip:' || s.id, ip_session_key, s.created_at, ip_session_limit) then
      perform private.rate_limited(
        'Too many submissions from your network for this class session. Please try again later.', until_expiry);
    end if;
    if not private.take_rate_limit('ip-minute', ip_minute_key, date_trunc('minute', now()), ip_minute_limit) then
      perform private.rate_limited(
        'Too many submissions from your network right now. Please try again in a minute.',
        60 - extract(second from now())::integer);
    end if;
  end if;

  insert into public.submissions (
    course_id, class_session_id, kind, edit_token_hash, topic, confusion, difficulty_level,
    mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level
  ) values (
    p_course_id, s.id, p_kind, p_edit_token_hash,
    case when p_kind = 'quick' then p_content ->> 'topic' else coalesce(s.topic, 'Session feedback') end,
    p_content ->> 'confusion', p_content ->> 'difficulty_level',
    p_content ->> 'mind_after_session', p_content ->> 'unclear_parts', p_content ->> 'went_well',
    p_content ->> 'pace', p_content ->> 'challenge_level',
    (p_content ->> 'clarity_rating')::smallint, (p_content ->> 'confidence_level')::smallint
  )
  returning id into new_id;

  -- The ratings of the previous session's note's topics. Ratings for any other note (one the
  -- professor withdrew while the student was writing, or never asked of this session) are left out
  -- and the feedback kept; a rating out of 1–7 refuses the whole submission (topic_ratings' check).
  v_note := private.follow_up_note(p_course_id, s.session_date);
  if p_content ? 'follow_up_ratings' and v_note.id is not null
     and (p_content ->> 'follow_up_note_id')::uuid is not distinct from v_note.id then
    insert into public.topic_ratings (submission_id, note_id, side, rating)
    select new_id, v_note.id, r.side, (p_content -> 'follow_up_ratings' ->> r.side)::smallint
    from (values ('addressed'), ('control')) r(side)
    where p_content -> 'follow_up_ratings' ? r.side
      and (r.side = 'addressed' or v_note.control_topic is not null);
  end if;

  -- Old counters go now and then, so the table stays small without a scheduler.
  perform private.prune_rate_limit_buckets();

  return json_build_object('id', new_id, 'sessionId', s.id);
end;
$function$;
comment on function public.create_submission(p_course_id uuid, p_session text, p_kind text, p_content jsonb, p_edit_token_hash text, p_device_key text, p_ip_key text, p_limits jsonb) is 'The submissions edge function''s one round trip: session check, rate limits and insert in one transaction, so a lecture''s burst stays fast and limits hold.';

CREATE OR REPLACE FUNCTION public.create_today_session(course_id uuid, topic text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.class_sessions;
begin
  if not exists (
    select 1 from public.courses c
    where c.id = create_today_session.course_id and c.id = any (array(select public.my_editable_course_ids()))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.courses c where c.id = create_today_session.course_id and c.ended_at is not null) then
    raise exception 'This course''s term has ended. Start Next Term to get a class link.' using errcode = 'PT409';
  end if;
  s := private.ensure_today_session(create_today_session.course_id, create_today_session.topic);
  return json_build_object(
    'sessionId', s.id, 'sessionDate', s.session_date, 'expiresAt', s.expires_at,
    'accessToken', s.access_token, 'topic', s.topic, 'isActive', s.is_active
  );
end;
$function$;
comment on function public.create_today_session(course_id uuid, topic text) is 'Gives a professor today''s class link (and sets its topic), which they cannot insert into class_sessions directly; none once the course''s term has ended.';

CREATE OR REPLACE FUNCTION public.create_user_story(p_token_hash text, p_story jsonb)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  created public.user_stories;
begin
  perform private.require_story_session(p_token_hash);
  insert into public.user_stories (title, description, submitted_by, impact, confidence, ease, session_token_hash)
  values (
    p_story ->> 'title', p_story ->> 'description', nullif(btrim(p_story ->> 'submittedBy'), ''),
    (p_story ->> 'impact')::smallint, (p_story ->> 'confidence')::smallint, (p_story ->> 'ease')::smallint,
    p_token_hash
  )
  returning * into created;
  return private.story_json(created, p_token_hash);
end;
$function$;
comment on function public.create_user_story(p_token_hash text, p_story jsonb) is 'The user-stories edge function''s insert of a story by a holder of an issued token; service role only, after the function''s checks and limits.';

CREATE OR REPLACE FUNCTION public.dashboard_stats(course_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with mine as materialized (
    select array(
      select m.id from public.my_course_ids() m(id)
      where dashboard_stats.course_id is null or m.id = dashboard_stats.course_id
    ) as ids
  ),
  counts as (
    select
      cardinality(mine.ids) as courses,
      (select count(*) from public.submissions s where s.course_id = any (mine.ids) and s.reviewed_at is null) as pending,
      (select count(*) from public.submissions s where s.course_id = any (mine.ids) and s.reviewed_at is not null) as reviewed,
      (select count(*) from public.submissions s
        where s.course_id = any (mine.ids) and s.created_at > (select now() - interval '7 days')) as recent,
      (select count(*) from public.submissions s
        where s.course_id = any (mine.ids)
          and s.created_at > (select now() - interval '14 days') and s.created_at <= (select now() - interval '7 days')) as last_week
    from mine
  )
  select json_build_object(
    'totalSubmissions', c.pending + c.reviewed,
    'activeCourses', c.courses,
    'recentSubmissions', c.recent,
    'lastWeekSubmissions', c.last_week,
    'pendingReview', c.pending
  )
  from counts c
$function$;
comment on function public.dashboard_stats(course_id uuid) is 'The headline counts of a professor''s dashboard, computed in SQL so every client gets the same numbers in one fast call.';

CREATE OR REPLACE FUNCTION public.delete_course_feedback(course_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  deleted integer;
begin
  if not exists (
    select 1 from public.courses c
    where c.id = delete_course_feedback.course_id and c.id = any (array(select public.my_editable_course_ids()))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  delete from public.submissions s where s.course_id = delete_course_feedback.course_id;
  get diagnostics deleted = row_count;
  perform private.delete_session_rate_limit_buckets(array(
    select cs.id from public.class_sessions cs
    where cs.course_id = delete_course_feedback.course_id and cs.expires_at <= now()
  ));
  return deleted;
end;
$function$;
comment on function public.delete_course_feedback(course_id uuid) is '"Delete all feedback of this course": the owner or a co-instructor deletes every submission of the course (and its replies) at once.';

CREATE OR REPLACE FUNCTION public.delete_my_account()
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  owned integer;
  memberships integer;
begin
  if me is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select count(*)::integer into owned from public.courses c where c.owner_id = me;
  select count(*)::integer into memberships from public.course_members m where m.user_id = me;
  delete from auth.users u where u.id = me;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  return json_build_object('ownedCourses', owned, 'memberships', memberships);
end;
$function$;
comment on function public.delete_my_account() is 'A professor deletes their own account: the courses they own go with it and their team memberships end.';

CREATE OR REPLACE FUNCTION public.end_term(course_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ended timestamptz;
begin
  update public.courses c set ended_at = coalesce(c.ended_at, now())
  where c.id = end_term.course_id and c.id = any (array(select public.my_editable_course_ids()))
  returning c.ended_at into ended;
  if ended is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  update public.class_sessions s set is_active = false
  where s.course_id = end_term.course_id and s.is_active and s.expires_at > now();
  return json_build_object('id', end_term.course_id, 'endedAt', ended);
end;
$function$;
comment on function public.end_term(course_id uuid) is 'End Term: archives a course (out of search, links expired, no more feedback) while its team keeps reading it.';

CREATE OR REPLACE FUNCTION public.follow_up_check(course_id uuid, session text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object('noteId', n.id, 'body', n.body, 'sessionDate', cs.session_date,
    'addressedTopic', n.addressed_topic, 'controlTopic', n.control_topic)
  from (
    select c.id,
      case
        when follow_up_check.session ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          (select x.session_date from public.class_sessions x where x.id = follow_up_check.session::uuid and x.course_id = c.id)
        when follow_up_check.session ~ '^\d{4}-\d{2}-\d{2}$' then
          (select follow_up_check.session::date where follow_up_check.session::date is not null)
        when coalesce(btrim(follow_up_check.session), '') = '' then
          (select d.session_date from private.class_day(c.timezone, now()) d)
      end as day
    from public.courses c
    where c.id = follow_up_check.course_id
  ) day
  cross join lateral private.follow_up_note(day.id, day.day) n
  join public.class_sessions cs on cs.id = n.session_id
  where day.day is not null and n.id is not null
$function$;
comment on function public.follow_up_check(course_id uuid, session text) is 'The note and the topics (addressed and control) rated above a class day''s feedback form (the course''s previous session''s), or null.';

CREATE OR REPLACE FUNCTION public.follow_up_figures(note_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.follow_up_figures(note_id uuid) is 'A note''s check: its topics and, once each side reaches the course''s minimum of public responses, their ratings (n, mean, sd, share) and the paired difference; {"legacy": true} for an old single question; null when it asks nothing.';

CREATE OR REPLACE FUNCTION public.get_class_session(session_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object('sessionDate', s.session_date, 'expiresAt', s.expires_at, 'courseId', s.course_id, 'topic', s.topic)
  from public.class_sessions s
  where s.id = get_class_session.session_id
$function$;
comment on function public.get_class_session(session_id uuid) is 'The public facts of one session (date, end, course, topic) for student pages, which may not read class_sessions.';

CREATE OR REPLACE FUNCTION public.handle_new_auth_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.profiles (id, email, first_name, last_name, profile_image_url)
  values (
    new.id,
    coalesce(new.email, ''),
    new.raw_user_meta_data ->> 'first_name',
    new.raw_user_meta_data ->> 'last_name',
    coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'profile_image_url')
  )
  on conflict (id) do nothing;
  return new;
end;
$function$;
comment on function public.handle_new_auth_user() is 'Trigger on auth.users: creates the profile of every new account, so no sign-up path can forget it.';

CREATE OR REPLACE FUNCTION public.hook_before_user_created(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := pg_catalog.lower(pg_catalog.btrim(coalesce(event -> 'user' ->> 'email', '')));
  v_domain text;
  v_domains text[];
  v_count integer;
  v_list text;
begin
  select pg_catalog.array_agg(d.domain order by d.domain) into v_domains from private.staff_email_domains d;
  if v_domains is null then
    return '{}'::jsonb;
  end if;

  v_domain := case when pg_catalog.strpos(v_email, '@') > 0 then pg_catalog.regexp_replace(v_email, '^.*@', '') else '' end;
  if v_domain <> '' and (
       exists (select 1 from pg_catalog.unnest(v_domains) as s (domain)
               where v_domain = s.domain or pg_catalog.right(v_domain, pg_catalog.char_length(s.domain) + 1) = '.' || s.domain)
    or exists (select 1 from public.course_invitations i where i.email = v_email)
    or exists (select 1 from private.lti_platforms p, pg_catalog.unnest(p.email_domains) as t (domain)
               where v_domain = t.domain or pg_catalog.right(v_domain, pg_catalog.char_length(t.domain) + 1) = '.' || t.domain)
  ) then
    return '{}'::jsonb;
  end if;

  -- "a", "a and b", "a, b, and c": the list as English writes it (Intl.ListFormat's, which the app
  -- uses to write it again in the visitor's language).
  v_count := pg_catalog.cardinality(v_domains);
  v_list := case
    when v_count = 1 then v_domains[1]
    when v_count = 2 then v_domains[1] || ' and ' || v_domains[2]
    else pg_catalog.array_to_string(v_domains[1:v_count - 1], ', ') || ', and ' || v_domains[v_count]
  end;
  return pg_catalog.jsonb_build_object('error', pg_catalog.jsonb_build_object(
    'http_code', 403,
    'message', 'ClassPulse here is for staff of ' || v_list || '. Students never need to sign in: use the course search page.'
  ));
end;
$function$;
comment on function public.hook_before_user_created(event jsonb) is 'Supabase Auth''s Before User Created hook: lets only staff e-mail domains, team invitations and trusted LMS domains become professors.';

CREATE OR REPLACE FUNCTION public.invite_to_course(course_id uuid, email text, role text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text := lower(btrim(coalesce(invite_to_course.email, '')));
  caller_email text;
  invitation public.course_invitations;
begin
  if not exists (
    select 1 from public.courses c where c.id = invite_to_course.course_id and c.owner_id = (select auth.uid())
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  -- Serializes invitations to one course, so two at once cannot pass the size check together.
  perform 1 from public.courses c where c.id = invite_to_course.course_id for update;
  if char_length(address) not between 3 and 254 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter a valid e-mail address.' using errcode = '22023';
  end if;
  if invite_to_course.role is null or invite_to_course.role not in ('co_instructor', 'ta') then
    raise exception 'Choose Co-instructor or TA.' using errcode = '22023';
  end if;
  select lower(u.email) into caller_email from auth.users u where u.id = (select auth.uid());
  if address = caller_email then
    raise exception 'You cannot invite yourself: you own this course.' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.course_members m
    join auth.users u on u.id = m.user_id
    where m.course_id = invite_to_course.course_id and (lower(u.email) = address or m.email = address)
  ) then
    raise exception '% is already on this course''s team.', address using errcode = '23505';
  end if;
  if exists (
    select 1 from public.course_invitations i where i.course_id = invite_to_course.course_id and i.email = address
  ) then
    raise exception '% has already been invited.', address using errcode = '23505';
  end if;
  if (select count(*) from public.course_members m where m.course_id = invite_to_course.course_id)
     + (select count(*) from public.course_invitations i where i.course_id = invite_to_course.course_id) >= 20 then
    raise exception 'A course can have at most 20 team members, invitations included.' using errcode = 'PT409';
  end if;
  insert into public.course_invitations (course_id, email, role, invited_by)
  values (invite_to_course.course_id, address, invite_to_course.role, (select auth.uid()))
  returning * into invitation;
  return json_build_object(
    'id', invitation.id, 'courseId', invitation.course_id, 'email', invitation.email, 'role', invitation.role,
    'createdAt', invitation.created_at,
    'accountExists', exists (select 1 from auth.users u where lower(u.email) = address)
  );
end;
$function$;
comment on function public.invite_to_course(course_id uuid, email text, role text) is 'Lets a course''s owner invite a co-instructor or TA by e-mail, with the checks (address, self, duplicates, team size) in one transaction.';

CREATE OR REPLACE FUNCTION public.is_app_owner()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.app_owners o where o.user_id = (select auth.uid()))
$function$;
comment on function public.is_app_owner() is 'Whether the caller moderates the user-stories board: used by its policies, the merge function and the client to show owner controls.';

CREATE OR REPLACE FUNCTION public.link_lti_context(p_token text, p_course_id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request private.lti_link_requests;
begin
  if (select auth.uid()) is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  delete from private.lti_link_requests r
  where r.token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and r.user_id = (select auth.uid())
    and r.expires_at > pg_catalog.now()
  returning * into request;
  if request.token_hash is null then
    raise exception 'This link request has expired or was already used. Please open ClassPulse from your learning platform again.'
      using errcode = 'PT404';
  end if;
  if not exists (
    select 1 from public.courses c
    where c.id = p_course_id
      and (c.owner_id = (select auth.uid())
        or exists (select 1 from public.course_members m
                   where m.course_id = c.id and m.user_id = (select auth.uid()) and m.role = 'co_instructor'))
  ) then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  insert into private.lti_context_links (platform_id, context_id, course_id)
  values (request.platform_id, request.context_id, p_course_id)
  on conflict (platform_id, context_id) do nothing;
  if not found then
    raise exception 'This course of your learning platform is already linked to a ClassPulse course.' using errcode = '23505';
  end if;
  return p_course_id;
end;
$function$;
comment on function public.link_lti_context(p_token text, p_course_id uuid) is 'Links the LMS course of the caller''s link request to one of their courses (owner or co-instructor) and spends the request.';

CREATE OR REPLACE FUNCTION public.list_user_stories(session_token text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.list_stories(
    case when list_user_stories.session_token is not null then private.token_hash(list_user_stories.session_token) end
  )
$function$;
comment on function public.list_user_stories(session_token text) is 'The public board for anyone, with the caller''s own votes marked when they send their token.';

CREATE OR REPLACE FUNCTION public.live_session(course_id uuid, since text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.courses;
  today date;
  s public.class_sessions;
  window_start timestamptz;
  total bigint := 0;
  last_write timestamptz;
  in_window bigint := 0;
  reply_count bigint := 0;
  last_reply timestamptz;
  current_cursor text;
  answer json;
begin
  select * into c from public.courses co where co.id = live_session.course_id and co.id = any (array(select public.my_course_ids()));
  if c.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  today := (now() at time zone c.timezone)::date;
  window_start := now() - make_interval(mins => c.alarm_window_minutes);
  select * into s from public.class_sessions cs where cs.course_id = c.id and cs.session_date = today;

  if s.id is not null then
    select count(*), max(x.updated_at), count(*) filter (where x.created_at > window_start)
      into total, last_write, in_window
      from public.submissions x where x.class_session_id = s.id;
    select count(*), max(r.updated_at)
      into reply_count, last_reply
      from public.submission_replies r where r.class_session_id = s.id;
  end if;

  current_cursor := md5(format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s',
    today, s.id, s.topic, extract(epoch from s.expires_at), s.is_active,
    total, extract(epoch from last_write), in_window, reply_count, extract(epoch from last_reply),
    c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share));

  if live_session.since = current_cursor then
    return json_build_object('changed', false, 'cursor', current_cursor);
  end if;

  select json_build_object(
    'changed', true,
    'cursor', current_cursor,
    'session', case when s.id is not null then json_build_object(
      'sessionId', s.id, 'sessionDate', s.session_date, 'topic', s.topic, 'expiresAt', s.expires_at, 'isActive', s.is_active
    ) end,
    'responses', a.n,
    'quickCount', a.quick_n,
    'sessionCount', a.session_n,
    'meanClarity', a.mean_clarity,
    'meanConfidence', a.mean_confidence,
    'pace', json_build_object(
      'too_slow', a.too_slow, 'slightly_slow', a.slightly_slow, 'just_right', a.just_right,
      'slightly_fast', a.slightly_fast, 'too_fast', a.too_fast
    ),
    'challenge', json_build_object(
      'far_too_easy', a.far_too_easy, 'slightly_easy', a.slightly_easy, 'challenging_manageable', a.challenging_manageable,
      'slightly_hard', a.slightly_hard, 'far_too_hard', a.far_too_hard
    ),
    'difficulty', json_build_object('slightly', a.slightly, 'very', a.very, 'completely', a.completely),
    'alarm', json_build_object(
      'active', a.recent >= c.alarm_min_responses and a.lost >= c.alarm_lost_share * a.recent,
      'recent', a.recent,
      'lost', a.lost,
      'share', case when a.recent > 0 then round(a.lost::numeric / a.recent, 3) else 0 end,
      'minResponses', c.alarm_min_responses,
      'threshold', c.alarm_lost_share,
      'windowMinutes', c.alarm_window_minutes
    ),
    'texts', coalesce((
      select json_agg(json_build_object('batch', b.batch, 'items', b.items) order by b.batch)
      from (
        select t.rn / 3 as batch,
          json_agg(json_build_object('id', t.id, 'kind', t.kind, 'text', t.body) order by md5(t.id::text)) as items
        from (
          select x.id, x.kind, x.confusion_text as body,
            row_number() over (order by x.created_at, x.id) - 1 as rn
          from public.submissions x
          where x.class_session_id = s.id and x.confusion_text ~ '\S'
        ) t
        where t.rn < a.texts_n - a.texts_n % 3
        group by t.rn / 3
      ) b
    ), '[]'::json),
    'pendingTexts', a.texts_n % 3,
    'replies', coalesce((
      select json_object_agg(r.submission_id, json_build_object('body', r.body, 'updatedAt', r.updated_at))
      from public.submission_replies r where r.class_session_id = s.id
    ), '{}'::json)
  )
  into answer
  from (
    select
      count(*) as n,
      count(*) filter (where x.kind = 'quick') as quick_n,
      count(*) filter (where x.kind = 'session') as session_n,
      round(avg(x.clarity_rating), 2) as mean_clarity,
      round(avg(x.confidence_level), 1) as mean_confidence,
      count(*) filter (where x.pace = 'too_slow') as too_slow,
      count(*) filter (where x.pace = 'slightly_slow') as slightly_slow,
      count(*) filter (where x.pace = 'just_right') as just_right,
      count(*) filter (where x.pace = 'slightly_fast') as slightly_fast,
      count(*) filter (where x.pace = 'too_fast') as too_fast,
      count(*) filter (where x.challenge_level = 'far_too_easy') as far_too_easy,
      count(*) filter (where x.challenge_level = 'slightly_easy') as slightly_easy,
      count(*) filter (where x.challenge_level = 'challenging_manageable') as challenging_manageable,
      count(*) filter (where x.challenge_level = 'slightly_hard') as slightly_hard,
      count(*) filter (where x.challenge_level = 'far_too_hard') as far_too_hard,
      count(*) filter (where x.difficulty_level = 'slightly') as slightly,
      count(*) filter (where x.difficulty_level = 'very') as very,
      count(*) filter (where x.difficulty_level = 'completely') as completely,
      count(*) filter (where x.created_at > window_start) as recent,
      -- "Completely lost": Variant A 'completely' or Variant B clarity 1–2, as confusion_level says.
      count(*) filter (where x.created_at > window_start and x.confusion_level = 'completely') as lost,
      count(*) filter (where x.confusion_text ~ '\S') as texts_n
    from public.submissions x
    where x.class_session_id = s.id
  ) a;
  return answer;
end;
$function$;
comment on function public.live_session(course_id uuid, since text) is 'The teaching team''s live view of today''s session, with a cursor so an unchanged poll costs almost nothing.';

CREATE OR REPLACE FUNCTION public.lti_link_request(p_token text)
 RETURNS TABLE(context_label text, context_title text, platform_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select r.context_label, r.context_title, p.name
  from private.lti_link_requests r
  join private.lti_platforms p on p.id = r.platform_id
  where r.token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and r.user_id = (select auth.uid())
    and r.expires_at > pg_catalog.now()
$function$;
comment on function public.lti_link_request(p_token text) is 'The caller''s pending LMS course link request behind a token: the LMS course''s label and title and the platform''s name.';

CREATE OR REPLACE FUNCTION public.lti_platforms_admin()
 RETURNS TABLE(id uuid, name text, issuer text, client_id text, deployment_ids text[], auth_login_url text, jwks_url text, token_url text, email_domains text[], created_at timestamp with time zone, linked_courses integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  return query
    select p.id, p.name, p.issuer, p.client_id, p.deployment_ids, p.auth_login_url, p.jwks_url, p.token_url,
           p.email_domains, p.created_at,
           (select pg_catalog.count(*)::integer from private.lti_context_links l where l.platform_id = p.id)
    from private.lti_platforms p
    order by p.name, p.created_at;
end;
$function$;
comment on function public.lti_platforms_admin() is 'The registered LTI platforms with their linked LMS course counts, for an app owner''s /admin screen.';

CREATE OR REPLACE FUNCTION public.mark_reviewed(ids uuid[], reviewed boolean DEFAULT true)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with changed as (
    update public.submissions s
    set reviewed_at = case when mark_reviewed.reviewed then coalesce(s.reviewed_at, now()) end
    where s.id = any (mark_reviewed.ids)
      and (s.reviewed_at is null) = mark_reviewed.reviewed
    returning 1
  )
  select count(*)::integer from changed
$function$;
comment on function public.mark_reviewed(ids uuid[], reviewed boolean) is 'Lets a professor mark a batch of their feedback reviewed (or not) in one call; row-level security limits it to their courses.';

CREATE OR REPLACE FUNCTION public.merge_confusion_groups(course_id uuid, group_id uuid, into_group_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_session uuid;
begin
  if merge_confusion_groups.group_id = merge_confusion_groups.into_group_id then
    raise exception 'Choose two different groups to merge.' using errcode = '22023';
  end if;
  v_session := private.team_confusion_group(merge_confusion_groups.course_id, merge_confusion_groups.group_id);
  if private.team_confusion_group(merge_confusion_groups.course_id, merge_confusion_groups.into_group_id) <> v_session then
    raise exception 'Group not found' using errcode = 'PT404';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('confusion groups ' || v_session::text, 0));

  insert into private.confusion_group_terms as gt (group_id, class_session_id, term, texts)
  select merge_confusion_groups.into_group_id, v_session, f.term, f.texts
  from private.confusion_group_terms f where f.group_id = merge_confusion_groups.group_id
  on conflict on constraint confusion_group_terms_pkey do update set texts = gt.texts + excluded.texts;
  update private.confusion_groups g
  set texts = g.texts + (select f.texts from private.confusion_groups f where f.id = merge_confusion_groups.group_id)
  where g.id = merge_confusion_groups.into_group_id;
  update private.grouped_texts t set group_id = merge_confusion_groups.into_group_id, placed_by = 'team'
  where t.group_id = merge_confusion_groups.group_id;
  update private.grouped_texts t set placed_by = 'team' where t.group_id = merge_confusion_groups.into_group_id;
  delete from private.confusion_groups g where g.id = merge_confusion_groups.group_id;

  insert into public.confusion_group_edits (course_id, class_session_id, action, from_group_id, into_group_id, made_by)
  values (merge_confusion_groups.course_id, v_session, 'merge', merge_confusion_groups.group_id,
    merge_confusion_groups.into_group_id, (select auth.uid()));
  return json_build_object('groupId', merge_confusion_groups.into_group_id);
end;
$function$;
comment on function public.merge_confusion_groups(course_id uuid, group_id uuid, into_group_id uuid) is 'The teaching team''s "Merge": one confusion group''s texts join another of the same session, and stay there.';

CREATE OR REPLACE FUNCTION public.merge_user_stories(keep_id uuid, merge_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  kept public.user_stories;
begin
  if not (public.is_app_owner() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only the app owner can merge user stories' using errcode = '42501';
  end if;
  if keep_id = merge_id then
    raise exception 'A story cannot be merged with itself' using errcode = '22023';
  end if;
  -- Lock both rows in a fixed order so two merges of the same pair cannot interleave.
  perform 1 from public.user_stories s where s.id in (keep_id, merge_id) order by s.id for update;
  if (select count(*) from public.user_stories s where s.id in (keep_id, merge_id) and s.merged_into_id is null) <> 2 then
    raise exception 'Both stories must exist and not be merged already' using errcode = 'P0002';
  end if;

  insert into public.user_story_upvotes (user_story_id, session_token_hash, created_at)
  select keep_id, v.session_token_hash, v.created_at
  from public.user_story_upvotes v where v.user_story_id = merge_id
  on conflict (user_story_id, session_token_hash) do nothing;
  delete from public.user_story_upvotes v where v.user_story_id = merge_id;
  update public.user_stories s set merged_into_id = keep_id where s.id = merge_id;
  -- Stories merged into the merged one follow it to the kept one.
  update public.user_stories s set merged_into_id = keep_id where s.merged_into_id = merge_id;

  select * into kept from public.user_stories s where s.id = keep_id;
  return private.story_json(kept, null);
end;
$function$;
comment on function public.merge_user_stories(keep_id uuid, merge_id uuid) is 'Lets an owner fold a duplicate story into another, moving its votes (one per voter) in one transaction.';

CREATE OR REPLACE FUNCTION public.my_course_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
  union all
  select m.course_id from public.course_members m where m.user_id = (select auth.uid())
$function$;
comment on function public.my_course_ids() is 'The courses the caller teaches (owner, co-instructor or TA): what they may read, reply to, review and moderate.';

CREATE OR REPLACE FUNCTION public.my_courses()
 RETURNS TABLE(id uuid, name text, code text, code_key text, section text, term text, ended_at timestamp with time zone, timezone text, created_at timestamp with time zone, alarm_window_minutes integer, alarm_min_responses integer, alarm_lost_share numeric, review_before_publishing boolean, min_public_responses integer, retention_days integer, peer_confusion boolean, lms_roles_join_team boolean, role text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id, c.name, c.code, c.code_key, c.section, c.term, c.ended_at, c.timezone, c.created_at,
         c.alarm_window_minutes, c.alarm_min_responses, c.alarm_lost_share,
         c.review_before_publishing, c.min_public_responses, c.retention_days, c.peer_confusion,
         c.lms_roles_join_team,
         coalesce(case when c.owner_id = (select auth.uid()) then 'owner' end, m.role) as role
  from public.courses c
  left join public.course_members m on m.course_id = c.id and m.user_id = (select auth.uid())
  where c.owner_id = (select auth.uid()) or m.user_id is not null
  order by c.ended_at is not null, c.created_at desc, c.code
$function$;
comment on function public.my_courses() is 'The courses a professor teaches with every setting (time zone included, which the public column grants hide), section, term, whether the term ended, and their role on each.';

CREATE OR REPLACE FUNCTION public.my_editable_course_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
  union all
  select m.course_id from public.course_members m where m.user_id = (select auth.uid()) and m.role = 'co_instructor'
$function$;
comment on function public.my_editable_course_ids() is 'The courses the caller owns or co-instructs: what they may edit (course, class links, notes, settings).';

CREATE OR REPLACE FUNCTION public.my_owned_course_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.courses c where c.owner_id = (select auth.uid())
$function$;
comment on function public.my_owned_course_ids() is 'The courses the caller owns: whose team they manage.';

CREATE OR REPLACE FUNCTION public.normalize_course_code(raw text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select upper(regexp_replace(btrim(raw), '\s+', ' ', 'g'))
$function$;
comment on function public.normalize_course_code(raw text) is 'The one spelling of a course code (trimmed, single spaces, upper case), so stored codes and searches compare alike.';

CREATE OR REPLACE FUNCTION public.open_story_board(p_token_hash text, p_new_token_hash text, p_ip_key text, p_tokens_per_minute integer, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  last_used timestamptz;
  outcome text := 'none';
begin
  if p_token_hash is not null then
    select a.last_used_at into last_used from public.anonymous_sessions a where a.anonymous_token_hash = p_token_hash;
    if found then
      outcome := 'kept';
      -- One write an hour per token at most: enough to tell live tokens from abandoned ones
      -- without a write on every page view.
      if last_used < pg_catalog.now() - interval '1 hour' then
        update public.anonymous_sessions a set last_used_at = pg_catalog.now() where a.anonymous_token_hash = p_token_hash;
      end if;
    end if;
  end if;

  if outcome = 'none' and p_new_token_hash is not null
     and (p_ip_key is null
          or private.take_rate_limit('story-token', p_ip_key, date_trunc('minute', coalesce(p_at, pg_catalog.now())), p_tokens_per_minute)) then
    insert into public.anonymous_sessions (anonymous_token_hash) values (p_new_token_hash);
    outcome := 'issued';
  end if;

  -- A new token has no votes yet, so only a kept one changes hasUpvoted.
  return json_build_object(
    'token', outcome,
    'stories', private.list_stories(case when outcome = 'kept' then p_token_hash end)
  );
end;
$function$;
comment on function public.open_story_board(p_token_hash text, p_new_token_hash text, p_ip_key text, p_tokens_per_minute integer, p_at timestamp with time zone) is 'GET /user-stories in one round trip: the board plus the caller''s voting token kept or issued within the per-network limit; p_at null counts at now().';

CREATE OR REPLACE FUNCTION public.peer_confusion(p_course_id uuid, p_session text, p_device_key text DEFAULT NULL::text, p_own_token_hash text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.peer_confusion(p_course_id uuid, p_session text, p_device_key text, p_own_token_hash text) is 'What others found unclear in a class session, for its students (only texts that may be public), with "me too" counts and whether this device said "me too".';

CREATE OR REPLACE FUNCTION public.purge_expired_feedback(at timestamp with time zone DEFAULT now())
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_at timestamptz := coalesce(purge_expired_feedback."at", now());
  v_courses uuid[];
  v_submissions uuid[];
  v_purged_courses integer;
  v_replies integer;
  v_rate_limits integer;
  v_old_rate_limits integer;
begin
  -- The expired courses: retention set, and their expiry moment E strictly before `at`.
  select coalesce(array_agg(e.id), '{}') into v_courses
  from (
    select c.id
    from public.courses c
    join public.class_sessions cs on cs.course_id = c.id
    where c.retention_days is not null
    group by c.id, c.retention_days, c.timezone
    having ((max(cs.session_date) + 1 + c.retention_days)::timestamp at time zone c.timezone) < v_at
  ) e;

  -- Their submissions that are themselves more than retention_days old.
  select coalesce(array_agg(s.id), '{}'), count(distinct s.course_id) into v_submissions, v_purged_courses
  from public.courses c
  join public.submissions s on s.course_id = c.id
  where c.id = any (v_courses)
    and s.created_at < ((v_at at time zone c.timezone) - make_interval(days => c.retention_days)) at time zone c.timezone;

  delete from public.submission_replies r where r.submission_id = any (v_submissions);
  get diagnostics v_replies = row_count;
  delete from public.submissions s where s.id = any (v_submissions);

  v_rate_limits := private.delete_session_rate_limit_buckets(array(
    select cs.id from public.class_sessions cs where cs.course_id = any (v_courses)
  ));
  v_old_rate_limits := private.delete_stale_rate_limit_buckets(least(v_at, now()));

  return json_build_object(
    'courses', v_purged_courses,
    'submissions', coalesce(array_length(v_submissions, 1), 0),
    'replies', v_replies,
    'rateLimitRows', v_rate_limits + v_old_rate_limits
  );
end;
$function$;
comment on function public.purge_expired_feedback(at timestamp with time zone) is 'Retention: deletes the feedback (with its replies and rate-limit counters) of courses whose last class session is older than their "Delete feedback after" setting; run hourly by pg_cron or the local stack.';

CREATE OR REPLACE FUNCTION public.rate_limit_wait(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select greatest(1, ceil(extract(epoch from r.window_start + make_interval(secs => p_window_seconds) - c.counted_at))::integer)
    from (select coalesce(p_at, pg_catalog.now()) as counted_at) c
    join public.rate_limit_buckets r
      on r.window_start = pg_catalog.to_timestamp(floor(extract(epoch from c.counted_at) / p_window_seconds) * p_window_seconds)
    where r.bucket = p_bucket
      and r.key_hash = p_key
      and r.submission_count >= p_limit
  ), 0)
$function$;
comment on function public.rate_limit_wait(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone) is 'Lets the edge functions refuse a caller whose window is already full without counting the request (edit-token guessing counts failures only); p_at null reads the window of now().';

CREATE OR REPLACE FUNCTION public.remove_lti_platform(p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  delete from private.lti_platforms p where p.id = p_id;
  if not found then
    raise exception 'Platform not found' using errcode = 'PT404';
  end if;
end;
$function$;
comment on function public.remove_lti_platform(p_id uuid) is 'Removes an LTI platform and its LMS course links, for an app owner.';

CREATE OR REPLACE FUNCTION public.remove_staff_email_domain(p_domain text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  delete from private.staff_email_domains d where d.domain = pg_catalog.lower(pg_catalog.btrim(coalesce(p_domain, '')));
end;
$function$;
comment on function public.remove_staff_email_domain(p_domain text) is 'Removes an e-mail domain from those whose addresses may become professors, for an app owner.';

CREATE OR REPLACE FUNCTION public.reply_to_submission(submission_id uuid, body text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  saved public.submission_replies;
begin
  insert into public.submission_replies as r (submission_id, body)
  values (reply_to_submission.submission_id, reply_to_submission.body)
  on conflict on constraint submission_replies_pkey do update set body = excluded.body
  returning r.* into saved;
  return json_build_object('submissionId', saved.submission_id, 'body', saved.body, 'updatedAt', saved.updated_at);
end;
$function$;
comment on function public.reply_to_submission(submission_id uuid, body text) is 'A professor answers one anonymous submission of their course (insert or update).';

CREATE OR REPLACE FUNCTION public.resolve_class_token(token text)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object('sessionId', s.id, 'courseId', s.course_id)
  from public.class_sessions s
  join public.courses c on c.id = s.course_id
  where s.access_token = resolve_class_token.token and s.is_active and s.expires_at > now() and c.ended_at is null
$function$;
comment on function public.resolve_class_token(token text) is 'Turns a student''s class link into its session and course, without letting anyone list sessions or tokens; nothing for an ended course.';

CREATE OR REPLACE FUNCTION public.save_lti_platform(p_id uuid, p_name text, p_issuer text, p_client_id text, p_deployment_ids text[], p_auth_login_url text, p_jwks_url text, p_token_url text, p_email_domains text[])
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
  v_deployments text[] := coalesce(
    (select pg_catalog.array_agg(pg_catalog.btrim(d) order by o)
     from pg_catalog.unnest(p_deployment_ids) with ordinality as u (d, o)
     where pg_catalog.btrim(d) <> ''), '{}');
  v_domains text[] := coalesce(
    (select pg_catalog.array_agg(pg_catalog.lower(pg_catalog.btrim(d)) order by o)
     from pg_catalog.unnest(p_email_domains) with ordinality as u (d, o)
     where pg_catalog.btrim(d) <> ''), '{}');
  v_token_url text := nullif(pg_catalog.btrim(p_token_url), '');
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  begin
    if p_id is null then
      insert into private.lti_platforms
        (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url, token_url, email_domains)
      values (pg_catalog.btrim(coalesce(p_name, '')), pg_catalog.btrim(p_issuer), pg_catalog.btrim(p_client_id),
              v_deployments, pg_catalog.btrim(p_auth_login_url), pg_catalog.btrim(p_jwks_url), v_token_url, v_domains)
      returning id into v_id;
    else
      update private.lti_platforms p
      set name = pg_catalog.btrim(coalesce(p_name, '')),
          issuer = pg_catalog.btrim(p_issuer),
          client_id = pg_catalog.btrim(p_client_id),
          deployment_ids = v_deployments,
          auth_login_url = pg_catalog.btrim(p_auth_login_url),
          jwks_url = pg_catalog.btrim(p_jwks_url),
          token_url = v_token_url,
          email_domains = v_domains
      where p.id = p_id
      returning p.id into v_id;
      if v_id is null then
        raise exception 'Platform not found' using errcode = 'PT404';
      end if;
    end if;
  exception when unique_violation then
    raise exception 'This issuer and client id are already registered.' using errcode = '23505';
  end;
  return v_id;
end;
$function$;
comment on function public.save_lti_platform(p_id uuid, p_name text, p_issuer text, p_client_id text, p_deployment_ids text[], p_auth_login_url text, p_jwks_url text, p_token_url text, p_email_domains text[]) is 'Registers (no id) or changes an LTI platform, for an app owner; the table''s constraints check the values.';

CREATE OR REPLACE FUNCTION public.search_courses(code text)
 RETURNS TABLE(id uuid, code text, name text, section text, term text, instructors text[])
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id, c.code, c.name, c.section, c.term,
         array(
           select p.display_name
           from (
             select c.owner_id as user_id, 0 as rank, c.created_at as since
             union all
             select m.user_id, 1, m.created_at from public.course_members m
             where m.course_id = c.id and m.role = 'co_instructor'
           ) t
           join public.profiles p on p.id = t.user_id
           where p.display_name is not null
           order by t.rank, t.since
         ) as instructors
  from public.courses c
  where c.code_key = replace(public.normalize_course_code(search_courses.code), ' ', '') and c.ended_at is null
  order by c.code, c.section_key, c.term_key
$function$;
comment on function public.search_courses(code text) is 'Lets students find the current courses with the code their professor gave them, however they type it, with section, term and instructors'' chosen names.';

CREATE OR REPLACE FUNCTION public.session_insights(course_id uuid DEFAULT NULL::uuid, days integer DEFAULT 30, max_sessions integer DEFAULT 10)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with recent as (
    select cs.id, cs.session_date, cs.course_id, c.code, cs.topic, c.min_public_responses as k
    from public.courses c
    join public.class_sessions cs on cs.course_id = c.id
    where c.id = any (array(
        select m.id from public.my_course_ids() m(id)
        where session_insights.course_id is null or m.id = session_insights.course_id
      ))
      and cs.session_date > (select (now() - make_interval(days => least(greatest(coalesce(session_insights.days, 30), 1), 366)))::date)
      and exists (select 1 from public.submissions s where s.class_session_id = cs.id)
    order by cs.session_date desc, c.code
    limit least(greatest(coalesce(session_insights.max_sessions, 10), 1), 50)
  )
  select coalesce(json_agg(json_build_object(
    'sessionId', r.id, 'sessionDate', r.session_date, 'courseId', r.course_id, 'courseCode', r.code,
    'topic', r.topic, 'count', a.n, 'sessionFeedbackCount', a.b_count,
    'protected', a.n < r.k, 'minResponses', r.k,
    'meanClarity', case when a.n >= r.k then a.mean_clarity end,
    'meanConfidence', case when a.n >= r.k then a.mean_confidence end,
    'pace', case when a.n >= r.k then a.pace end,
    'challenge', case when a.n >= r.k then a.challenge end,
    'difficulty', case when a.n >= r.k then a.difficulty end,
    'topTerms', case when a.n >= r.k then private.session_terms(r.id, 5) else '[]'::json end
  ) order by r.session_date desc, r.code), '[]'::json)
  from recent r
  cross join lateral (
    select
      count(*) as n,
      count(s.clarity_rating) as b_count,
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
      ) as challenge,
      json_build_object(
        'slightly', count(*) filter (where s.confusion_level = 'slightly'),
        'very', count(*) filter (where s.confusion_level = 'very'),
        'completely', count(*) filter (where s.confusion_level = 'completely')
      ) as difficulty
    from public.submissions s
    where s.class_session_id = r.id
  ) a
$function$;
comment on function public.session_insights(course_id uuid, days integer, max_sessions integer) is 'Per-session summaries (clarity, confidence, pace, challenge, top terms) so a professor can compare recent sessions, withheld for sessions below the course''s minimum of responses.';

CREATE OR REPLACE FUNCTION public.session_top_terms(p_session_id uuid, p_limit integer DEFAULT 5)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.session_terms(cs.id, p_limit)
    from public.class_sessions cs
    join public.courses c on c.id = cs.course_id
    where cs.id = p_session_id
      and cs.course_id = any (array(select public.my_course_ids()))
      and (
        select count(*) from (
          select 1 from public.submissions x where x.class_session_id = cs.id limit c.min_public_responses
        ) enough
      ) >= c.min_public_responses
  ), '[]'::json)
$function$;
comment on function public.session_top_terms(p_session_id uuid, p_limit integer) is 'The words students use most about what was unclear in one session, so a professor sees recurring trouble at a glance (only from the course''s minimum of responses on).';

CREATE OR REPLACE FUNCTION public.set_me_too(p_course_id uuid, p_session text, p_submission_id uuid, p_on boolean, p_device_key text, p_ip_key text, p_own_token_hash text DEFAULT NULL::text, p_limits jsonb DEFAULT '{}'::jsonb)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.set_me_too(p_course_id uuid, p_session text, p_submission_id uuid, p_on boolean, p_device_key text, p_ip_key text, p_own_token_hash text, p_limits jsonb) is 'A student says "me too" to a text of their class session, or takes it back: checks, limits and the write in one call.';

CREATE OR REPLACE FUNCTION public.set_submission_hidden(ids uuid[], hidden boolean DEFAULT true)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with changed as (
    update public.submissions s
    set hidden_at = case when set_submission_hidden.hidden then coalesce(s.hidden_at, now()) end
    where s.id = any (set_submission_hidden.ids)
      and (s.hidden_at is null) = coalesce(set_submission_hidden.hidden, true)
    returning 1
  )
  select count(*)::integer from changed
$function$;
comment on function public.set_submission_hidden(ids uuid[], hidden boolean) is 'Lets the teaching team hide feedback from the public course page (or show it again) in one call; row-level security limits it to their courses.';

CREATE OR REPLACE FUNCTION public.shared_confusion(course_id uuid, session_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
comment on function public.shared_confusion(course_id uuid, session_id uuid) is 'What a class session found unclear, ranked by how many students share it, in confusion groups (the team''s corrections kept), for the course''s teaching team.';

CREATE OR REPLACE FUNCTION public.similar_user_stories(want text, max_items integer DEFAULT 5)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'iceScore', t.ice_score, 'status', t.status) order by t.score desc), '[]'::json)
  from (
    select s.id, s.title, s.ice_score, s.status, extensions.word_similarity(btrim(similar_user_stories.want), s.title) as score
    from public.user_stories s
    where s.merged_into_id is null
      and char_length(btrim(similar_user_stories.want)) >= 3
      and extensions.word_similarity(btrim(similar_user_stories.want), s.title) >= 0.3
    order by score desc, s.ice_score desc
    limit least(greatest(coalesce(similar_user_stories.max_items, 5), 1), 5)
  ) t
$function$;
comment on function public.similar_user_stories(want text, max_items integer) is 'Shows open stories that resemble the one being typed, so people vote instead of filing duplicates.';

CREATE OR REPLACE FUNCTION public.staff_email_domains()
 RETURNS TABLE(domain text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  return query select d.domain, d.created_at from private.staff_email_domains d order by d.domain;
end;
$function$;
comment on function public.staff_email_domains() is 'The e-mail domains whose addresses may become professors, for an app owner''s /admin screen.';

CREATE OR REPLACE FUNCTION public.start_next_term(course_id uuid, term text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  old public.courses;
  made public.courses;
  next_term text := regexp_replace(btrim(coalesce(start_next_term.term, '')), '\s+', ' ', 'g');
begin
  select * into old from public.courses c
  where c.id = start_next_term.course_id and c.id = any (array(select public.my_editable_course_ids()));
  if old.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;
  if char_length(next_term) not between 1 and 40 then
    raise exception 'Term is required (at most 40 characters)' using errcode = '22023';
  end if;
  insert into public.courses (
    owner_id, name, code, section, term, timezone, alarm_window_minutes, alarm_min_responses, alarm_lost_share,
    review_before_publishing, min_public_responses, retention_days, peer_confusion, lms_roles_join_team
  )
  values (
    old.owner_id, old.name, old.code, old.section, next_term, old.timezone, old.alarm_window_minutes,
    old.alarm_min_responses, old.alarm_lost_share, old.review_before_publishing, old.min_public_responses,
    old.retention_days, old.peer_confusion, old.lms_roles_join_team
  )
  returning * into made;
  insert into public.course_members (course_id, user_id, role, email)
  select made.id, m.user_id, m.role, m.email from public.course_members m where m.course_id = old.id;
  insert into public.course_invitations (course_id, email, role, invited_by)
  select made.id, i.email, i.role, i.invited_by from public.course_invitations i where i.course_id = old.id;
  return json_build_object('id', made.id, 'code', made.code, 'name', made.name, 'section', made.section, 'term', made.term);
end;
$function$;
comment on function public.start_next_term(course_id uuid, term text) is 'Start Next Term: a new course with the same code, name, section, settings and team for the given term, in one step.';

CREATE OR REPLACE FUNCTION public.submission_for_edit(p_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object(
    'id', s.id, 'kind', s.kind, 'courseId', s.course_id, 'sessionId', s.class_session_id,
    'editTokenHash', s.edit_token_hash,
    'open', cs.is_active and cs.expires_at > now(),
    'expiresAt', cs.expires_at,
    'createdAt', s.created_at, 'updatedAt', s.updated_at,
    'topic', case when s.kind = 'quick' then s.topic end,
    'confusion', s.confusion, 'difficultyLevel', s.difficulty_level,
    'mindAfterSession', s.mind_after_session, 'unclearParts', s.unclear_parts, 'wentWell', s.went_well,
    'pace', s.pace, 'challengeLevel', s.challenge_level,
    'clarityRating', s.clarity_rating, 'confidenceLevel', s.confidence_level
  )
  from public.submissions s
  join public.class_sessions cs on cs.id = s.class_session_id
  where s.id = p_id
$function$;
comment on function public.submission_for_edit(p_id uuid) is 'What the submissions edge function needs to check an edit token and prefill the edit form; it holds the token hash, so service role only.';

CREATE OR REPLACE FUNCTION public.take_out_of_confusion_group(course_id uuid, submission_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text private.grouped_texts;
  v_size integer;
  v_group uuid;
begin
  select t.* into v_text
  from private.grouped_texts t join public.class_sessions cs on cs.id = t.class_session_id
  where t.submission_id = take_out_of_confusion_group.submission_id and cs.course_id = take_out_of_confusion_group.course_id
    and take_out_of_confusion_group.course_id = any (array(select public.my_course_ids()));
  if v_text.submission_id is null then
    raise exception 'Text not found' using errcode = 'PT404';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('confusion groups ' || v_text.class_session_id::text, 0));
  select g.texts into v_size from private.confusion_groups g where g.id = v_text.group_id;
  if v_size <= 1 then
    raise exception 'This text is already alone in its group.' using errcode = '22023';
  end if;

  perform private.leave_confusion_group(v_text.submission_id);
  insert into private.confusion_groups (class_session_id) values (v_text.class_session_id) returning id into v_group;
  update private.grouped_texts t set group_id = v_group, placed_by = 'team' where t.submission_id = v_text.submission_id;
  perform private.join_confusion_group(v_group, v_text.class_session_id, v_text.terms);

  insert into public.confusion_group_edits (course_id, class_session_id, action, from_group_id, into_group_id, submission_id, made_by)
  values (take_out_of_confusion_group.course_id, v_text.class_session_id, 'take_out', v_text.group_id, v_group,
    v_text.submission_id, (select auth.uid()));
  return json_build_object('groupId', v_group);
end;
$function$;
comment on function public.take_out_of_confusion_group(course_id uuid, submission_id uuid) is 'The teaching team''s "Not this group": a text leaves its confusion group for one of its own, and stays there.';

CREATE OR REPLACE FUNCTION public.term_for(day date)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when extract(month from day) <= 5 then 'Spring '
    when extract(month from day) <= 7 then 'Summer '
    else 'Fall '
  end || extract(year from day)::int::text
$function$;
comment on function public.term_for(day date) is 'The term a date falls in (Spring: January to May, Summer: June and July, Fall: August to December), the default of a new course''s term.';

CREATE OR REPLACE FUNCTION public.term_report(course_id uuid, from_date date DEFAULT NULL::date, to_date date DEFAULT NULL::date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.courses;
  first_day date;
  last_day date;
  answer json;
begin
  select * into c from public.courses co
  where co.id = term_report.course_id and co.id = any (array(select public.my_course_ids()));
  if c.id is null then
    raise exception 'Course not found' using errcode = 'PT404';
  end if;

  select min(cs.session_date), max(cs.session_date) into first_day, last_day
  from public.class_sessions cs where cs.course_id = c.id;
  last_day := coalesce(term_report.to_date, last_day, (now() at time zone c.timezone)::date);
  -- Without a start, the whole term: its first session, but no more than 366 days before the end.
  first_day := coalesce(term_report.from_date, least(greatest(first_day, last_day - 366), last_day), last_day);
  if last_day < first_day then
    raise exception 'The report''s end date must not be before its start date.' using errcode = '22023';
  end if;
  if last_day - first_day > 366 then
    raise exception 'A report covers at most 366 days.' using errcode = '22023';
  end if;

  with term as (
    select cs.id, cs.session_date, cs.topic
    from public.class_sessions cs
    where cs.course_id = c.id and cs.session_date between first_day and last_day
  ),
  stats as (
    select t.id, t.session_date, t.topic, r.*, r.responses < c.min_public_responses as protected
    from term t
    cross join lateral (
      select sr.* from private.session_rollups sr where sr.session_id = t.id
      union all
      select l.* from private.session_rollup(t.id) l
      where not exists (select 1 from private.session_rollups sr where sr.session_id = t.id)
    ) r
  ),
  texts as (
    select (date_trunc('week', st.session_date::timestamp))::date as week_start, st.session_date, x.id, x.body, x.students
    from stats st
    cross join lateral unnest(st.text_ids, st.text_bodies, st.text_students) x(id, body, students)
    where not st.protected
  ),
  ranked as (
    select t.*, row_number() over (partition by t.week_start order by t.students desc, t.session_date, t.id) as rn
    from texts t
  ),
  peaks as (
    select st.id as session_id, st.session_date, p.*
    from stats st
    cross join lateral unnest(st.peak_starts, st.peak_ends, st.peak_recent, st.peak_lost, st.peak_shares)
      p(start_at, end_at, recent, lost, share)
    where not st.protected
  )
  select json_build_object(
    'courseId', c.id, 'code', c.code, 'name', c.name, 'from', first_day, 'to', last_day,
    'minResponses', c.min_public_responses, 'reviewBeforePublishing', c.review_before_publishing,
    'sessions', coalesce((
      select json_agg(json_build_object(
        'sessionId', st.id, 'sessionDate', st.session_date, 'topic', st.topic, 'count', st.responses,
        'sessionFeedbackCount', st.session_feedback, 'protected', st.protected,
        'meanClarity', case when not st.protected then st.mean_clarity end,
        'meanConfidence', case when not st.protected then st.mean_confidence end,
        'pace', case when not st.protected then st.pace end,
        'challenge', case when not st.protected then st.challenge end
      ) order by st.session_date)
      from stats st
    ), '[]'::json),
    'weeks', coalesce((
      select json_agg(json_build_object('weekStart', wk.week_start, 'confusions', wk.items) order by wk.week_start)
      from (
        select r.week_start, json_agg(json_build_object('text', r.body, 'students', r.students, 'sessionDate', r.session_date)
          order by r.rn) as items
        from ranked r where r.rn <= 3
        group by r.week_start
      ) wk
    ), '[]'::json),
    'notes', coalesce((
      select json_agg(json_build_object(
        'id', n.id, 'sessionId', n.session_id, 'sessionDate', t.session_date, 'body', n.body, 'createdAt', n.created_at,
        'checkQuestion', n.check_question, 'figures', public.follow_up_figures(n.id)
      ) order by t.session_date, n.created_at, n.id)
      from term t join public.session_notes n on n.session_id = t.id
    ), '[]'::json),
    'alarmPeaks', coalesce((
      select json_agg(json_build_object(
        'sessionId', p.session_id, 'sessionDate', p.session_date, 'startAt', p.start_at, 'endAt', p.end_at,
        'recent', p.recent, 'lost', p.lost, 'share', p.share
      ) order by p.session_date, p.start_at)
      from peaks p
    ), '[]'::json)
  )
  into answer;
  return answer;
end;
$function$;
comment on function public.term_report(course_id uuid, from_date date, to_date date) is 'A course''s term (or date range) for its teaching team: per session counts, means, pace and challenge, each week''s most shared confusions, the notes with their follow-up figures and the alarm''s peaks, under the dashboard''s moderation and small-class rules.';

CREATE OR REPLACE FUNCTION public.touch_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  return new;
end;
$function$;
comment on function public.touch_updated_at() is 'Trigger: sets updated_at on every update, so no client has to (or can fake it).';

CREATE OR REPLACE FUNCTION public.update_submission(p_id uuid, p_content jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.submissions s
  set topic = case when s.kind = 'quick' then p_content ->> 'topic' else s.topic end,
      confusion = case when s.kind = 'quick' then p_content ->> 'confusion' end,
      difficulty_level = case when s.kind = 'quick' then p_content ->> 'difficulty_level' end,
      mind_after_session = case when s.kind = 'session' then p_content ->> 'mind_after_session' end,
      unclear_parts = case when s.kind = 'session' then p_content ->> 'unclear_parts' end,
      went_well = case when s.kind = 'session' then p_content ->> 'went_well' end,
      pace = case when s.kind = 'session' then p_content ->> 'pace' end,
      challenge_level = case when s.kind = 'session' then p_content ->> 'challenge_level' end,
      clarity_rating = case when s.kind = 'session' then (p_content ->> 'clarity_rating')::smallint end,
      confidence_level = case when s.kind = 'session' then (p_content ->> 'confidence_level')::smallint end
  from public.class_sessions cs
  where s.id = p_id and cs.id = s.class_session_id and cs.is_active and cs.expires_at > now();
  return found;
end;
$function$;
comment on function public.update_submission(p_id uuid, p_content jsonb) is 'Lets a student (through the edge function, once it checked the edit token) change their feedback while its session is open.';

CREATE OR REPLACE FUNCTION public.vote_user_story(p_story_id uuid, p_token_hash text, p_up boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_story_session(p_token_hash);
  if not exists (select 1 from public.user_stories s where s.id = p_story_id and s.merged_into_id is null) then
    raise exception 'User story not found' using errcode = 'CP404';
  end if;
  if p_up then
    insert into public.user_story_upvotes (user_story_id, session_token_hash) values (p_story_id, p_token_hash)
    on conflict (user_story_id, session_token_hash) do nothing;
  else
    delete from public.user_story_upvotes v where v.user_story_id = p_story_id and v.session_token_hash = p_token_hash;
  end if;
  return json_build_object(
    'upvoteCount', (select count(*) from public.user_story_upvotes v where v.user_story_id = p_story_id),
    'hasUpvoted', p_up
  );
end;
$function$;
comment on function public.vote_user_story(p_story_id uuid, p_token_hash text, p_up boolean) is 'The user-stories edge function''s vote or unvote, one per story and token; service role only, after the function''s limits.';

CREATE OR REPLACE FUNCTION public.withdraw_reply(submission_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  withdrawn boolean;
begin
  if not exists (select 1 from public.submissions s where s.id = withdraw_reply.submission_id) then
    raise exception 'Submission not found' using errcode = 'PT404';
  end if;
  delete from public.submission_replies r where r.submission_id = withdraw_reply.submission_id;
  withdrawn := found;
  return json_build_object('submissionId', withdraw_reply.submission_id, 'withdrawn', withdrawn);
end;
$function$;
comment on function public.withdraw_reply(submission_id uuid) is 'A professor takes back their reply to one anonymous submission of their course.';

-- Indexes ---------------------------------------------------------------------------------------

CREATE INDEX class_summary_sends_open_idx ON private.class_summary_sends USING btree (status) WHERE (status = ANY (ARRAY['pending'::text, 'sending'::text, 'failed'::text]));

CREATE INDEX class_summary_sends_user_idx ON private.class_summary_sends USING btree (user_id);

CREATE INDEX confusion_group_terms_session_term_idx ON private.confusion_group_terms USING btree (class_session_id, term);

CREATE INDEX confusion_groups_class_session_id_idx ON private.confusion_groups USING btree (class_session_id);

CREATE INDEX grouped_texts_class_session_id_idx ON private.grouped_texts USING btree (class_session_id);

CREATE INDEX grouped_texts_group_id_idx ON private.grouped_texts USING btree (group_id);

CREATE INDEX lti_context_links_course_id ON private.lti_context_links USING btree (course_id);

CREATE INDEX lti_launch_refusals_created_at ON private.lti_launch_refusals USING btree (created_at);

CREATE INDEX lti_link_requests_expires_at ON private.lti_link_requests USING btree (expires_at);

CREATE INDEX lti_link_requests_platform_id ON private.lti_link_requests USING btree (platform_id);

CREATE INDEX lti_link_requests_user_id ON private.lti_link_requests USING btree (user_id);

CREATE INDEX lti_login_states_expires_at ON private.lti_login_states USING btree (expires_at);

CREATE INDEX lti_login_states_platform_id ON private.lti_login_states USING btree (platform_id);

CREATE UNIQUE INDEX lti_tool_keys_one_current ON private.lti_tool_keys USING btree ((true)) WHERE (retired_at IS NULL);

CREATE INDEX lti_tool_keys_retired_at ON private.lti_tool_keys USING btree (retired_at);

CREATE INDEX class_summary_subscriptions_user_idx ON public.class_summary_subscriptions USING btree (user_id);

CREATE INDEX confusion_group_edits_class_session_id_idx ON public.confusion_group_edits USING btree (class_session_id);

CREATE INDEX confusion_group_edits_course_id_idx ON public.confusion_group_edits USING btree (course_id);

CREATE INDEX confusion_group_edits_made_by_idx ON public.confusion_group_edits USING btree (made_by);

CREATE INDEX confusion_group_edits_submission_id_idx ON public.confusion_group_edits USING btree (submission_id);

CREATE INDEX course_invitations_email_idx ON public.course_invitations USING btree (email);

CREATE INDEX course_members_user_idx ON public.course_members USING btree (user_id, course_id) INCLUDE (role);

CREATE UNIQUE INDEX courses_code_section_term_unique ON public.courses USING btree (code_key, section_key, term_key);

CREATE INDEX courses_current_code_idx ON public.courses USING btree (code_key) WHERE (ended_at IS NULL);

CREATE INDEX courses_owner_id_idx ON public.courses USING btree (owner_id);

CREATE INDEX rate_limit_buckets_window_idx ON public.rate_limit_buckets USING btree (window_start);

CREATE INDEX session_notes_addressed_group_idx ON public.session_notes USING btree (addressed_group_id) WHERE (addressed_group_id IS NOT NULL);

CREATE INDEX session_notes_control_group_idx ON public.session_notes USING btree (control_group_id) WHERE (control_group_id IS NOT NULL);

CREATE INDEX session_notes_session_created_idx ON public.session_notes USING btree (session_id, created_at DESC);

CREATE INDEX submission_replies_session_idx ON public.submission_replies USING btree (class_session_id, updated_at);

CREATE INDEX submissions_course_created_idx ON public.submissions USING btree (course_id, created_at DESC) INCLUDE (topic_key, topic, confusion_level, kind);

CREATE UNIQUE INDEX submissions_edit_token_hash_key ON public.submissions USING btree (edit_token_hash);

CREATE INDEX submissions_pending_idx ON public.submissions USING btree (course_id) WHERE (reviewed_at IS NULL);

CREATE INDEX submissions_public_timeline_idx ON public.submissions USING btree (course_id, created_at DESC, id) WHERE (hidden_at IS NULL);

CREATE INDEX submissions_reviewed_idx ON public.submissions USING btree (course_id) WHERE (reviewed_at IS NOT NULL);

CREATE INDEX submissions_session_live_idx ON public.submissions USING btree (class_session_id, created_at) INCLUDE (updated_at, confusion_level);

CREATE INDEX topic_ratings_note_idx ON public.topic_ratings USING btree (note_id, side) INCLUDE (submission_id, rating);

CREATE INDEX user_stories_merged_into_idx ON public.user_stories USING btree (merged_into_id);

CREATE INDEX user_stories_ranking_idx ON public.user_stories USING btree (ice_score DESC, created_at) WHERE (merged_into_id IS NULL);

CREATE INDEX user_stories_session_token_idx ON public.user_stories USING btree (session_token_hash);

CREATE INDEX user_stories_title_trgm_idx ON public.user_stories USING gin (title extensions.gin_trgm_ops);

CREATE INDEX user_story_upvotes_token_idx ON public.user_story_upvotes USING btree (session_token_hash);

-- Triggers --------------------------------------------------------------------------------------

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_auth_user();

CREATE TRIGGER on_auth_user_signed_in_accept_invitations AFTER INSERT OR UPDATE OF last_sign_in_at, email_confirmed_at ON auth.users FOR EACH ROW EXECUTE FUNCTION private.accept_course_invitations();

CREATE TRIGGER session_rollups_after_end_moved AFTER UPDATE OF expires_at ON public.class_sessions FOR EACH ROW WHEN ((old.expires_at IS DISTINCT FROM new.expires_at)) EXECUTE FUNCTION private.session_rollups_after_session_end();

CREATE TRIGGER confusion_group_edits_drop_rollup AFTER INSERT ON public.confusion_group_edits FOR EACH ROW EXECUTE FUNCTION private.confusion_group_edit_drops_rollup();

CREATE TRIGGER course_members_drop_class_summary_subscription AFTER DELETE ON public.course_members FOR EACH ROW EXECUTE FUNCTION private.drop_class_summary_subscription();

CREATE TRIGGER courses_before_write BEFORE INSERT OR UPDATE ON public.courses FOR EACH ROW EXECUTE FUNCTION public.courses_before_write();

CREATE TRIGGER courses_lms_roles_owner_only BEFORE UPDATE OF lms_roles_join_team ON public.courses FOR EACH ROW EXECUTE FUNCTION public.courses_lms_roles_owner_only();

CREATE TRIGGER session_rollups_after_rules AFTER UPDATE OF review_before_publishing, alarm_window_minutes, alarm_min_responses, alarm_lost_share ON public.courses FOR EACH ROW WHEN (((old.review_before_publishing IS DISTINCT FROM new.review_before_publishing) OR (old.alarm_window_minutes IS DISTINCT FROM new.alarm_window_minutes) OR (old.alarm_min_responses IS DISTINCT FROM new.alarm_min_responses) OR (old.alarm_lost_share IS DISTINCT FROM new.alarm_lost_share))) EXECUTE FUNCTION private.session_rollups_after_course_rules();

CREATE TRIGGER session_rollups_after_delete AFTER DELETE ON public.me_too REFERENCING OLD TABLE AS before_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_me_too();

CREATE TRIGGER session_rollups_after_insert AFTER INSERT ON public.me_too REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_me_too();

CREATE TRIGGER session_rollups_after_delete AFTER DELETE ON public.me_too_tallies REFERENCING OLD TABLE AS before_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_me_too();

CREATE TRIGGER session_rollups_after_insert AFTER INSERT ON public.me_too_tallies REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_me_too();

CREATE TRIGGER session_rollups_after_update AFTER UPDATE ON public.me_too_tallies REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_me_too();

CREATE TRIGGER profiles_touch_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

CREATE TRIGGER session_notes_before_write BEFORE INSERT OR UPDATE ON public.session_notes FOR EACH ROW EXECUTE FUNCTION private.session_notes_before_write();

CREATE TRIGGER submission_replies_before_write BEFORE INSERT OR UPDATE ON public.submission_replies FOR EACH ROW EXECUTE FUNCTION private.submission_replies_before_write();

CREATE TRIGGER submission_replies_mark_reviewed AFTER INSERT OR UPDATE OF body ON public.submission_replies FOR EACH ROW EXECUTE FUNCTION private.submission_replies_mark_reviewed();

CREATE TRIGGER session_rollups_after_delete AFTER DELETE ON public.submissions REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_submissions_delete();

CREATE TRIGGER session_rollups_after_insert AFTER INSERT ON public.submissions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_submissions_insert();

CREATE TRIGGER session_rollups_after_update AFTER UPDATE ON public.submissions REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION private.session_rollups_after_submissions_update();

CREATE TRIGGER submissions_touch_updated_at BEFORE UPDATE ON public.submissions FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

CREATE TRIGGER topic_days_back_dated_insert AFTER INSERT ON public.submissions FOR EACH ROW WHEN (((new.confusion_level IS NOT NULL) AND (new.created_at < (clock_timestamp() - '12:00:00'::interval)))) EXECUTE FUNCTION private.topic_days_after_insert();

CREATE TRIGGER topic_days_delete AFTER DELETE ON public.submissions REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.topic_days_after_delete();

CREATE TRIGGER topic_days_old_update AFTER UPDATE OF course_id, created_at, kind, topic, difficulty_level, clarity_rating ON public.submissions FOR EACH ROW WHEN (((old.created_at < (clock_timestamp() - '12:00:00'::interval)) OR (new.created_at < (clock_timestamp() - '12:00:00'::interval)))) EXECUTE FUNCTION private.topic_days_after_update();

CREATE TRIGGER topic_days_truncate AFTER TRUNCATE ON public.submissions FOR EACH STATEMENT EXECUTE FUNCTION private.topic_days_after_truncate();

CREATE TRIGGER topic_ratings_before_insert BEFORE INSERT OR UPDATE ON public.topic_ratings FOR EACH ROW EXECUTE FUNCTION private.topic_ratings_before_insert();

CREATE TRIGGER user_stories_touch_updated_at BEFORE UPDATE ON public.user_stories FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- Policies --------------------------------------------------------------------------------------

create policy "owners see their own ownership" on public.app_owners
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "owners and co-instructors delete their courses' sessions" on public.class_sessions
  as permissive for delete to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids))));

create policy "owners and co-instructors update their courses' sessions" on public.class_sessions
  as permissive for update to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids))))
  with check ((course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids))));

create policy "teams read their courses' sessions" on public.class_sessions
  as permissive for select to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))));

create policy "members see their own summary subscriptions" on public.class_summary_subscriptions
  as permissive for select to authenticated
  using (((user_id = ( SELECT auth.uid() AS uid)) AND (course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids)))));

create policy "members subscribe themselves to their courses" on public.class_summary_subscriptions
  as permissive for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND (course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids)))));

create policy "members unsubscribe themselves" on public.class_summary_subscriptions
  as permissive for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "teams read their courses' group corrections" on public.confusion_group_edits
  as permissive for select to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))));

create policy "owners revoke their courses' invitations" on public.course_invitations
  as permissive for delete to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_owned_course_ids() AS my_owned_course_ids))));

create policy "owners see their courses' invitations" on public.course_invitations
  as permissive for select to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_owned_course_ids() AS my_owned_course_ids))));

create policy "owners remove members, members leave" on public.course_members
  as permissive for delete to authenticated
  using (((course_id = ANY (ARRAY( SELECT public.my_owned_course_ids() AS my_owned_course_ids))) OR (user_id = ( SELECT auth.uid() AS uid))));

create policy "teams see their members" on public.course_members
  as permissive for select to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))));

create policy "anyone can read course listings" on public.courses
  as permissive for select to anon, authenticated
  using (true);

create policy "owners and co-instructors update their courses" on public.courses
  as permissive for update to authenticated
  using ((id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids))))
  with check ((id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids))));

create policy "professors create their own courses" on public.courses
  as permissive for insert to authenticated
  with check ((owner_id = ( SELECT auth.uid() AS uid)));

create policy "professors delete their own courses" on public.courses
  as permissive for delete to authenticated
  using ((owner_id = ( SELECT auth.uid() AS uid)));

create policy "professors read their own profile" on public.profiles
  as permissive for select to authenticated
  using ((id = ( SELECT auth.uid() AS uid)));

create policy "professors update their own profile" on public.profiles
  as permissive for update to authenticated
  using ((id = ( SELECT auth.uid() AS uid)))
  with check ((id = ( SELECT auth.uid() AS uid)));

create policy "owners and co-instructors delete their sessions' notes" on public.session_notes
  as permissive for delete to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.class_sessions cs
  WHERE ((cs.id = session_notes.session_id) AND (cs.course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids)))))));

create policy "owners and co-instructors edit their sessions' notes" on public.session_notes
  as permissive for update to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.class_sessions cs
  WHERE ((cs.id = session_notes.session_id) AND (cs.course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids)))))))
  with check ((EXISTS ( SELECT 1
   FROM public.class_sessions cs
  WHERE ((cs.id = session_notes.session_id) AND (cs.course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids)))))));

create policy "owners and co-instructors write notes on their sessions" on public.session_notes
  as permissive for insert to authenticated
  with check ((EXISTS ( SELECT 1
   FROM public.class_sessions cs
  WHERE ((cs.id = session_notes.session_id) AND (cs.course_id = ANY (ARRAY( SELECT public.my_editable_course_ids() AS my_editable_course_ids)))))));

create policy "teams read their sessions' notes" on public.session_notes
  as permissive for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.class_sessions cs
  WHERE (cs.id = session_notes.session_id))));

create policy "professors edit replies to their courses' feedback" on public.submission_replies
  as permissive for update to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.submissions s
  WHERE (s.id = submission_replies.submission_id))))
  with check ((EXISTS ( SELECT 1
   FROM public.submissions s
  WHERE (s.id = submission_replies.submission_id))));

create policy "professors read replies to their courses' feedback" on public.submission_replies
  as permissive for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.submissions s
  WHERE (s.id = submission_replies.submission_id))));

create policy "professors reply to their courses' feedback" on public.submission_replies
  as permissive for insert to authenticated
  with check ((EXISTS ( SELECT 1
   FROM public.submissions s
  WHERE (s.id = submission_replies.submission_id))));

create policy "professors withdraw replies to their courses' feedback" on public.submission_replies
  as permissive for delete to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.submissions s
  WHERE (s.id = submission_replies.submission_id))));

create policy "professors mark their courses' feedback reviewed" on public.submissions
  as permissive for update to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))))
  with check ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))));

create policy "professors read their courses' feedback" on public.submissions
  as permissive for select to authenticated
  using ((course_id = ANY (ARRAY( SELECT public.my_course_ids() AS my_course_ids))));

create policy "anyone reads user stories" on public.user_stories
  as permissive for select to anon, authenticated
  using (true);

create policy "app owners delete user stories" on public.user_stories
  as permissive for delete to authenticated
  using (( SELECT public.is_app_owner() AS is_app_owner));

create policy "app owners edit open user stories" on public.user_stories
  as permissive for update to authenticated
  using ((( SELECT public.is_app_owner() AS is_app_owner) AND (merged_into_id IS NULL)))
  with check ((( SELECT public.is_app_owner() AS is_app_owner) AND (merged_into_id IS NULL)));

-- Grants ----------------------------------------------------------------------------------------

grant usage on schema private to service_role;
grant usage on schema public to anon, authenticated, postgres, public, service_role, supabase_auth_admin;
grant all on table private.confusion_group_terms to service_role;
grant all on table private.confusion_groups to service_role;
grant all on table private.confusion_session_terms to service_role;
grant all on table private.grouped_texts to service_role;
grant all on table private.lti_context_links to service_role;
grant all on table private.lti_launch_refusals to service_role;
grant all on table private.lti_link_requests to service_role;
grant all on table private.lti_login_states to service_role;
grant all on table private.lti_platforms to service_role;
grant all on table private.lti_tool_keys to service_role;
grant all on table private.session_rollups to service_role;
grant all on table private.staff_email_domains to service_role;
grant all on table private.topic_days to service_role;
grant all on table private.topic_days_state to service_role;
grant all on table public.anonymous_sessions to service_role;
grant select on table public.app_owners to authenticated;
grant all on table public.app_owners to service_role;
grant delete, select on table public.class_sessions to authenticated;
grant all on table public.class_sessions to service_role;
grant delete, select on table public.class_summary_subscriptions to authenticated;
grant all on table public.class_summary_subscriptions to service_role;
grant select on table public.confusion_group_edits to authenticated;
grant all on table public.confusion_group_edits to service_role;
grant delete, select on table public.course_invitations to authenticated;
grant all on table public.course_invitations to service_role;
grant delete, select on table public.course_members to authenticated;
grant all on table public.course_members to service_role;
grant delete on table public.courses to authenticated;
grant all on table public.courses to service_role;
grant all on table public.me_too to service_role;
grant all on table public.me_too_tallies to service_role;
grant select on table public.profiles to authenticated;
grant all on table public.profiles to service_role;
grant all on table public.rate_limit_buckets to service_role;
grant all on table public.reply_push_subscriptions to service_role;
grant delete, select on table public.session_notes to authenticated;
grant all on table public.session_notes to service_role;
grant delete, select on table public.submission_replies to authenticated;
grant all on table public.submission_replies to service_role;
grant all on table public.submissions to service_role;
grant all on table public.topic_ratings to service_role;
grant delete on table public.user_stories to authenticated;
grant all on table public.user_stories to service_role;
grant all on table public.user_story_upvotes to service_role;
grant execute on function private.class_day(tz text, at timestamp with time zone) to public;
grant execute on function private.delete_session_rate_limit_buckets(p_session_ids uuid[]) to public;
grant execute on function private.delete_stale_rate_limit_buckets(p_at timestamp with time zone) to public;
grant execute on function private.drop_session_rollups(p_sessions uuid[]) to service_role;
grant execute on function private.list_stories(p_token_hash text) to public;
grant execute on function private.new_access_token() to public;
grant execute on function private.open_session_for(p_course_id uuid, p_session text) to public;
grant execute on function private.prune_rate_limit_buckets() to public;
grant execute on function private.rate_limit_key(p_base text, p_scope text) to public;
grant execute on function private.rate_limited(p_message text, p_retry_after integer) to public;
grant execute on function private.require_story_session(p_token_hash text) to public;
grant execute on function private.roll_up_sessions(p_limit integer, p_course_id uuid) to service_role;
grant execute on function private.session_rollup(p_session_id uuid) to service_role;
grant execute on function private.story_json(s public.user_stories, p_token_hash text) to public;
grant execute on function private.submission_for_replay(p_edit_token_hash text) to service_role;
grant execute on function private.take_rate_limit(p_bucket text, p_key text, p_window timestamp with time zone, p_limit integer) to public;
grant execute on function private.token_hash(token text) to public;
grant execute on function public.active_session(course_id uuid) to authenticated, service_role;
grant execute on function public.add_staff_email_domain(p_domain text) to authenticated;
grant execute on function public.add_topic_ratings(p_submission_id uuid, p_note_id uuid, p_ratings jsonb) to service_role;
grant execute on function public.confusion_patterns(days integer, course_id uuid) to authenticated, service_role;
grant execute on function public.consume_rate_limit(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone) to service_role;
grant execute on function public.course_class_day(course_id uuid) to anon, authenticated, service_role;
grant execute on function public.course_notes(course_id uuid, max_items integer, session_id uuid) to anon, authenticated, service_role;
grant execute on function public.course_timeline(course_id uuid, max_items integer) to anon, authenticated, service_role;
grant execute on function public.courses_before_write() to service_role;
grant execute on function public.courses_lms_roles_owner_only() to service_role;
grant execute on function public.create_submission(p_course_id uuid, p_session text, p_kind text, p_content jsonb, p_edit_token_hash text, p_device_key text, p_ip_key text, p_limits jsonb) to service_role;
grant execute on function public.create_today_session(course_id uuid, topic text) to authenticated, service_role;
grant execute on function public.create_user_story(p_token_hash text, p_story jsonb) to service_role;
grant execute on function public.dashboard_stats(course_id uuid) to authenticated, service_role;
grant execute on function public.delete_course_feedback(course_id uuid) to authenticated, service_role;
grant execute on function public.delete_my_account() to authenticated, service_role;
grant execute on function public.end_term(course_id uuid) to authenticated, service_role;
grant execute on function public.follow_up_check(course_id uuid, session text) to anon, authenticated, service_role;
grant execute on function public.follow_up_figures(note_id uuid) to anon, authenticated, service_role;
grant execute on function public.get_class_session(session_id uuid) to anon, authenticated, service_role;
grant execute on function public.handle_new_auth_user() to service_role;
grant execute on function public.hook_before_user_created(event jsonb) to supabase_auth_admin;
grant execute on function public.invite_to_course(course_id uuid, email text, role text) to authenticated, service_role;
grant execute on function public.is_app_owner() to anon, authenticated, service_role;
grant execute on function public.link_lti_context(p_token text, p_course_id uuid) to authenticated, service_role;
grant execute on function public.list_user_stories(session_token text) to anon, authenticated, service_role;
grant execute on function public.live_session(course_id uuid, since text) to authenticated, service_role;
grant execute on function public.lti_link_request(p_token text) to authenticated, service_role;
grant execute on function public.lti_platforms_admin() to authenticated;
grant execute on function public.mark_reviewed(ids uuid[], reviewed boolean) to authenticated, service_role;
grant execute on function public.merge_confusion_groups(course_id uuid, group_id uuid, into_group_id uuid) to authenticated, service_role;
grant execute on function public.merge_user_stories(keep_id uuid, merge_id uuid) to authenticated, service_role;
grant execute on function public.my_course_ids() to authenticated, service_role;
grant execute on function public.my_courses() to authenticated, service_role;
grant execute on function public.my_editable_course_ids() to authenticated, service_role;
grant execute on function public.my_owned_course_ids() to authenticated, service_role;
grant execute on function public.normalize_course_code(raw text) to anon, authenticated, public, service_role;
grant execute on function public.open_story_board(p_token_hash text, p_new_token_hash text, p_ip_key text, p_tokens_per_minute integer, p_at timestamp with time zone) to service_role;
grant execute on function public.peer_confusion(p_course_id uuid, p_session text, p_device_key text, p_own_token_hash text) to service_role;
grant execute on function public.purge_expired_feedback(at timestamp with time zone) to service_role;
grant execute on function public.rate_limit_wait(p_bucket text, p_key text, p_window_seconds integer, p_limit integer, p_at timestamp with time zone) to service_role;
grant execute on function public.remove_lti_platform(p_id uuid) to authenticated;
grant execute on function public.remove_staff_email_domain(p_domain text) to authenticated;
grant execute on function public.reply_to_submission(submission_id uuid, body text) to authenticated, service_role;
grant execute on function public.resolve_class_token(token text) to anon, authenticated, service_role;
grant execute on function public.save_lti_platform(p_id uuid, p_name text, p_issuer text, p_client_id text, p_deployment_ids text[], p_auth_login_url text, p_jwks_url text, p_token_url text, p_email_domains text[]) to authenticated;
grant execute on function public.search_courses(code text) to anon, authenticated, service_role;
grant execute on function public.session_insights(course_id uuid, days integer, max_sessions integer) to authenticated, service_role;
grant execute on function public.session_top_terms(p_session_id uuid, p_limit integer) to authenticated, service_role;
grant execute on function public.set_me_too(p_course_id uuid, p_session text, p_submission_id uuid, p_on boolean, p_device_key text, p_ip_key text, p_own_token_hash text, p_limits jsonb) to service_role;
grant execute on function public.set_submission_hidden(ids uuid[], hidden boolean) to authenticated, service_role;
grant execute on function public.shared_confusion(course_id uuid, session_id uuid) to authenticated, service_role;
grant execute on function public.similar_user_stories(want text, max_items integer) to anon, authenticated, service_role;
grant execute on function public.staff_email_domains() to authenticated;
grant execute on function public.start_next_term(course_id uuid, term text) to authenticated, service_role;
grant execute on function public.submission_for_edit(p_id uuid) to service_role;
grant execute on function public.take_out_of_confusion_group(course_id uuid, submission_id uuid) to authenticated, service_role;
grant execute on function public.term_for(day date) to anon, authenticated, public, service_role;
grant execute on function public.term_report(course_id uuid, from_date date, to_date date) to authenticated, service_role;
grant execute on function public.touch_updated_at() to service_role;
grant execute on function public.update_submission(p_id uuid, p_content jsonb) to service_role;
grant execute on function public.vote_user_story(p_story_id uuid, p_token_hash text, p_up boolean) to service_role;
grant execute on function public.withdraw_reply(submission_id uuid) to authenticated, service_role;
grant update (is_active, topic) on table public.class_sessions to authenticated;
grant insert (course_id, user_id) on table public.class_summary_subscriptions to authenticated;
grant select (id, name, code, code_key, section, term, ended_at) on table public.courses to anon, authenticated;
grant insert (name, code, timezone, alarm_window_minutes, alarm_min_responses, alarm_lost_share, review_before_publishing, min_public_responses, retention_days, peer_confusion, lms_roles_join_team, section, term) on table public.courses to authenticated;
grant update (name, code, timezone, alarm_window_minutes, alarm_min_responses, alarm_lost_share, review_before_publishing, min_public_responses, retention_days, peer_confusion, lms_roles_join_team, section, term) on table public.courses to authenticated;
grant update (first_name, last_name, profile_image_url, display_name) on table public.profiles to authenticated;
grant insert (session_id, body, check_question, addressed_topic, addressed_group_id, control_topic, control_group_id) on table public.session_notes to authenticated;
grant update (body, check_question) on table public.session_notes to authenticated;
grant insert (submission_id, body) on table public.submission_replies to authenticated;
grant update (body) on table public.submission_replies to authenticated;
grant select (id, course_id, class_session_id, kind, reviewed_at, created_at, updated_at, topic, confusion, difficulty_level, mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, confusion_level, confusion_text, topic_key, hidden_at) on table public.submissions to authenticated;
grant update (reviewed_at, hidden_at) on table public.submissions to authenticated;
grant select (id, title, description, submitted_by, impact, confidence, ease, ice_score, status, merged_into_id, created_at, updated_at) on table public.user_stories to anon, authenticated;
grant update (title, description, submitted_by, impact, confidence, ease, status) on table public.user_stories to authenticated;

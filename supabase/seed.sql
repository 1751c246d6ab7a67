-- Demo data for the local stack (never pushed to a hosted project): a professor who is also the
-- app owner, two courses with class sessions over the last ten weeks (today included), about 400
-- submissions of both kinds, and a dozen user stories in every status with votes.
-- The demo professor signs in with the e-mail code that `npm start` prints.

select setseed(0.1337);

-- The demo courses' time zone: America/Chicago, unless whoever loads the seed set another (the test
-- runner does, to keep its run clear of the zone's midnight).
select set_config('classpulse.demo_time_zone',
  coalesce(nullif(current_setting('classpulse.demo_time_zone', true), ''), 'America/Chicago'), false);

insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values (
  '00000000-0000-0000-0000-000000000000',
  '11111111-1111-4111-8111-111111111111',
  'authenticated', 'authenticated', 'professor@example.edu', now(),
  '{"provider": "email", "providers": ["email"]}',
  '{"first_name": "Ada", "last_name": "Lovelace"}',
  now() - interval '90 days', now()
);

insert into public.app_owners (user_id) values ('11111111-1111-4111-8111-111111111111');

insert into public.courses (id, owner_id, name, code, timezone, created_at) values
  ('c0000000-0000-4000-8000-000000001337', '11111111-1111-4111-8111-111111111111', 'Introduction to Programming', 'COSC 1337', current_setting('classpulse.demo_time_zone'), now() - interval '80 days'),
  ('c0000000-0000-4000-8000-000000002413', '11111111-1111-4111-8111-111111111111', 'Calculus I', 'MATH 2413', current_setting('classpulse.demo_time_zone'), now() - interval '80 days');

-- Sessions: COSC 1337 meets Monday, Wednesday and Friday; MATH 2413 Tuesday and Thursday; both
-- have a session today so the class links work on first start.
with days as (
  select c.id as course_id, c.code, c.timezone, d::date as session_date
  from public.courses c
  cross join generate_series(
    (now() at time zone current_setting('classpulse.demo_time_zone'))::date - 70,
    (now() at time zone current_setting('classpulse.demo_time_zone'))::date,
    interval '1 day'
  ) d
  where (c.code = 'COSC 1337' and extract(isodow from d) in (1, 3, 5))
     or (c.code = 'MATH 2413' and extract(isodow from d) in (2, 4))
     or d::date = (now() at time zone current_setting('classpulse.demo_time_zone'))::date
)
insert into public.class_sessions (course_id, session_date, expires_at, topic, created_at)
select course_id, session_date,
  ((session_date + 1)::timestamp at time zone timezone) - interval '1 millisecond',
  case when random() < 0.6 then
    case code
      when 'COSC 1337' then (array['Recursion', 'Loops and iteration', 'Arrays', 'Pointers and references', 'Classes and objects', 'Big O notation', 'Debugging techniques', 'Sorting algorithms'])[1 + floor(random() * 8)::int]
      else (array['Limits', 'Derivatives', 'Chain rule', 'Implicit differentiation', 'Related rates', 'Integrals', 'Optimization'])[1 + floor(random() * 7)::int]
    end
  end,
  (session_date::timestamp at time zone timezone) + interval '8 hours'
from days;

-- Submissions: a class-sized handful per session, most of them in the hour after class.
with topics(course_code, topic, texts) as (
  values
    ('COSC 1337', 'Recursion', array[
      'I do not understand how the base case stops the recursion from running forever.',
      'The call stack diagram for factorial went too fast; I lost track of which call returns first.',
      'Why does the recursive Fibonacci take so long compared to the loop version?']),
    ('COSC 1337', 'Loops and iteration', array[
      'When should I use a while loop instead of a for loop? They seem interchangeable.',
      'Off-by-one errors keep happening in my loops and I cannot see why.',
      'Nested loops confuse me: which variable changes faster?']),
    ('COSC 1337', 'Arrays', array[
      'Why do arrays start at index zero? It keeps tripping me up.',
      'I am confused about the difference between the length of an array and its last index.',
      'Copying an array changed the original too, and I do not understand why.']),
    ('COSC 1337', 'Pointers and references', array[
      'What is the difference between passing by value and passing by reference?',
      'I do not get why changing the parameter inside the method changed my object outside.',
      'The memory diagram with arrows was hard to follow.']),
    ('COSC 1337', 'Classes and objects', array[
      'What exactly does the constructor do, and when is it called?',
      'I am lost on the difference between static and instance methods.',
      'Why do we make fields private and then write getters for them?']),
    ('COSC 1337', 'Big O notation', array[
      'How do you decide that a nested loop is O(n squared) and not O(2n)?',
      'Why do we drop the constants in Big O? 100n seems slower than n.',
      'I could not follow how binary search becomes O(log n).']),
    ('MATH 2413', 'Limits', array[
      'I do not see why the limit exists when the function is not defined at that point.',
      'One-sided limits versus two-sided limits: when do they differ?',
      'The epsilon-delta definition went completely over my head.']),
    ('MATH 2413', 'Derivatives', array[
      'Why is the derivative the slope of the tangent line and not the secant line?',
      'I keep mixing up the power rule and the product rule.',
      'How do you know when a function is not differentiable at a point?']),
    ('MATH 2413', 'Chain rule', array[
      'I never know which function is the inside and which is the outside.',
      'Applying the chain rule twice in one problem lost me completely.',
      'Why do we multiply by the derivative of the inside function?']),
    ('MATH 2413', 'Related rates', array[
      'Setting up the equation is the hard part; I do not know where to start.',
      'The ladder sliding down the wall example moved too fast.',
      'When do we plug in the numbers: before or after differentiating?']),
    ('MATH 2413', 'Integrals', array[
      'What does the constant of integration actually mean?',
      'Riemann sums and the definite integral: how are they connected?',
      'u-substitution: how do I choose u?'])
),
slots as (
  select s.id as session_id, s.course_id, c.code, s.session_date, s.topic as session_topic, c.timezone,
    g as n,
    -- Today's sessions have only a few submissions so far.
    case when s.session_date = (now() at time zone c.timezone)::date then 4 else 5 + floor(random() * 9)::int end as size
  from public.class_sessions s
  join public.courses c on c.id = s.course_id
  cross join generate_series(1, 13) g
),
picked as (
  select sl.*, t.topic, t.texts, random() as r_kind, random() as r_text, random() as r_level, random() as r_time,
    random() as r_a, random() as r_b, random() as r_c
  from slots sl
  cross join lateral (
    select tp.topic, tp.texts from topics tp
    where tp.course_code = sl.code
    order by case when tp.topic = sl.session_topic then 0 else 1 end, random()
    limit 1
  ) t
  where sl.n <= sl.size
)
insert into public.submissions (
  course_id, class_session_id, kind, edit_token_hash, created_at, updated_at, reviewed_at, topic, confusion, difficulty_level,
  mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level
)
select
  p.course_id, p.session_id, kind, encode(extensions.digest(extensions.gen_random_bytes(32), 'sha256'), 'hex'),
  created, created,
  case when created < now() - interval '10 days' and p.r_a < 0.85 then created + interval '2 days' end,
  case when kind = 'quick' then p.topic else coalesce(p.session_topic, 'Session feedback') end,
  case when kind = 'quick' then p.texts[1 + floor(p.r_text * 3)::int] end,
  case when kind = 'quick' then (array['slightly', 'very', 'completely'])[1 + floor(p.r_level * 3)::int] end,
  case when kind = 'session' then (array[
    'Mostly the examples at the end.', 'I need to review my notes before the homework.',
    'The worked problem on the board.', 'Whether this will be on the exam.', 'The idea finally clicked for me.'
  ])[1 + floor(p.r_b * 5)::int] end,
  case when kind = 'session' then p.texts[1 + floor(p.r_text * 3)::int] end,
  case when kind = 'session' then (array[
    'The live coding demo helped a lot.', 'Clear slides and good pacing at the start.',
    'The practice questions in pairs.', 'Great real-world examples.', 'Answering questions during class.'
  ])[1 + floor(p.r_c * 5)::int] end,
  case when kind = 'session' then (array['too_slow', 'slightly_slow', 'just_right', 'just_right', 'slightly_fast', 'too_fast'])[1 + floor(p.r_b * 6)::int] end,
  case when kind = 'session' then (array['far_too_easy', 'slightly_easy', 'challenging_manageable', 'challenging_manageable', 'slightly_hard', 'far_too_hard'])[1 + floor(p.r_c * 6)::int] end,
  case when kind = 'session' then 1 + floor(p.r_level * 7)::int end,
  case when kind = 'session' then 5 * floor(p.r_a * 21)::int end
from picked p
cross join lateral (select case when p.r_kind < 0.6 then 'quick' else 'session' end as kind) k
cross join lateral (
  select least(
    ((p.session_date::timestamp at time zone p.timezone) + interval '11 hours' + p.r_time * interval '90 minutes'),
    now() - interval '1 minute' * (1 + p.n)
  ) as created
) t;

-- User stories: twelve suggestions across all six statuses, with votes from eight visitors.
insert into public.anonymous_sessions (anonymous_token_hash)
select encode(extensions.digest('demo-voter-' || g, 'sha256'), 'hex') from generate_series(1, 8) g;

with stories(role, want, benefit, submitted_by, impact, confidence, ease, status, votes, age_days) as (
  values
    ('professor', 'see which topics confused students across the whole semester', 'I can plan review sessions before exams', 'Dr. Rivera', 9, 8, 6, 'in_progress', 7, 40),
    ('student', 'get a reminder when my professor posts today''s feedback link', 'I do not forget to share what confused me', null, 7, 6, 8, 'accepted', 6, 35),
    ('professor', 'export feedback to a spreadsheet', 'I can share trends with my teaching assistants', 'Prof. Chen', 8, 9, 9, 'done', 5, 60),
    ('teaching assistant', 'see the feedback for the sections I lead', 'I can prepare my recitation around real questions', 'Sam', 8, 7, 5, 'in_review', 4, 20),
    ('department chair', 'see anonymous confusion trends across courses', 'I can support instructors where students struggle most', null, 7, 5, 4, 'submitted', 3, 12),
    ('student', 'attach a screenshot of the slide I did not understand', 'my professor knows exactly what I mean', 'Jordan', 6, 5, 3, 'on_hold', 2, 30),
    ('college admin', 'turn ClassPulse on for every course in my college at once', 'instructors do not have to set it up themselves', null, 6, 4, 3, 'submitted', 1, 8),
    ('professor', 'schedule class links for the whole term', 'I do not have to create a link before every lecture', 'Dr. Okafor', 8, 8, 7, 'accepted', 4, 25),
    ('partner', 'embed the feedback form in our learning management system', 'students find it where they already work', null, 7, 6, 4, 'in_review', 2, 15),
    ('stakeholder', 'see how many courses use ClassPulse each week', 'I can report adoption to the board', null, 5, 7, 8, 'submitted', 1, 5),
    ('app administrator/owner', 'merge duplicate suggestions', 'the board stays easy to read', null, 6, 9, 8, 'done', 3, 50),
    ('student', 'see that my professor read my feedback', 'I know speaking up makes a difference', 'Priya', 8, 6, 7, 'submitted', 5, 3)
),
inserted as (
  insert into public.user_stories (title, description, submitted_by, impact, confidence, ease, status, session_token_hash, created_at, updated_at)
  select
    format('As a %s, I want to %s', role, want),
    format('As a %s, I want to %s, so that %s.', role, want, benefit),
    submitted_by, impact, confidence, ease, status,
    encode(extensions.digest('demo-voter-' || (1 + votes % 8), 'sha256'), 'hex'),
    now() - make_interval(days => age_days), now() - make_interval(days => age_days)
  from stories
  returning id, title
)
insert into public.user_story_upvotes (user_story_id, session_token_hash)
select i.id, encode(extensions.digest('demo-voter-' || v, 'sha256'), 'hex')
from inserted i
join stories st on i.title = format('As a %s, I want to %s', st.role, st.want)
cross join generate_series(1, st.votes) v;

-- Closing the loop ----------------------------------------------------------------------------
-- Replies and "you said, we did" notes on COSC 1337, so the live view, a student's own submission
-- and the course page show the loop at once. Fixed ids and `on conflict do nothing`: running this
-- block again adds nothing.

-- Replies: to the first two pieces of feedback of today's session (both in its first batch of
-- three in the live view) and to the first of each of the three sessions before it, a day after
-- the feedback (never later than now). A reply marks its submission reviewed.
with sessions as (
  select cs.id, dense_rank() over (order by cs.session_date desc) as day
  from public.class_sessions cs
  where cs.course_id = 'c0000000-0000-4000-8000-000000001337'
),
feedback as (
  select s.id, s.created_at, se.day, row_number() over (partition by se.id order by s.created_at, s.id) as n
  from sessions se
  join public.submissions s on s.class_session_id = se.id
  where se.day <= 4
),
replies(day, n, body) as (
  values
    (1, 1, 'Good question: I will start the next class with exactly this, on the board, step by step.'),
    (1, 2, 'Thanks for saying so. I posted two short practice problems on this with this week''s materials.'),
    (2, 1, 'You were not the only one. We will go over it again at the start of the next class, and the slides are updated.'),
    (3, 1, 'I recorded a five-minute walkthrough of this; the link is on the course page.'),
    (4, 1, 'Office hours this week are about exactly this. Bring the example you got stuck on.')
)
insert into public.submission_replies (submission_id, body, created_at, updated_at)
select f.id, r.body, t.at, t.at
from feedback f
join replies r on r.day = f.day and r.n = f.n
cross join lateral (select least(f.created_at + interval '1 day', now()) as at) t
on conflict (submission_id) do nothing;

-- Notes on the three sessions before today's, posted the morning after each (never later than now).
-- The oldest names the confusion it answered and a control ("Did it work?"), and the next
-- session's students rated both: the verdict shows on the course page and in the term report.
with sessions as (
  select cs.id, cs.session_date, dense_rank() over (order by cs.session_date desc) as day
  from public.class_sessions cs
  where cs.course_id = 'c0000000-0000-4000-8000-000000001337'
),
notes(id, day, body, addressed_topic, control_topic) as (
  values
    ('d0000000-0000-4000-8000-000000000001'::uuid, 2,
     'You said the last example went by too fast. We did: the next class begins by tracing it again, one call at a time, and the slides now show every step.',
     null, null),
    ('d0000000-0000-4000-8000-000000000002'::uuid, 3,
     'You asked for more practice before the homework. We did: five extra problems with worked solutions are on the course page.',
     null, null),
    ('d0000000-0000-4000-8000-000000000003'::uuid, 4,
     'Several of you were unsure which loop to use when. We did: a one-page guide comparing for, while and do-while, handed out in class and posted online.',
     'choosing a loop', 'off-by-one errors')
)
insert into public.session_notes (id, session_id, body, addressed_topic, control_topic, created_at, updated_at)
select n.id, s.id, n.body, n.addressed_topic, n.control_topic, t.at, t.at
from notes n
join sessions s on s.day = n.day
cross join lateral (
  select least((s.session_date::timestamp at time zone current_setting('classpulse.demo_time_zone')) + interval '1 day 9 hours', now() - interval '1 hour') as at
) t
on conflict (id) do nothing;

-- The next session's students rated the loop note's topics: choosing a loop 4 to 6, off-by-one
-- errors 2 to 4 (a different spread per student, so the interval has a width).
with next_session as (
  select cs.id
  from public.class_sessions cs
  where cs.course_id = 'c0000000-0000-4000-8000-000000001337'
  order by cs.session_date desc
  offset 2 limit 1
),
students as (
  select s.id, row_number() over (order by s.created_at, s.id) as n
  from public.submissions s join next_session ns on ns.id = s.class_session_id
)
insert into public.topic_ratings (submission_id, note_id, side, rating)
select st.id, 'd0000000-0000-4000-8000-000000000003', r.side,
  case r.side when 'addressed' then 4 + st.n % 3 else 2 + (st.n * 2) % 3 end
from students st cross join (values ('addressed'), ('control')) r(side)
on conflict do nothing;

-- "Me too" --------------------------------------------------------------------------------------
-- COSC 1337 lets students see and +1 each other's confusion. Today's session gets four texts
-- that say two things in four ways (the shared-confusion view groups them) and "me too"s from
-- other devices (random keyed hashes, as the function would store). Sent before the rest of the
-- day's feedback, so they are in its first batches of three and shown at once.
update public.courses set peer_confusion = true where id = 'c0000000-0000-4000-8000-000000001337';

with today as (
  select cs.id, cs.session_date
  from public.class_sessions cs
  where cs.course_id = 'c0000000-0000-4000-8000-000000001337'
    and cs.session_date = (now() at time zone current_setting('classpulse.demo_time_zone'))::date
),
texts(n, confusion, me_toos) as (
  values
    (1, 'Why does recursion need a base case at all?', 6),
    (2, 'The base case of the recursion is still unclear to me.', 2),
    (3, 'What exactly is a stack frame in a recursive call?', 3),
    (4, 'How many stack frames does a recursive call create?', 1)
),
inserted as (
  insert into public.submissions (course_id, class_session_id, kind, edit_token_hash, created_at, updated_at, topic, confusion, difficulty_level)
  select 'c0000000-0000-4000-8000-000000001337', t.id, 'quick', encode(extensions.digest(extensions.gen_random_bytes(32), 'sha256'), 'hex'),
    w.sent, w.sent, 'Recursion', x.confusion, 'very'
  from today t
  cross join texts x
  cross join lateral (
    select least((t.session_date::timestamp at time zone current_setting('classpulse.demo_time_zone')) + interval '10 hours' + x.n * interval '1 minute',
      now() - interval '3 hours' + x.n * interval '1 minute') as sent
  ) w
  returning id, confusion
)
insert into public.me_too (submission_id, device_hash)
select i.id, encode(extensions.digest(extensions.gen_random_bytes(32), 'sha256'), 'hex')
from inserted i
join texts x on x.confusion = i.confusion
cross join lateral generate_series(1, x.me_toos);

-- One deployment for a department: a second professor teaches another section of COSC 1337 this
-- term, so course search shows both sections with the names their professors chose to show.
-- Added last, so the demo's sessions and feedback above stay with the first course.
insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values (
  '00000000-0000-0000-0000-000000000000',
  '22222222-2222-4222-8222-222222222222',
  'authenticated', 'authenticated', 'pat.lee@example.edu', now(),
  '{"provider": "email", "providers": ["email"]}',
  '{"first_name": "Pat", "last_name": "Lee"}',
  now() - interval '60 days', now()
);
update public.profiles set display_name = 'Dr. Ada Lovelace' where id = '11111111-1111-4111-8111-111111111111';
update public.profiles set display_name = 'Dr. Pat Lee' where id = '22222222-2222-4222-8222-222222222222';
insert into public.courses (id, owner_id, name, code, section, timezone, created_at) values
  ('c0000000-0000-4000-8000-000000021337', '22222222-2222-4222-8222-222222222222', 'Introduction to Programming', 'COSC 1337', '002',
    current_setting('classpulse.demo_time_zone'), now() - interval '60 days');

-- Professor analytics, computed in SQL so every client gets the same answer fast. Each function
-- now lives in a later migration, beside what it reads; they check the caller's team with
-- my_course_ids() and run with definer's rights where they read what the caller cannot.

-- dashboard_stats(course_id?), the headline counts of a professor's dashboard, is defined in
-- …_dashboard_stats_counts.sql: it counts on a partial index added after this file.

-- confusion_patterns(days, course_id?), the top confusing topics, is defined in …_topic_days.sql:
-- it reads a daily roll-up of the responses, added after this file.

-- session_top_terms(session_id, max_terms) and session_insights(course_id?, days, max_sessions),
-- Session Insights, are defined in …_moderation.sql: they withhold the breakdowns of sessions below
-- the course's minimum of responses, a setting added after this file.

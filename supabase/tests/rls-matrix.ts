// What the access matrix of rls.test.ts covers: every table and view, and every function, of
// schema `public`. rls.test.ts checks that its matrix has exactly these entries, and
// catalog.test.ts that the database has no others, so a new table or function fails the tests
// until the matrix says who may use it.

export const MATRIX_TABLES = [
  'profiles',
  'courses',
  'class_sessions',
  'submissions',
  'rate_limit_buckets',
  'user_stories',
  'user_story_upvotes',
  'anonymous_sessions',
  'app_owners',
  'submission_replies',
  'session_notes',
  'course_members',
  'course_invitations',
  'reply_push_subscriptions',
  'me_too',
  'me_too_tallies',
  'class_summary_subscriptions',
  'follow_up_answers',
] as const;

/** Functions called over /rpc (or by the edge functions): each has a row of the function matrix. */
export const MATRIX_FUNCTIONS = [
  'normalize_course_code',
  'search_courses',
  'my_course_ids',
  'my_editable_course_ids',
  'my_owned_course_ids',
  'invite_to_course',
  'my_courses',
  'end_term',
  'start_next_term',
  'term_for',
  'create_today_session',
  'active_session',
  'resolve_class_token',
  'get_class_session',
  'mark_reviewed',
  'set_submission_hidden',
  'course_timeline',
  'consume_rate_limit',
  'rate_limit_wait',
  'create_submission',
  'submission_for_edit',
  'update_submission',
  'dashboard_stats',
  'confusion_patterns',
  'session_top_terms',
  'session_insights',
  'is_app_owner',
  'list_user_stories',
  'similar_user_stories',
  'merge_user_stories',
  'create_user_story',
  'vote_user_story',
  'open_story_board',
  'reply_to_submission',
  'withdraw_reply',
  'course_notes',
  'follow_up_check',
  'course_class_day',
  'follow_up_figures',
  'live_session',
  'purge_expired_feedback',
  'delete_course_feedback',
  'delete_my_account',
  'peer_confusion',
  'set_me_too',
  'shared_confusion',
  'term_report',
  'lti_link_request',
  'link_lti_context',
  'lti_platforms_admin',
  'save_lti_platform',
  'remove_lti_platform',
  'staff_email_domains',
  'add_staff_email_domain',
  'remove_staff_email_domain',
  'hook_before_user_created',
] as const;

/** Trigger functions: no one calls them; the matrix checks no API role may, and what fires them. */
export const MATRIX_TRIGGER_FUNCTIONS = [
  'touch_updated_at',
  'handle_new_auth_user',
  'courses_before_write',
  'courses_lms_roles_owner_only',
] as const;

export type MatrixTable = (typeof MATRIX_TABLES)[number];
export type MatrixFunction = (typeof MATRIX_FUNCTIONS)[number];
export type MatrixTriggerFunction = (typeof MATRIX_TRIGGER_FUNCTIONS)[number];

import { msg } from '../../../i18n/msg';

/** One table of the database, as the privacy page describes it. */
export interface InventoryTable {
  schema: 'public' | 'private';
  name: string;
  /** What one row is, in plain words. */
  holds: string;
  /** Who reads it through the app. */
  readBy: string;
  /** When its rows are deleted. */
  kept: string;
  /** Every column, as the database names them. */
  columns: readonly string[];
}

// Reused answers, so a sentence is written (and translated) once.
const TEAM = msg("The course's teaching team.");
const FUNCTIONS_ONLY = msg("Only ClassPulse's server functions; no person through the app.");
const WITH_SUBMISSION = msg('Deleted with its feedback.');
const WITH_COURSE = msg('Deleted with its course.');
const WITH_SESSION = msg('Deleted with its class session.');
const GROUPS = msg('The teaching team, only as the confusion groups of the live view, Session Insights and the after-class e-mail.');
const UNTIL_ACCOUNT = msg('Until the account is deleted.');

/**
 * Every table the migrations create, and every column: the privacy page renders this list, and
 * supabase/tests/privacy-inventory.test.ts fails when the database holds a table or column it does
 * not name (or names one the database no longer has).
 */
export const DATA_INVENTORY: readonly InventoryTable[] = [
  {
    schema: 'public',
    name: 'submissions',
    holds: msg(
      "Students' feedback: the course, the class session, the answers of the form, when it was sent and edited, whether the team reviewed or hid it, and the hash of its private link (also the key that stops a resent submission from being stored twice).",
    ),
    readBy: msg(
      'The teaching team reads the feedback and when it was sent; the student who holds the private link reads their own; the public course page shows the topic, text, difficulty and time of some (see above).',
    ),
    kept: msg(
      "Until the course's retention setting deletes it (by default 180 days after the course's last class), the team deletes all of the course's feedback, or the course is deleted.",
    ),
    columns: [
      'id',
      'course_id',
      'class_session_id',
      'kind',
      'edit_token_hash',
      'reviewed_at',
      'created_at',
      'updated_at',
      'topic',
      'confusion',
      'difficulty_level',
      'mind_after_session',
      'unclear_parts',
      'went_well',
      'pace',
      'challenge_level',
      'clarity_rating',
      'confidence_level',
      'confusion_level',
      'confusion_text',
      'topic_key',
      'hidden_at',
    ],
  },
  {
    schema: 'public',
    name: 'submission_replies',
    holds: msg("A professor's reply to one piece of feedback."),
    readBy: msg('The teaching team, and the student who holds the private link.'),
    kept: WITH_SUBMISSION,
    columns: ['submission_id', 'class_session_id', 'body', 'created_at', 'updated_at'],
  },
  {
    schema: 'public',
    name: 'reply_push_subscriptions',
    holds: msg(
      "Where to send one notification when a professor replies, if the student asked for it: the browser's push address and keys, tied to the feedback only.",
    ),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Deleted once the notification is sent, when the student turns it off, or with its feedback.'),
    columns: ['submission_id', 'endpoint', 'p256dh', 'auth', 'created_at'],
  },
  {
    schema: 'public',
    name: 'class_summary_subscriptions',
    holds: msg('Which team members asked for an e-mail summary after each class of a course.'),
    readBy: msg('The team member themselves.'),
    kept: msg('Until the member turns it off, unsubscribes from an e-mail, or leaves the team, or with the course or account.'),
    columns: ['course_id', 'user_id', 'created_at'],
  },
  {
    schema: 'public',
    name: 'me_too',
    holds: msg('A "me too" on a text of the same class session: the text and a keyed hash of the device for that session only.'),
    readBy: FUNCTIONS_ONLY,
    kept: msg('48 hours after the class session was created, when only the count is kept (next table), or with its feedback.'),
    columns: ['submission_id', 'device_hash'],
  },
  {
    schema: 'public',
    name: 'me_too_tallies',
    holds: msg('How many "me too"s a text had once the device hashes were deleted: a number, nothing else.'),
    readBy: msg('The teaching team sees the count; students see it beside the text.'),
    kept: WITH_SUBMISSION,
    columns: ['submission_id', 'me_toos'],
  },
  {
    schema: 'public',
    name: 'confusion_group_edits',
    holds: msg(
      "The teaching team's corrections of a class session's confusion groups: which group was merged into which, or which text was taken out of its group, who made the correction and when.",
    ),
    readBy: TEAM,
    kept: msg('Deleted with its class session, or with the text it names.'),
    columns: ['id', 'course_id', 'class_session_id', 'action', 'from_group_id', 'into_group_id', 'submission_id', 'made_by', 'created_at'],
  },
  {
    schema: 'public',
    name: 'topic_ratings',
    holds: msg(
      "A student's optional 1–7 rating of how clear a topic a professor's note named is now (the topic the note answered, or the one it is compared with), tied to the feedback it was sent with: no device or address.",
    ),
    readBy: msg(
      'Nobody row by row: the teaching team and the course page see only averages, their spread and counts, once enough students rated both topics.',
    ),
    kept: WITH_SUBMISSION,
    columns: ['submission_id', 'note_id', 'side', 'rating'],
  },
  {
    schema: 'public',
    name: 'rate_limit_buckets',
    holds: msg(
      'Counters that stop floods of submissions, votes and "me too"s: which limit, a keyed hash (never an address or a device id), the start of the period, the count.',
    ),
    readBy: FUNCTIONS_ONLY,
    kept: msg("48 hours; a class session's counters also go when its feedback is deleted."),
    columns: ['bucket', 'key_hash', 'window_start', 'submission_count'],
  },
  {
    schema: 'public',
    name: 'courses',
    holds: msg(
      'A professor\'s course: its code, section, term, name, time zone, owner, when its term ended, and its settings (confusion alarm, review before publishing, minimum responses, retention, students\' "me too", whether LMS teaching assistants join the team).',
    ),
    readBy: msg(
      "Anyone reads the code, section, term, name, whether its term ended and today's date in its time zone; the teaching team reads the settings.",
    ),
    kept: msg('Until its owner deletes it or their account.'),
    columns: [
      'id',
      'owner_id',
      'name',
      'code',
      'code_key',
      'section',
      'term',
      'section_key',
      'term_key',
      'ended_at',
      'timezone',
      'created_at',
      'alarm_window_minutes',
      'alarm_min_responses',
      'alarm_lost_share',
      'review_before_publishing',
      'min_public_responses',
      'retention_days',
      'peer_confusion',
      'lms_roles_join_team',
    ],
  },
  {
    schema: 'public',
    name: 'class_sessions',
    holds: msg("One class day of a course: its date, topic, when its link expires, and the class link's secret."),
    readBy: msg('Anyone with its address reads its date, topic and course; only the teaching team reads the class link.'),
    kept: WITH_COURSE,
    columns: ['id', 'course_id', 'session_date', 'access_token', 'expires_at', 'is_active', 'topic', 'created_at'],
  },
  {
    schema: 'public',
    name: 'session_notes',
    holds: msg(
      '"You said, we did": a professor\'s note on a class session, and the confusion it answers and the one it is compared with, in the team\'s words.',
    ),
    readBy: msg('Anyone, on the course page.'),
    kept: msg('Until the professor deletes it, or with its course.'),
    columns: [
      'id',
      'session_id',
      'body',
      'created_at',
      'updated_at',
      'check_question',
      'addressed_topic',
      'addressed_group_id',
      'control_topic',
      'control_group_id',
    ],
  },
  {
    schema: 'public',
    name: 'profiles',
    holds: msg(
      "A professor's account: e-mail address, a name and picture address if they gave them, and the name students see if they chose one.",
    ),
    readBy: msg('The professor alone; anyone sees the name they chose to show students, beside the courses they teach.'),
    kept: UNTIL_ACCOUNT,
    columns: ['id', 'email', 'first_name', 'last_name', 'display_name', 'profile_image_url', 'created_at', 'updated_at'],
  },
  {
    schema: 'public',
    name: 'course_members',
    holds: msg("A course's co-instructors and TAs: the account, its e-mail address and its role."),
    readBy: TEAM,
    kept: msg('Until the member leaves or is removed, or the course or the account is deleted.'),
    columns: ['course_id', 'user_id', 'role', 'email', 'created_at'],
  },
  {
    schema: 'public',
    name: 'course_invitations',
    holds: msg('Invitations to a teaching team not yet accepted: the e-mail address, the role and who invited.'),
    readBy: msg("The course's owner."),
    kept: msg('Until the invited person signs in (it becomes a membership), the owner revokes it, or the course is deleted.'),
    columns: ['id', 'course_id', 'email', 'role', 'invited_by', 'created_at'],
  },
  {
    schema: 'public',
    name: 'user_stories',
    holds: msg(
      "Suggestions on the public board: the text, an optional name the author typed, the scores, the status, and the hash of the author's voting token.",
    ),
    readBy: msg('Anyone, except the hash.'),
    kept: msg('Until a board owner deletes it.'),
    columns: [
      'id',
      'title',
      'description',
      'submitted_by',
      'impact',
      'confidence',
      'ease',
      'ice_score',
      'status',
      'session_token_hash',
      'merged_into_id',
      'created_at',
      'updated_at',
    ],
  },
  {
    schema: 'public',
    name: 'user_story_upvotes',
    holds: msg('One vote: the suggestion and the hash of the voting token.'),
    readBy: msg('Anyone sees the number of votes, not the hashes.'),
    kept: msg('Until the vote is taken back or its suggestion is deleted.'),
    columns: ['id', 'user_story_id', 'session_token_hash', 'created_at'],
  },
  {
    schema: 'public',
    name: 'anonymous_sessions',
    holds: msg('The hashes of the voting tokens the board handed out, with when each was made and last used.'),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Not deleted: a hash of a random token, tied to no person or device.'),
    columns: ['id', 'anonymous_token_hash', 'created_at', 'last_used_at'],
  },
  {
    schema: 'public',
    name: 'app_owners',
    holds: msg('The accounts that may moderate the public board.'),
    readBy: msg('Each owner sees their own row.'),
    kept: UNTIL_ACCOUNT,
    columns: ['user_id', 'created_at'],
  },
  {
    schema: 'private',
    name: 'class_summary_sends',
    holds: msg('Which after-class summary e-mail went to which team member, whether it was sent, and the hash of its unsubscribe link.'),
    readBy: FUNCTIONS_ONLY,
    kept: msg('With its class session or the account.'),
    columns: [
      'class_session_id',
      'user_id',
      'status',
      'attempts',
      'claimed_at',
      'sent_at',
      'last_error',
      'unsubscribe_token_hash',
      'created_at',
    ],
  },
  {
    schema: 'private',
    name: 'topic_days',
    holds: msg("Daily totals for the dashboard's confusion patterns: per course, day and topic, how many responses of each difficulty."),
    readBy: msg('The teaching team, as totals on the dashboard.'),
    kept: msg('Recounted whenever feedback is deleted, so it goes with the feedback; deleted with its course.'),
    columns: ['course_id', 'day', 'topic_key', 'topic', 'responses', 'slightly', 'very', 'completely', 'latest'],
  },
  {
    schema: 'private',
    name: 'session_rollups',
    holds: msg(
      "Per ended class session, the figures of its term report: how many responded, the mean ratings, pace and challenge, its three most shared confusions (their texts) and the alarm's peaks.",
    ),
    readBy: msg('The teaching team, in the term report.'),
    kept: msg('Dropped whenever feedback of its session changes or is deleted, and written again; deleted with its class session.'),
    columns: [
      'session_id',
      'responses',
      'session_feedback',
      'mean_clarity',
      'mean_confidence',
      'pace',
      'challenge',
      'text_ids',
      'text_bodies',
      'text_students',
      'peak_starts',
      'peak_ends',
      'peak_recent',
      'peak_lost',
      'peak_shares',
      'rolled_at',
    ],
  },
  {
    schema: 'private',
    name: 'topic_days_state',
    holds: msg('One row: up to which day the daily totals are counted.'),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Always one row.'),
    columns: ['singleton', 'rolled_before'],
  },
  {
    schema: 'private',
    name: 'confusion_groups',
    holds: msg("A group of a class session's texts that say the same thing, and how many texts it has."),
    readBy: GROUPS,
    kept: WITH_SESSION,
    columns: ['id', 'class_session_id', 'seq', 'texts'],
  },
  {
    schema: 'private',
    name: 'grouped_texts',
    holds: msg(
      'Which confusion group each text a student wrote is in, the shortened words it was grouped by, a fingerprint of the text they came from, and whether the teaching team put it there.',
    ),
    readBy: GROUPS,
    kept: WITH_SUBMISSION,
    columns: ['submission_id', 'class_session_id', 'body_md5', 'terms', 'group_id', 'placed_by'],
  },
  {
    schema: 'private',
    name: 'confusion_group_terms',
    holds: msg('How many texts of a confusion group have each shortened word: a word and a number.'),
    readBy: FUNCTIONS_ONLY,
    kept: WITH_SESSION,
    columns: ['group_id', 'class_session_id', 'term', 'texts'],
  },
  {
    schema: 'private',
    name: 'confusion_session_terms',
    holds: msg('How many texts of a class session have each shortened word, so that rare words count more when texts are grouped.'),
    readBy: FUNCTIONS_ONLY,
    kept: WITH_SESSION,
    columns: ['class_session_id', 'term', 'texts'],
  },
  {
    schema: 'private',
    name: 'lti_platforms',
    holds: msg(
      'The learning platforms (Canvas, Moodle) allowed to open ClassPulse: their addresses, client id, deployments and the e-mail domains whose instructors they may sign in; nothing about their users.',
    ),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Until whoever operates ClassPulse removes the platform.'),
    columns: [
      'id',
      'name',
      'issuer',
      'client_id',
      'deployment_ids',
      'auth_login_url',
      'jwks_url',
      'token_url',
      'created_at',
      'email_domains',
    ],
  },
  {
    schema: 'private',
    name: 'lti_tool_keys',
    holds: msg("ClassPulse's own signing keys for the learning platforms."),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Until whoever operates ClassPulse replaces the keys.'),
    columns: ['kid', 'public_jwk', 'private_jwk', 'created_at', 'retired_at'],
  },
  {
    schema: 'private',
    name: 'lti_login_states',
    holds: msg('A one-time code for each launch from a learning platform while it is under way; nothing about the person launching.'),
    readBy: FUNCTIONS_ONLY,
    kept: msg('Deleted when the launch uses it, or after 10 minutes.'),
    columns: ['state_hash', 'nonce', 'platform_id', 'expires_at'],
  },
  {
    schema: 'private',
    name: 'lti_context_links',
    holds: msg('Which course of a learning platform opens which ClassPulse course.'),
    readBy: FUNCTIONS_ONLY,
    kept: WITH_COURSE,
    columns: ['platform_id', 'context_id', 'course_id', 'created_at'],
  },
  {
    schema: 'private',
    name: 'lti_link_requests',
    holds: msg(
      'An instructor’s pending request to link a course of their learning platform: the ClassPulse account it is for, the platform course’s id, label and title; nothing the platform says about the person.',
    ),
    readBy: msg('The instructor it is for, on the page that links the course; the functions.'),
    kept: msg('Deleted when the course is linked, or after an hour.'),
    columns: ['token_hash', 'platform_id', 'context_id', 'context_label', 'context_title', 'user_id', 'expires_at'],
  },
  {
    schema: 'private',
    name: 'lti_launch_refusals',
    holds: msg(
      'Launches from a learning platform that were refused: the reason, the platform address it claimed and when; nothing about the person.',
    ),
    readBy: FUNCTIONS_ONLY,
    kept: msg('90 days.'),
    columns: ['id', 'reason', 'issuer', 'created_at'],
  },
  {
    schema: 'private',
    name: 'staff_email_domains',
    holds: msg(
      'The e-mail domains whose addresses may become professors, and when each was added; nothing about any person. Sign-in checks a new address against them and stores nothing it refuses.',
    ),
    readBy: msg('The app owners, at /admin; the sign-in check.'),
    kept: msg('Until an app owner removes the domain.'),
    columns: ['domain', 'created_at'],
  },
];

/** The schemas the migrations create; the test also fails on a new one. */
export const INVENTORY_SCHEMAS = ['public', 'private'] as const;

// Every refusal the edge functions answer with, by a stable code. The body carries both:
// `{ "error": "<English>", "code": "<code>", "params"?: {…} }`. API clients read the English; the
// web app translates by code, so rewording a text never breaks a translation silently. The SQL
// functions raise some of these texts themselves; `identify` finds their code again by the text.

export const MESSAGES = {
  // Any function
  not_found: 'Not found',
  bad_request: 'Bad request',
  internal_error: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  database_unavailable: 'The database is temporarily unavailable. Please try again in a moment.',
  invalid_values: 'Some of the submitted values are not valid.',
  nul_character: 'Text must not contain the NUL character (\\u0000).',
  body_too_large: 'The request body is too large (at most {{kilobytes}} KB).',
  body_not_utf8: 'The request body must be UTF-8 text.',
  body_required: 'A JSON request body is required.',
  body_not_json: 'The request body is not valid JSON.',
  body_not_object: 'The request body must be a JSON object.',
  unknown_field: 'Unknown field: {{names}}',
  unknown_fields: 'Unknown fields: {{names}}',
  duplicate_field: 'A field was sent twice: {{name}}',
  content_type_unsupported:
    'Send the request body as JSON (application/json) or, for feedback, as a form (application/x-www-form-urlencoded).',
  sign_in_expired: 'Your sign-in has expired. Please sign in again.',
  // Submissions
  device_id_too_long: 'The x-device-id header is too long (at most {{max}} characters).',
  submission_not_found: 'Submission not found',
  feedback_edit_closed: 'This class session has ended; feedback can no longer be edited.',
  push_endpoint_invalid: 'A push subscription needs the https address of a push service (at most 1024 characters).',
  push_keys_invalid: 'The keys of the push subscription are not valid.',
  push_not_configured: 'Reply notifications are not set up on this server.',
  push_already_replied: 'Your professor has already replied to this feedback.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 32 random bytes in base64url (43 characters).',
  form_site_unknown: 'This form can only be sent from the ClassPulse site.',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different submission.',
  edit_link_guesses: 'Too many attempts with a wrong edit link from your network. Please try again in a minute.',
  session_id_required: 'Session ID is required for submission',
  session_id_invalid: "Session ID must be a class session id or today's date (YYYY-MM-DD)",
  course_not_found: 'Course not found',
  feedback_today_only: "Feedback is open only for today's session",
  session_expired: 'Session not found or expired. Please ask your professor for a new link.',
  device_submission_limit: 'You have already sent {{count}} submissions for this class session.',
  network_session_limit: 'Too many submissions from your network for this class session. Please try again later.',
  network_minute_limit: 'Too many submissions from your network right now. Please try again in a minute.',
  // "Me too"
  me_too_not_found: 'This feedback was not found.',
  me_too_disabled: 'This course does not share feedback between students.',
  me_too_other_session: 'This feedback belongs to another class session.',
  me_too_own: 'This is your own feedback: "Me too" is for what others wrote.',
  device_id_required: 'A device id is required.',
  me_too_device_limit: 'You have already said "me too" {{count}} times in this class session.',
  me_too_network_session_limit: 'Too many "me too"s from your network for this class session. Please try again later.',
  me_too_network_minute_limit: 'Too many "me too"s from your network right now. Please try again in a minute.',
  // User stories
  story_not_found: 'User story not found',
  voting_needs_story: 'Please submit a user story first to enable voting',
  story_session_missing: 'Your session is missing or has expired. Please reload the page and try again.',
  owner_only: 'Only the app owner can do this',
  story_merged: 'This user story has been merged into another one; edit that story instead.',
  stories_not_mergeable: 'Both stories must exist and not be merged already',
  story_create_limit: 'Too many user stories from your network. Please try again in a minute.',
  vote_limit: 'Too many votes from your network. Please try again in a minute.',
  story_update_failed: 'Failed to update user story',
  story_delete_failed: 'Failed to delete user story',
  story_merge_failed: 'Failed to merge user stories',
  // Team
  invite_owner_only: 'Only a course’s owner can invite team members.',
  invitation_not_sent: 'The invitation e-mail could not be sent, so nobody was invited. Please try again in a moment.',
  invite_self: 'You cannot invite yourself: you own this course.',
  team_member_exists: "{{email}} is already on this course's team.",
  already_invited: '{{email}} has already been invited.',
  team_full: 'A course can have at most 20 team members, invitations included.',
  // Raised by SQL functions the app calls through PostgREST
  class_session_not_found: 'Class session not found',
  not_signed_in: 'Not signed in',
  account_not_found: 'Account not found',
  merge_owner_only: 'Only the app owner can merge user stories',
  unknown_time_zone: 'Unknown time zone: {{timezone}}',
  lti_link_spent: 'This link request has expired or was already used. Please open ClassPulse from your learning platform again.',
  lti_context_linked: 'This course of your learning platform is already linked to a ClassPulse course.',
  lti_platform_owner_only: 'Only an app owner can manage learning platforms',
  lti_platform_exists: 'This issuer and client id are already registered.',
  lti_platform_not_found: 'Platform not found',
  // Sections and terms (a clash of code + section + term, an ended term)
  course_section_exists: '{{code}} section {{section}} already exists for {{term}}. Change the section or the term.',
  course_exists: '{{code}} already exists for {{term}}. Add a section or change the term.',
  term_ended: "This course's term has ended. Start Next Term to get a class link.",
  term_required: 'Term is required (at most 40 characters)',
  // Follow-up checks and the term report
  follow_up_not_open: 'This check question is not open for this class session.',
  topic_ratings_already_sent: 'Your ratings were already sent.',
  report_range_reversed: "The report's end date must not be before its start date.",
  report_range_too_long: 'A report covers at most 366 days.',
  // Confusion groups: "Merge" and "Not this group"
  confusion_group_not_found: 'Group not found',
  confusion_text_not_found: 'Text not found',
  confusion_groups_same: 'Choose two different groups to merge.',
  confusion_text_alone: 'This text is already alone in its group.',
  // Raised by a trigger of public.courses
  lms_team_setting_owner_only: "Only the course's owner can change whether LMS teaching assistants join the team.",
  // Who may sign in as a professor: the staff e-mail domains of /admin, and the refusal of Supabase
  // Auth's Before User Created hook (a list of domains as English writes it: "a, b, and c")
  staff_domain_invalid: 'Enter a domain like example.edu',
  staff_domains_full: 'At most 50 domains can be listed.',
  staff_only: 'ClassPulse here is for staff of {{domains}}. Students never need to sign in: use the course search page.',
} as const;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** The English of a code with its `{{params}}` filled in. */
// A field's name sent by a client is echoed in a refusal: long or many names are shortened, so the
// message stays readable and fits where it travels (a form post's answer carries it in a header).
const MAX_NAME = 40;
const MAX_NAMES = 5;

/** Field names as a refusal quotes them: `"topik"`, at most a few, each cut short. */
export function quotedNames(names: readonly string[]): string {
  const quoted = names.slice(0, MAX_NAMES).map((name) => `"${name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name}"`);
  return names.length > MAX_NAMES ? `${quoted.join(', ')}, …` : quoted.join(', ');
}

export function messageText(code: MessageCode, params: MessageParams = {}): string {
  return MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = (Object.entries(MESSAGES) as [MessageCode, string][]).map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/\{\{(\w+)\}\}/)
    .map((part, index) => (index % 2 === 1 ? (names.push(part), '(.+?)') : escapeRegExp(part)))
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`) };
});

/** The code (and parameters) of an English message, or undefined for one outside the catalog. */
export function identify(message: string): { code: MessageCode; params?: MessageParams } | undefined {
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    if (names.length === 0) return { code };
    return { code, params: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])) };
  }
  return undefined;
}

// A refusal outside the catalog (a schema's validation message, Hono's own errors) gets its status's code.
const STATUS_CODES: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'body_too_large',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The body of a refusal: the English for API clients, the code (and params) for translation. */
export function errorBody(status: number, message: string): { error: string; code: string; params?: MessageParams } {
  const known = identify(message);
  if (known) return { error: message, ...known };
  return { error: message, code: STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request') };
}

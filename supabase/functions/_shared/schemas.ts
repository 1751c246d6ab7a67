// The payloads of ClassPulse's writes, validated alike by the web forms and the edge functions.
// Messages are the specification's where it has them.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Length in characters as people (and Postgres) count them: "😀" is one, not two. */
export const charLength = (value: string) => [...value].length;

const text = (opts: { min: number; max: number; tooShort: string; tooLong: string; required?: string }) =>
  z
    .string({ error: opts.required ?? opts.tooShort })
    .trim()
    .refine((v) => charLength(v) >= opts.min, { error: opts.tooShort, abort: true })
    .refine((v) => charLength(v) <= opts.max, { error: opts.tooLong });

export const DIFFICULTY_LEVELS = ['slightly', 'very', 'completely'] as const;
export const DIFFICULTY_LABELS: Record<(typeof DIFFICULTY_LEVELS)[number], string> = {
  slightly: 'Slightly confused',
  very: 'Very confused',
  completely: 'Completely lost',
};
export const PACES = ['too_slow', 'slightly_slow', 'just_right', 'slightly_fast', 'too_fast'] as const;
export const CHALLENGE_LEVELS = ['far_too_easy', 'slightly_easy', 'challenging_manageable', 'slightly_hard', 'far_too_hard'] as const;

const courseId = z.uuid({ error: 'Please select a course' });

// "Did it work?" (docs/decisions/follow-up-checks.md): either form may carry the ratings of the
// previous session's note's topics, "How clear is ⟨topic⟩ to you now?", 1 ("Still unclear") to 7
// ("Clear now"): the topic the note answered, and the control. Each is optional; absent is none.
export const FOLLOW_UP_ANSWER_MESSAGE = 'Your answer to the check question must be a number from 1 to 7';
const followUpRating = z
  .number({ error: FOLLOW_UP_ANSWER_MESSAGE })
  .int({ error: FOLLOW_UP_ANSWER_MESSAGE })
  .min(1, { error: FOLLOW_UP_ANSWER_MESSAGE })
  .max(7, { error: FOLLOW_UP_ANSWER_MESSAGE })
  .optional();
export const followUpFields = {
  followUpNoteId: z.uuid({ error: 'The check question is unknown' }).optional(),
  followUpAddressed: followUpRating,
  followUpControl: followUpRating,
};

/**
 * Ratings added after the feedback (PUT /submissions/{id}/ratings): the note they rate and at least
 * one of the two ratings.
 */
export const CHOOSE_RATING_MESSAGE = 'Choose a rating first.';
export const topicRatingsSchema = z
  .strictObject({
    followUpNoteId: z.uuid({ error: 'The check question is unknown' }),
    followUpAddressed: followUpRating,
    followUpControl: followUpRating,
  })
  .refine((v) => v.followUpAddressed !== undefined || v.followUpControl !== undefined, { error: CHOOSE_RATING_MESSAGE });

// Variant A ("submission screen") --------------------------------------------------------------
export const quickContentSchema = z.strictObject({
  topic: text({ min: 1, max: 255, tooShort: 'Please enter a topic', tooLong: 'Topic is too long' }),
  confusion: text({
    min: 10,
    max: 2000,
    tooShort: 'Please describe your confusion in more detail',
    tooLong: 'Description is too long',
  }),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS, { error: 'Please select how confused you are' }),
});

export const quickSubmissionSchema = z.strictObject({
  courseId,
  ...quickContentSchema.shape,
  sessionId: z.string({ error: 'Session ID is required' }).trim().min(1, { error: 'Session ID is required' }),
  ...followUpFields,
});

// Variant B ("Session Feedback") ---------------------------------------------------------------
const sessionText = (required: string) =>
  text({ min: 1, max: 2000, tooShort: required, tooLong: 'Please keep this under 2000 characters' });

export const sessionContentSchema = z.strictObject({
  mindAfterSession: sessionText('Please share what is on your mind after this session'),
  unclearParts: sessionText('Please describe what was unclear'),
  wentWell: sessionText('Please share what went well'),
  pace: z.enum(PACES, { error: 'Please choose how the pace felt' }),
  challengeLevel: z.enum(CHALLENGE_LEVELS, { error: 'Please choose how challenging the session was' }),
  clarityRating: z
    .number({ error: 'Clarity must be a number from 1 to 7' })
    .int({ error: 'Clarity must be a number from 1 to 7' })
    .min(1, { error: 'Clarity must be a number from 1 to 7' })
    .max(7, { error: 'Clarity must be a number from 1 to 7' }),
  confidenceLevel: z
    .number({ error: 'Confidence must be a number from 0 to 100' })
    .min(0, { error: 'Confidence must be a number from 0 to 100' })
    .max(100, { error: 'Confidence must be a number from 0 to 100' })
    .multipleOf(5, { error: 'Confidence moves in steps of 5' }),
});

export const sessionSubmissionSchema = z.strictObject({
  courseId,
  sessionId: z.string({ error: 'Session ID is required for submission' }).trim().min(1, { error: 'Session ID is required for submission' }),
  ...sessionContentSchema.shape,
  ...followUpFields,
});

export type QuickSubmission = z.infer<typeof quickSubmissionSchema>;
export type SessionSubmission = z.infer<typeof sessionSubmissionSchema>;
export type QuickContent = z.infer<typeof quickContentSchema>;
export type SessionContent = z.infer<typeof sessionContentSchema>;

const QUICK_FIELDS = ['topic', 'confusion', 'difficultyLevel'];

/** Which variant a submission payload is: Variant A carries topic, confusion or difficulty. */
export function submissionKind(body: Record<string, unknown>): 'quick' | 'session' {
  return QUICK_FIELDS.some((f) => f in body) ? 'quick' : 'session';
}

// User stories -------------------------------------------------------------------------------
export const STORY_STATUSES = ['submitted', 'in_review', 'accepted', 'in_progress', 'on_hold', 'done'] as const;
export const STORY_STATUS_LABELS: Record<(typeof STORY_STATUSES)[number], string> = {
  submitted: 'Submitted',
  in_review: 'In Review',
  accepted: 'Accepted',
  in_progress: 'In Progress',
  on_hold: 'On Hold',
  done: 'Done',
};
export const STORY_ROLES = [
  'student',
  'teaching assistant',
  'professor',
  'department chair',
  'college admin',
  'app administrator/owner',
  'partner',
  'stakeholder',
] as const;

const score = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 1 to 10` })
    .int({ error: `${name} must be a whole number from 1 to 10` })
    .min(1, { error: `${name} must be a whole number from 1 to 10` })
    .max(10, { error: `${name} must be a whole number from 1 to 10` });

const storyFields = {
  title: text({ min: 1, max: 300, tooShort: 'Please fill in all required fields', tooLong: 'The story is too long' }),
  description: text({
    min: 1,
    max: 1000,
    tooShort: 'Please fill in all required fields',
    tooLong: 'The story is too long',
  }),
  submittedBy: z
    .string({ error: 'Your name must be text' })
    .trim()
    .refine((v) => charLength(v) <= 80, { error: 'Your name is too long' })
    .nullish()
    .transform((v) => (v ? v : null)),
  impact: score('Impact'),
  confidence: score('Confidence'),
  ease: score('Ease'),
};

export const storyCreateSchema = z.strictObject(storyFields);

/** PUT /user-stories/{id} with a status: the owner moves the story on the board. */
export const storyStatusSchema = z.strictObject({ status: z.enum(STORY_STATUSES, { error: 'Unknown status' }) });

/** PUT /user-stories/{id} without a status: any of the story's own fields. */
export const storyEditSchema = z
  .strictObject({
    title: storyFields.title.optional(),
    description: storyFields.description.optional(),
    submittedBy: storyFields.submittedBy.optional(),
    impact: storyFields.impact.optional(),
    confidence: storyFields.confidence.optional(),
    ease: storyFields.ease.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to update' });

/** The schema for a PUT body: a status change alone, or an edit. */
export function storyUpdateSchemaFor(body: unknown) {
  return body && typeof body === 'object' && 'status' in body ? storyStatusSchema : storyEditSchema;
}

export const storyMergeSchema = z
  .strictObject({
    keepId: z.uuid({ error: 'keepId must be a story id' }),
    mergeId: z.uuid({ error: 'mergeId must be a story id' }),
  })
  .refine((v) => v.keepId !== v.mergeId, { error: 'A story cannot be merged with itself' });

export type StoryCreate = z.infer<typeof storyCreateSchema>;
export type StoryEdit = z.infer<typeof storyEditSchema>;

// Closing the loop ---------------------------------------------------------------------------
// Replies to a submission (reply_to_submission) and "you said, we did" notes (session_notes) are
// written through PostgREST; the database trims and checks the same bounds with the same messages
// (22023, HTTP 400), so the forms can say it first.
export const REPLY_MESSAGE = 'A reply must be 1 to 1000 characters long.';
export const NOTE_MESSAGE = 'A note must be 1 to 1000 characters long.';

export const replyBodySchema = text({ min: 1, max: 1000, tooShort: REPLY_MESSAGE, tooLong: REPLY_MESSAGE });
export const noteBodySchema = text({ min: 1, max: 1000, tooShort: NOTE_MESSAGE, tooLong: NOTE_MESSAGE });
/** A note's optional check question ("Did it help?"): trimmed, blank is none, at most 200 characters. */
export const CHECK_QUESTION_MESSAGE = 'A check question must be at most 200 characters long.';
export const checkQuestionSchema = z
  .string({ error: CHECK_QUESTION_MESSAGE })
  .trim()
  .refine((v) => charLength(v) <= 200, { error: CHECK_QUESTION_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * "Did it work?": the confusion a note answers and its control, each a short label the team writes
 * (trimmed, blank is none, at most 80 characters) and the confusion group it came from, if any.
 * The database refuses the same with the same messages (…_note_topics.sql).
 */
export const TOPIC_MESSAGE = 'A topic must be at most 80 characters long.';
export const CONTROL_NEEDS_ADDRESSED_MESSAGE = 'Name the confusion this note answers before a control.';
export const CONTROL_TOPIC_MESSAGE = 'Name the control topic in a few words.';
export const CONTROL_SAME_MESSAGE = 'The control must be another confusion than the one the note answers.';
const topicSchema = z
  .string({ error: TOPIC_MESSAGE })
  .trim()
  .refine((v) => charLength(v) <= 80, { error: TOPIC_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null));
const groupIdSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .uuid({ error: 'This confusion group is not from this class session.' })
    .nullish()
    .transform((v) => v ?? null),
);
export const noteTopicsSchema = z
  .object({
    addressedTopic: topicSchema,
    addressedGroupId: groupIdSchema,
    controlTopic: topicSchema,
    controlGroupId: groupIdSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.addressedTopic && (v.controlTopic || v.addressedGroupId)) {
      ctx.addIssue({ code: 'custom', path: ['addressedTopic'], message: CONTROL_NEEDS_ADDRESSED_MESSAGE });
    }
    if (!v.controlTopic && v.controlGroupId) ctx.addIssue({ code: 'custom', path: ['controlTopic'], message: CONTROL_TOPIC_MESSAGE });
    if (
      (v.controlTopic && v.addressedTopic && v.controlTopic.toLowerCase() === v.addressedTopic.toLowerCase()) ||
      (v.controlGroupId && v.controlGroupId === v.addressedGroupId)
    ) {
      ctx.addIssue({ code: 'custom', path: ['controlTopic'], message: CONTROL_SAME_MESSAGE });
    }
  });
export type NoteTopics = z.infer<typeof noteTopicsSchema>;

// Teaching teams ------------------------------------------------------------------------------
// The owner invites a co-instructor or a TA by e-mail (the team function, then invite_to_course(),
// which checks the same address rule and answers with the same messages).
export const TEAM_ROLES = ['co_instructor', 'ta'] as const;
export const TEAM_ROLE_LABELS: Record<(typeof TEAM_ROLES)[number], string> = { co_instructor: 'Co-instructor', ta: 'TA' };
export const TEAM_EMAIL_MESSAGE = 'Enter a valid e-mail address.';
export const TEAM_ROLE_MESSAGE = 'Choose Co-instructor or TA.';

// The app's languages (web/src/i18n/languages.ts): the invitation e-mail is written in the inviter's.
export const LANGUAGE_CODES = ['en', 'es'] as const;

export const teamInvitationSchema = z.strictObject({
  courseId: z.uuid({ error: 'courseId must be a course id' }),
  email: z
    .string({ error: TEAM_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .min(3, { error: TEAM_EMAIL_MESSAGE })
    .max(254, { error: TEAM_EMAIL_MESSAGE })
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: TEAM_EMAIL_MESSAGE }),
  role: z.enum(TEAM_ROLES, { error: TEAM_ROLE_MESSAGE }),
  language: z.enum(LANGUAGE_CODES, { error: 'Unknown language' }).optional(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

// Reply notifications ----------------------------------------------------------------------------
// A browser's push subscription (PushSubscription.toJSON()), stored by the submissions function
// for the first reply. The endpoint is where the server will send a request, so it must be an
// address of a push service and nothing else (docs/decisions/reply-notifications.md): https on the
// default port, a DNS name (no IP literal, no local-only name). The local stack alone may let the
// functions reach loopback (PUSH_ALLOW_LOOPBACK), for a test's stand-in push service.
export const PUSH_ENDPOINT_MAX = 1024;

const DNS_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const LOCAL_ONLY_NAME = /\.(?:localhost|local|internal|lan|home\.arpa|arpa)$/i;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server may send a push to `endpoint` (see above). */
export function pushEndpointAllowed(endpoint: string, { allowLoopback = false } = {}): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX || /\s/.test(endpoint)) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.hash || url.href.length > PUSH_ENDPOINT_MAX) return false;
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return true;
  return url.port === '' && DNS_NAME.test(url.hostname) && !LOCAL_ONLY_NAME.test(url.hostname);
}

// base64url without padding: a P-256 public key, uncompressed (65 bytes, 0x04 first), and the
// 16-byte auth secret. Padding a browser may add is dropped.
const unpadded = (value: string) => value.replace(/=+$/, '');
const pushKey = (pattern: RegExp) =>
  z
    .string({ error: MESSAGES.push_keys_invalid })
    .transform(unpadded)
    .refine((v) => pattern.test(v), { error: MESSAGES.push_keys_invalid });

export const pushSubscriptionSchemaFor = ({ allowLoopback }: { allowLoopback: boolean }) =>
  z.strictObject({
    endpoint: z
      .string({ error: MESSAGES.push_endpoint_invalid })
      .refine((v) => pushEndpointAllowed(v, { allowLoopback }), { error: MESSAGES.push_endpoint_invalid })
      .transform((v) => new URL(v).href),
    // Browsers send it (usually null); the subscription is used once, so it is not kept.
    expirationTime: z.number({ error: MESSAGES.push_keys_invalid }).nullish(),
    keys: z.strictObject(
      { p256dh: pushKey(/^B[A-Za-z0-9_-]{86}$/), auth: pushKey(/^[A-Za-z0-9_-]{22}$/) },
      { error: MESSAGES.push_keys_invalid },
    ),
  });

/** What the web client checks (a real browser's push service is never on loopback). */
export const pushSubscriptionSchema = pushSubscriptionSchemaFor({ allowLoopback: false });
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** POST /replies {submissionId, body}: the replies function writes a professor's reply (then pushes the first one). */
export const replyRequestSchema = z.strictObject({
  submissionId: z.uuid({ error: MESSAGES.submission_not_found }),
  body: replyBodySchema,
});

// "Me too" ------------------------------------------------------------------------------------
/** A student says "me too" to a text of their class session (meToo: true), or takes it back. */
export const meTooSchema = z.strictObject({
  courseId,
  sessionId: z.string({ error: 'Session ID is required' }).trim().min(1, { error: 'Session ID is required' }).max(100),
  submissionId: z.uuid({ error: MESSAGES.me_too_not_found }),
  meToo: z.boolean({ error: MESSAGES.invalid_values }),
});
export type MeTooRequest = z.infer<typeof meTooSchema>;

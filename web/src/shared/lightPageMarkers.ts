// Without React: the light pages' script (web/src/student/light.ts) reads these too.

/** The attributes that small script looks for. */
export const LIGHT = {
  /** On the header's "My feedback" link: shown when this device remembers feedback. */
  rememberedOnly: 'data-remembered-only',
  /** On the landing page's banner for `?error=`: its value maps the messages it knows to the page's language (JSON). */
  errorBanner: 'data-error-banner',
  /** On the Menu button: its label while the menu is open. */
  closeLabel: 'data-close-label',
  /** On the language and theme selects. */
  setting: 'data-setting',
  /** On the course page: where its timeline goes, and (its value) which count an element shows. */
  courseTimeline: 'data-course-timeline',
  courseCount: 'data-course-count',
  /** On a timeline entry: its difficulty, or `none`. */
  difficulty: 'data-difficulty',
  /** On course search: where its results go. */
  searchResults: 'data-search-results',
  /** On a search result's section and instructors' names, which a course without them leaves out. */
  courseSection: 'data-course-section',
  courseInstructors: 'data-course-instructors',
  /** On a button: its label while its work runs ("Searching..."). */
  busyLabel: 'data-busy-label',
  /** On My feedback: where its list goes; its value is "Course", for an entry whose course the device did not know. */
  myFeedback: 'data-my-feedback',
  /** On My feedback's buttons: "one" (Forget) or "all" (Forget all). */
  forget: 'data-forget',
  /** On an entry's first words, which an entry without any leaves out. */
  excerpt: 'data-excerpt',
  /** On Session Feedback: the course line while it loads, the session's note, and where "What others found unclear" goes. */
  courseHeading: 'data-course-heading',
  sessionNote: 'data-session-note',
  peerConfusion: 'data-peer-confusion',
  /** On a feedback form's course list: its texts while empty (JSON: choose, failed, none). */
  courseSelect: 'data-course-select',
  /** On a private link's page (/track): where the submission goes once read. */
  track: 'data-track',
  /** On a private link's Share button: the title it shares the link with. */
  shareTitle: 'data-share-title',
  /** On the user stories board: where its list goes. */
  storyBoard: 'data-story-board',
  /** On a form post's outcome page: what a light page draws again with the outcome. */
  formPost: 'data-form-post',
} as const;

/** Course search's results, in a language, for a stand-in course (COURSE_MARKS): a light page draws them. */
export const searchResultsTemplateId = (language: string) => `course-search-results-${language}`;
/** My feedback's parts: the empty state, the list with one entry, and an entry in each state of its read. */
export const MY_FEEDBACK_PARTS = ['empty', 'list', 'plain', 'reply', 'removed', 'unreachable'] as const;
export type MyFeedbackPart = (typeof MY_FEEDBACK_PARTS)[number];
export const myFeedbackTemplateId = (part: MyFeedbackPart, language: string) => `my-feedback-${part}-${language}`;
/** The stand-in entry's values in those templates, which a light page replaces as text. */
export const REMEMBERED_MARKS = {
  course: '__REMEMBERED_COURSE__',
  sentAt: '__REMEMBERED_SENT_AT__',
  excerpt: '__REMEMBERED_EXCERPT__',
  token: '__REMEMBERED_TOKEN__',
  reply: '__REMEMBERED_REPLY__',
} as const;

/** Course search's "Course Not Found" card, in a language. */
export const courseNotFoundTemplateId = (language: string) => `course-search-not-found-${language}`;

/** Where a light page's loader (web/scripts/prerender.ts), or the course page's drawing script, leaves the function that starts the app instead. */
export const LIGHT_START_APP = '__classpulseStartApp';

/** Session Feedback's parts a light page draws: the course line, and "What others found unclear" empty or with texts. */
export const CLASS_SESSION_PARTS = ['course', 'peer-empty', 'peer-texts'] as const;
export type ClassSessionPart = (typeof CLASS_SESSION_PARTS)[number];
export const classSessionTemplateId = (part: ClassSessionPart | 'texts', language: string) => `class-session-${part}-${language}`;
/** The stand-in course and texts of those templates, which a light page replaces as text. */
export const CLASS_SESSION_MARKS = {
  code: '__SESSION_COURSE_CODE__',
  name: '__SESSION_COURSE_NAME__',
  text: '__PEER_TEXT__',
  count: 987654,
  date: '__SESSION_DATE__',
  time: '__SESSION_TIME__',
} as const;

/** Where a light page leaves what it read for the app, should the app start (app/lightPageData.ts). */
export const LIGHT_PAGE_DATA = '__classpulseLightPageData';
/** Left there in place of data: the read failed, and the app shows that rather than asking again. */
export const FAILED = '__classpulseReadFailed';
/** Where the light page's loader leaves the function that fetches the app's code without running it. */
export const LIGHT_WARM_APP = '__classpulseWarmApp';

/**
 * A private link's page (/track) drawn for a stand-in submission: each variant in each state
 * (open, or its session ended), "Submission Not Found", and "Notify me if my professor replies" in
 * each of its states.
 */
export const TRACK_PARTS = [
  'quick-open',
  'quick-ended',
  'session-open',
  'session-ended',
  'not-found',
  'notify-off',
  'notify-on',
  'notify-unsupported',
  'notify-denied',
] as const;
export type TrackPart = (typeof TRACK_PARTS)[number];
/** "Notify me if my professor replies" in each of its states, which a private link's card shows. */
export const NOTIFY_PARTS = ['notify-off', 'notify-on', 'notify-unsupported', 'notify-denied'] as const satisfies readonly TrackPart[];
export const trackTemplateId = (part: TrackPart, language: string) => `track-${part}-${language}`;
/** The stand-in submission's values in those templates, which a light page replaces as text or as an attribute's value. */
export const TRACK_MARKS = {
  id: '00000000-0000-4000-8000-000000000000',
  secret: '__TRACK_SECRET__',
  code: '__TRACK_COURSE_CODE__',
  name: '__TRACK_COURSE_NAME__',
  reply: '__TRACK_REPLY__',
} as const;

/**
 * A form post's outcome page when sent (`/submit/sent`, `/class-session/sent`): the page with its way
 * back to the form, and with the private link of the stand-in submission (TRACK_MARKS) too.
 */
export const FORM_POST_PARTS = ['link', 'private-link'] as const;
export type FormPostPart = (typeof FORM_POST_PARTS)[number];
export const formPostTemplateId = (part: FormPostPart, language: string) => `form-post-${part}-${language}`;

/** A refused form post's page (`/submit/not-sent`, …): without a reason, with one, and by field; and its texts. */
export type NotSentPart = 'plain' | 'error' | 'fields';
export const NOT_SENT_PARTS: readonly NotSentPart[] = ['plain', 'error', 'fields'];
export const notSentTemplateId = (part: NotSentPart | 'texts', language: string) => `not-sent-${part}-${language}`;
/** The stand-in refusal in those templates: a field the forms do not have, and its message. */
export const NOT_SENT_MARKS = { field: '__NOT_SENT_FIELD__', message: '__NOT_SENT_MESSAGE__' } as const;
/** What a light "not sent" page says a refusal with, in a language (web/src/student/notSent.ts). */
export interface NotSentTexts {
  /** The forms' fields' labels, by field name. */
  labels: Record<string, string>;
  /** The server's messages (English, as sent) in the language; empty in English. */
  messages: Record<string, string>;
  /** The English template of each refusal's code (lib/serverMessages.ts). */
  codes: Record<string, string>;
  /** What is said when the refusal has no text. */
  fallback: string;
}

/**
 * The user stories board's parts a light page draws: the list's box, the empty board, a story's
 * card in each status (its vote not given), and the vote button given and not.
 */
export const USER_STORY_STATUS_NAMES = ['submitted', 'in_review', 'accepted', 'in_progress', 'on_hold', 'done'] as const;
export type UserStoryPart = 'list' | 'empty' | 'upvote-on' | 'upvote-off' | `card-${(typeof USER_STORY_STATUS_NAMES)[number]}`;
export const USER_STORY_PARTS: readonly UserStoryPart[] = [
  'list',
  'empty',
  'upvote-on',
  'upvote-off',
  ...USER_STORY_STATUS_NAMES.map((status) => `card-${status}` as const),
];
export const userStoryTemplateId = (part: UserStoryPart, language: string) => `user-stories-${part}-${language}`;
/** The stand-in story's values in those templates, which a light page replaces as text or as an attribute's value. */
export const USER_STORY_MARKS = {
  id: '__STORY_ID__',
  title: '__STORY_TITLE__',
  description: '__STORY_DESCRIPTION__',
  submittedBy: '__STORY_SUBMITTED_BY__',
  votes: '__STORY_VOTES__',
  impact: '__STORY_IMPACT__',
  confidence: '__STORY_CONFIDENCE__',
  ease: '__STORY_EASE__',
  ice: '__STORY_ICE__',
} as const;

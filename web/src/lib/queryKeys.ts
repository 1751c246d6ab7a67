/**
 * Every query key of the app, in one place. A key spells its `/api` path, one part per path
 * segment (`['/api/analytics', 'stats', { courseId }]` is `GET /api/analytics/stats?courseId=`), so
 * invalidating a path refreshes everything below it: TanStack Query matches key prefixes part by
 * part, so `['/api/analytics']` covers every analytics query. A trailing object holds the query
 * string. The edit token of a student's own submission never enters a key (devtools, cache dumps).
 */
export const queryKeys = {
  auth: {
    user: ['/api/auth', 'user'],
  },
  courses: {
    all: ['/api/courses'],
    search: (code: string) => ['/api/courses', { code }],
    detail: (id: string) => ['/api/courses', id],
    activeSession: (courseId: string) => ['/api/courses', courseId, 'active-session'],
    /** GET /api/courses/{id}/team: the teaching team and pending invitations (the owner's view). */
    team: (courseId: string) => ['/api/courses', courseId, 'team'],
  },
  classToken: (token: string) => ['/api/class-token', token],
  /** GET /api/lti/link-requests/{token}: an instructor's pending request to link an LMS course. */
  ltiLinkRequest: (token: string) => ['/api/lti', 'link-requests', token],
  notes: {
    /** Every note query: a course's notes, or one session's. */
    all: ['/api/notes'],
    course: (courseId: string) => ['/api/notes', { courseId }],
    /** GET /api/notes/follow-up?courseId=&sessionId=: the check question a class day's students may answer. */
    followUp: (courseId: string, sessionId: string) => ['/api/notes', 'follow-up', { courseId, sessionId }],
  },
  live: (courseId: string) => ['/api/professor', 'live', courseId],
  sessions: {
    detail: (sessionId: string) => ['/api/sessions', sessionId],
  },
  submissions: {
    all: ['/api/submissions'],
    timeline: (courseId: string) => ['/api/submissions', { courseId }],
    own: (id: string) => ['/api/submissions', id],
    /** GET /api/submissions/me-too?courseId=&sessionId=: what others of a session found unclear. */
    meToo: (courseId: string, sessionId: string) => ['/api/submissions', 'me-too', { courseId, sessionId }],
  },
  professor: {
    all: ['/api/professor'],
    courses: ['/api/professor', 'courses'],
    /** GET /api/professor/profile/{userId}: the signed-in professor's name as students see it. */
    profile: (userId: string) => ['/api/professor', 'profile', userId],
    /** GET /api/professor/class-summaries: the courses whose after-class summary e-mail the signed-in member gets. */
    classSummaries: ['/api/professor', 'class-summaries'],
    /** GET /api/professor/shared-confusion/{courseId}?sessionId=: a session's texts ranked and grouped. */
    sharedConfusion: (courseId: string, sessionId?: string) => ['/api/professor', 'shared-confusion', courseId, { sessionId }],
    submissions: {
      all: ['/api/professor', 'submissions'],
      recent: (courseId: string | undefined, limit: number) => ['/api/professor', 'submissions', { courseId, limit }],
    },
  },
  analytics: {
    all: ['/api/analytics'],
    stats: (courseId?: string) => ['/api/analytics', 'stats', { courseId }],
    confusionPatterns: (days: number, courseId?: string) => ['/api/analytics', 'confusion-patterns', { days, courseId }],
    sessionInsights: (courseId: string | undefined, days: number, maxSessions: number) => [
      '/api/analytics',
      'session-insights',
      { courseId, days, maxSessions },
    ],
    /** GET /api/analytics/term-report/{courseId}?from=&to=: the term report (whole term without a range). */
    termReport: (courseId: string, from?: string, to?: string) => ['/api/analytics', 'term-report', courseId, { from, to }],
  },
  admin: {
    /** GET /api/admin/owner: whether the signed-in account is an app owner (is_app_owner()). */
    owner: ['/api/admin', 'owner'],
    /** GET /api/admin/lti-platforms: the registered learning platforms (app owners only). */
    ltiPlatforms: ['/api/admin', 'lti-platforms'],
    /** GET /api/admin/staff-email-domains: who may sign in as a professor (app owners only). */
    staffEmailDomains: ['/api/admin', 'staff-email-domains'],
  },
  userStories: {
    /** The board: GET /api/user-stories (and, as a prefix, every user-story query). */
    all: ['/api/user-stories'],
    similarAll: ['/api/user-stories', 'similar'],
    similar: (want: string) => ['/api/user-stories', 'similar', { want }],
    owner: ['/api/user-stories', 'owner'],
  },
} as const;

type QueryValue = string | number | boolean | null | undefined;

/** The `/api` path a key spells: its parts joined by "/", a trailing object as the query string. */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  const [root, ...rest] = queryKey;
  if (typeof root !== 'string' || !root.startsWith('/api/')) {
    throw new Error(`Query key must start with an /api path: ${JSON.stringify(queryKey)}`);
  }
  const last = rest.at(-1);
  const hasQuery = isPlainObject(last);
  const query = hasQuery ? toSearch(last as Record<string, QueryValue>) : '';
  const segments = (hasQuery ? rest.slice(0, -1) : rest).map((part) => {
    if (typeof part !== 'string' && typeof part !== 'number') {
      throw new Error(`Query key parts after the path must be strings or numbers: ${JSON.stringify(queryKey)}`);
    }
    return encodeURIComponent(String(part));
  });
  return [root, ...segments].join('/') + query;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSearch(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

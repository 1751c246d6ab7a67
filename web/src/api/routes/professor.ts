import { dataClients } from '../clients';
import { ApiError, dataOrThrow, fromPostgrestFailure } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';
import type { Course } from '../types';

export type Difficulty = 'slightly' | 'very' | 'completely';

/** A course as its owner sees it (GET /api/professor/courses). */
export interface ProfessorCourse extends Course {
  timezone: string;
  createdAt: string;
}

/** Today's class session of a course (GET …/active-session, POST …/sessions). */
export interface ActiveSession {
  sessionId: string;
  sessionDate: string;
  expiresAt: string;
  accessToken: string;
  topic: string | null;
}

export interface DashboardStats {
  totalSubmissions: number;
  activeCourses: number;
  recentSubmissions: number;
  lastWeekSubmissions: number;
  pendingReview: number;
}

export interface ConfusionPattern {
  topic: string;
  course: string;
  courseId: string;
  count: number;
  difficultyDistribution: Record<Difficulty, number>;
}

export interface SessionInsight {
  sessionId: string;
  sessionDate: string;
  courseId: string;
  courseCode: string;
  topic: string | null;
  count: number;
  sessionFeedbackCount: number;
  meanClarity: number | null;
  meanConfidence: number | null;
  pace: Record<'too_slow' | 'slightly_slow' | 'just_right' | 'slightly_fast' | 'too_fast', number>;
  challenge: Record<'far_too_easy' | 'slightly_easy' | 'challenging_manageable' | 'slightly_hard' | 'far_too_hard', number>;
  difficulty: Record<Difficulty, number>;
  topTerms: { term: string; count: number }[];
}

/** One submission of either kind, as the dashboard and the CSV export read it. */
export interface ProfessorSubmission {
  id: string;
  courseId: string;
  course: { code: string; name: string };
  kind: 'quick' | 'session';
  topic: string;
  /** What was confusing: Variant A's confusion or Variant B's unclearParts. */
  confusion: string;
  /** Variant A's difficulty, or the one derived from Variant B's clarity (null: not confused). */
  difficultyLevel: Difficulty | null;
  createdAt: string;
  reviewedAt: string | null;
  mindAfterSession: string | null;
  unclearParts: string | null;
  wentWell: string | null;
  pace: string | null;
  challengeLevel: string | null;
  clarityRating: number | null;
  confidenceLevel: number | null;
}

/**
 * The professor's /api routes. The seed's paths where it names them (POST/PUT/DELETE /api/courses…,
 * /api/analytics/…); the professor's own lists live under /api/professor/… because the seed's
 * GET /api/courses and GET /api/submissions?courseId= are public (every course, a course timeline).
 * Every call carries the professor's JWT; row-level security keeps them to their own courses.
 */

const EXPORT_PAGE = 1000; // PostgREST's max-rows

/** The database stores codes trimmed, spaces collapsed, upper-cased; messages quote that form. */
export function normalizeCourseCode(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toUpperCase();
}

interface CourseInput {
  name: string;
  code: string;
}

function readCourseInput(body: unknown): CourseInput {
  const { name, code } = (body ?? {}) as Partial<Record<'name' | 'code', unknown>>;
  const input = { name: typeof name === 'string' ? name.trim() : '', code: typeof code === 'string' ? normalizeCourseCode(code) : '' };
  if (!input.name) throw new ApiError(400, 'Course name is required');
  if (!input.code) throw new ApiError(400, 'Course code is required');
  return input;
}

type PostgrestFailure = { error: { message: string; code?: string }; status: number; statusText: string };

/** A duplicate code (unique index courses_code_key_unique, 23505) reads as a sentence. */
function courseWriteError(failure: PostgrestFailure, code: string): ApiError {
  if (failure.error.code === '23505') return new ApiError(409, `A course with code "${code}" already exists`);
  return fromPostgrestFailure(failure);
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

interface CourseRow {
  id: string;
  code: string;
  name: string;
  timezone: string;
  created_at: string;
}

async function myCourses(): Promise<ProfessorCourse[]> {
  const { db } = await dataClients();
  const rows = dataOrThrow<CourseRow[]>(await db.rpc('my_courses'));
  return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, timezone: row.timezone, createdAt: row.created_at }));
}

async function createCourse({ body }: ApiRequest): Promise<Course> {
  const input = readCourseInput(body);
  const { db } = await dataClients();
  const result = await db
    .from('courses')
    .insert({ ...input, timezone: browserTimeZone() })
    .select('id, code, name')
    .single()
    .overrideTypes<Course, { merge: false }>();
  if (result.error) throw courseWriteError(result, input.code);
  return result.data;
}

async function updateCourse({ params, body }: ApiRequest): Promise<Course> {
  const input = readCourseInput(body);
  const { db } = await dataClients();
  const result = await db
    .from('courses')
    .update(input)
    .eq('id', params.id!)
    .select('id, code, name')
    .overrideTypes<Course[], { merge: false }>();
  if (result.error) throw courseWriteError(result, input.code);
  const [course] = result.data;
  if (!course) throw new ApiError(404, 'Course not found');
  return course;
}

async function deleteCourse({ params }: ApiRequest): Promise<{ id: string }> {
  const { db } = await dataClients();
  const rows = dataOrThrow(
    await db.from('courses').delete().eq('id', params.id!).select('id').overrideTypes<{ id: string }[], { merge: false }>(),
  );
  if (rows.length === 0) throw new ApiError(404, 'Course not found');
  return { id: params.id! };
}

async function activeSession({ params }: ApiRequest): Promise<ActiveSession | null> {
  const { db } = await dataClients();
  return dataOrThrow<ActiveSession | null>(await db.rpc('active_session', { course_id: params.id! }));
}

async function createSession({ params, body }: ApiRequest): Promise<ActiveSession> {
  const topic = (body as { topic?: unknown } | undefined)?.topic;
  const { db } = await dataClients();
  const args: Record<string, unknown> = { course_id: params.id! };
  if (typeof topic === 'string' && topic.trim()) args.topic = topic.trim().slice(0, 255);
  return dataOrThrow<ActiveSession>(await db.rpc('create_today_session', args));
}

function optionalCourseId(query: URLSearchParams): string | undefined {
  return query.get('courseId') || undefined;
}

function boundedInt(value: string | null, fallback: number, min: number, max: number): number {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isFinite(number) ? Math.min(Math.max(number, min), max) : fallback;
}

async function stats({ query }: ApiRequest): Promise<DashboardStats> {
  const { db } = await dataClients();
  const courseId = optionalCourseId(query);
  return dataOrThrow<DashboardStats>(await db.rpc('dashboard_stats', courseId ? { course_id: courseId } : {}));
}

async function confusionPatterns({ query }: ApiRequest): Promise<ConfusionPattern[]> {
  const { db } = await dataClients();
  const courseId = optionalCourseId(query);
  const days = boundedInt(query.get('days'), 7, 1, 366);
  return dataOrThrow<ConfusionPattern[]>(await db.rpc('confusion_patterns', courseId ? { days, course_id: courseId } : { days }));
}

async function sessionInsights({ query }: ApiRequest): Promise<SessionInsight[]> {
  const { db } = await dataClients();
  const courseId = optionalCourseId(query);
  const args: Record<string, unknown> = {
    days: boundedInt(query.get('days'), 30, 1, 366),
    max_sessions: boundedInt(query.get('maxSessions'), 6, 1, 50),
  };
  if (courseId) args.course_id = courseId;
  return dataOrThrow<SessionInsight[]>(await db.rpc('session_insights', args));
}

const SUBMISSION_COLUMNS = [
  'id, course_id, kind, reviewed_at, created_at, topic, confusion_text, confusion_level',
  'mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level',
  'courses(code, name)',
].join(', ');

interface SubmissionRow {
  id: string;
  course_id: string;
  kind: 'quick' | 'session';
  reviewed_at: string | null;
  created_at: string;
  topic: string;
  confusion_text: string | null;
  confusion_level: Difficulty | null;
  mind_after_session: string | null;
  unclear_parts: string | null;
  went_well: string | null;
  pace: string | null;
  challenge_level: string | null;
  clarity_rating: number | null;
  confidence_level: number | null;
  courses: { code: string; name: string } | null;
}

function toSubmission(row: SubmissionRow): ProfessorSubmission {
  return {
    id: row.id,
    courseId: row.course_id,
    course: { code: row.courses?.code ?? '', name: row.courses?.name ?? '' },
    kind: row.kind,
    topic: row.topic,
    confusion: row.confusion_text ?? '',
    difficultyLevel: row.confusion_level,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
    mindAfterSession: row.mind_after_session,
    unclearParts: row.unclear_parts,
    wentWell: row.went_well,
    pace: row.pace,
    challengeLevel: row.challenge_level,
    clarityRating: row.clarity_rating,
    confidenceLevel: row.confidence_level,
  };
}

/** Where the previous page of a newest-first read ended. */
interface Cursor {
  createdAt: string;
  id: string;
}

/** A value inside a PostgREST logic tree (`or=(…)`), quoted: timestamps hold `.` and `:`. */
function treeValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Up to `limit` submissions, newest first (ties by id, descending), each strictly after `after` in
 * that order: keyset paging, so rows arriving or leaving meanwhile cannot shift a page.
 */
async function readSubmissions(courseId: string | undefined, limit: number, after?: Cursor): Promise<ProfessorSubmission[]> {
  const { db } = await dataClients();
  let request = db.from('submissions').select(SUBMISSION_COLUMNS);
  if (courseId) request = request.eq('course_id', courseId);
  if (after) {
    const createdAt = treeValue(after.createdAt);
    request = request.or(`created_at.lt.${createdAt},and(created_at.eq.${createdAt},id.lt.${treeValue(after.id)})`);
  }
  const rows = dataOrThrow(
    await request
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit)
      .overrideTypes<SubmissionRow[], { merge: false }>(),
  );
  return rows.map(toSubmission);
}

/** GET /api/professor/submissions?courseId=&limit=: the newest of the professor's submissions. */
async function listSubmissions({ query }: ApiRequest): Promise<ProfessorSubmission[]> {
  const limit = boundedInt(query.get('limit'), 50, 1, EXPORT_PAGE);
  return readSubmissions(optionalCourseId(query), limit);
}

/**
 * GET /api/professor/submissions/export?courseId=: every matching submission, newest first, read
 * in pages of PostgREST's max-rows by keyset (created_at, id). Feedback that arrives during the
 * export is newer than its first row and is left out whole; nothing is skipped or repeated.
 */
async function exportSubmissions({ query }: ApiRequest): Promise<ProfessorSubmission[]> {
  const courseId = optionalCourseId(query);
  const all: ProfessorSubmission[] = [];
  for (let after: Cursor | undefined; ; ) {
    const page = await readSubmissions(courseId, EXPORT_PAGE, after);
    all.push(...page);
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE || !last) return all;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** POST /api/professor/submissions/reviewed {ids, reviewed?}: how many changed. */
async function markReviewed({ body }: ApiRequest): Promise<{ changed: number }> {
  const { ids, reviewed = true } = (body ?? {}) as { ids?: unknown; reviewed?: unknown };
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new ApiError(400, 'ids must be a list of submission ids');
  if (ids.length === 0) return { changed: 0 };
  const { db } = await dataClients();
  const changed = dataOrThrow<number>(await db.rpc('mark_reviewed', { ids, reviewed: reviewed !== false }));
  return { changed };
}

export const professorRoutes: RouteTable = {
  'GET /api/professor/courses': myCourses,
  'POST /api/courses': createCourse,
  'PUT /api/courses/:id': updateCourse,
  'DELETE /api/courses/:id': deleteCourse,
  'GET /api/courses/:id/active-session': activeSession,
  'POST /api/courses/:id/sessions': createSession,
  'GET /api/analytics/stats': stats,
  'GET /api/analytics/confusion-patterns': confusionPatterns,
  'GET /api/analytics/session-insights': sessionInsights,
  'GET /api/professor/submissions': listSubmissions,
  'GET /api/professor/submissions/export': exportSubmissions,
  'POST /api/professor/submissions/reviewed': markReviewed,
};

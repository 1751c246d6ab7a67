import { deviceId } from '../../shared/deviceId';
import { dataClients } from '../clients';
import { ApiError, dataOrThrow, fromFunctionsError } from '../errors';
import type { ApiRequest, RouteTable } from '../routeTable';
import { isUuid } from './ids';

/** Response shapes of the student routes (seed §7, camelCase). */
export interface ClassToken {
  sessionId: string;
  courseId: string;
}

export interface ClassSession {
  sessionDate: string;
  expiresAt: string;
  courseId: string;
  topic: string | null;
}

export type DifficultyLevel = 'slightly' | 'very' | 'completely';

export interface TimelineItem {
  id: string;
  createdAt: string;
  topic: string;
  confusion: string;
  /** Null for session feedback rated 7 ("Very clear"): nothing confused the student. */
  difficultyLevel: DifficultyLevel | null;
}

/** GET /api/submissions?courseId=: the public timeline, newest first, with the course's counts. */
export interface CourseTimeline {
  total: number;
  thisWeek: number;
  items: TimelineItem[];
}

export interface CreatedSubmission {
  id: string;
  /** `<id>.<secret>`: the only key to read or edit this submission again. */
  editToken: string;
  sessionId: string;
}

interface OwnSubmissionBase {
  id: string;
  courseId: string;
  sessionId: string;
  /** False once the class session has ended: the submission can no longer be edited. */
  open: boolean;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface OwnQuickSubmission extends OwnSubmissionBase {
  kind: 'quick';
  topic: string;
  confusion: string;
  difficultyLevel: DifficultyLevel;
}

export interface OwnSessionSubmission extends OwnSubmissionBase {
  kind: 'session';
  mindAfterSession: string;
  unclearParts: string;
  wentWell: string;
  pace: string;
  challengeLevel: string;
  clarityRating: number;
  confidenceLevel: number;
}

/** GET /api/submissions/{id} (header `x-edit-token`): the student's own submission. */
export type OwnSubmission = OwnQuickSubmission | OwnSessionSubmission;

export const EXPIRED_LINK_MESSAGE = 'Session not found or expired. Please ask your professor for a new link.';
export const TIMELINE_LENGTH = 100;

/** GET /api/class-token/{token} → {sessionId, courseId}; an unknown, inactive or expired link is a 404. */
async function resolveClassToken({ params }: ApiRequest): Promise<ClassToken> {
  const { db } = await dataClients();
  const session = dataOrThrow<ClassToken | null>(
    await db.rpc('resolve_class_token', { token: params.token ?? '' }, { get: true }),
  );
  if (!session) throw new ApiError(404, EXPIRED_LINK_MESSAGE);
  return session;
}

/** GET /api/sessions/{sessionId} → {sessionDate, expiresAt, courseId, topic}. */
async function getSession({ params }: ApiRequest): Promise<ClassSession> {
  const id = params.sessionId ?? '';
  if (!isUuid(id)) throw new ApiError(404, 'Session not found');
  const { db } = await dataClients();
  const session = dataOrThrow<ClassSession | null>(await db.rpc('get_class_session', { session_id: id }, { get: true }));
  if (!session) throw new ApiError(404, 'Session not found');
  return session;
}

/** GET /api/submissions?courseId= → the course's public timeline (PRODUCT §5: nothing else is public). */
async function courseTimeline({ query }: ApiRequest): Promise<CourseTimeline> {
  const courseId = query.get('courseId') ?? '';
  if (!isUuid(courseId)) throw new ApiError(404, 'Course not found');
  const { db } = await dataClients();
  return dataOrThrow<CourseTimeline>(
    await db.rpc('course_timeline', { course_id: courseId, max_items: TIMELINE_LENGTH }, { get: true }),
  );
}

async function invokeSubmissions<T>(
  path: string,
  method: 'GET' | 'POST' | 'PUT',
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const { functions } = await dataClients();
  const { data, error } = await functions.invoke<T>(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
  });
  if (error) throw await fromFunctionsError(error);
  return data as T;
}

/** POST /api/submissions (Variant A or B) → {id, editToken, sessionId}; the device id rides along for rate limits. */
function createSubmission({ body, headers }: ApiRequest): Promise<CreatedSubmission> {
  return invokeSubmissions('submissions', 'POST', { 'x-device-id': headers['x-device-id'] ?? deviceId() }, body ?? {});
}

/** The edit token travels as the `x-edit-token` request header; without one the submission cannot exist. */
function editToken(request: ApiRequest): string {
  const token = request.headers['x-edit-token'];
  if (!token || !isUuid(request.params.id ?? '')) throw new ApiError(404, 'Submission not found');
  return token;
}

/** GET /api/submissions/{id} with header `x-edit-token`. */
function getOwnSubmission(request: ApiRequest): Promise<OwnSubmission> {
  const token = editToken(request);
  return invokeSubmissions(`submissions/${request.params.id}`, 'GET', { 'x-edit-token': token });
}

/** PUT /api/submissions/{id} with header `x-edit-token`: the content fields only (seed §7). */
function updateOwnSubmission(request: ApiRequest): Promise<OwnSubmission> {
  const token = editToken(request);
  return invokeSubmissions(`submissions/${request.params.id}`, 'PUT', { 'x-edit-token': token }, request.body ?? {});
}

export const studentRoutes: RouteTable = {
  'GET /api/class-token/:token': resolveClassToken,
  'GET /api/sessions/:sessionId': getSession,
  'GET /api/submissions': courseTimeline,
  'POST /api/submissions': createSubmission,
  'GET /api/submissions/:id': getOwnSubmission,
  'PUT /api/submissions/:id': updateOwnSubmission,
};

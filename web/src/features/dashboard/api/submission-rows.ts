import { dataClients } from '../../../lib/clients';
import { dataOrThrow } from '../../../lib/errors';
import type { Reply } from '../../../shared/api/reply-to-submission';
import type { DifficultyLevel } from '../../../shared/labels';

/** One submission of either kind, as the dashboard and the CSV export read it. */
export interface ProfessorSubmission {
  id: string;
  courseId: string;
  /** The submission's course; its section (null: none) shows beside the code. */
  course: { code: string; name: string; section?: string | null };
  kind: 'quick' | 'session';
  topic: string;
  /** What was confusing: Variant A's confusion or Variant B's unclearParts. */
  confusion: string;
  /** Variant A's difficulty, or the one derived from Variant B's clarity (null: not confused). */
  difficultyLevel: DifficultyLevel | null;
  createdAt: string;
  reviewedAt: string | null;
  /** When the team hid it from the public course page (null: shown there, subject to the course's rules). */
  hiddenAt: string | null;
  mindAfterSession: string | null;
  unclearParts: string | null;
  wentWell: string | null;
  pace: string | null;
  challengeLevel: string | null;
  clarityRating: number | null;
  confidenceLevel: number | null;
  /** The professor's reply, read in the same request (one-to-one embed). */
  reply: Reply | null;
}

/** PostgREST's max-rows: the most one request returns. */
export const PAGE_SIZE = 1000;

// One literal, so postgrest-js can type the rows from it.
const COLUMNS =
  'id, course_id, kind, reviewed_at, hidden_at, created_at, topic, confusion_text, confusion_level, mind_after_session, unclear_parts, went_well, pace, challenge_level, clarity_rating, confidence_level, courses(code, name, section), submission_replies(body, updated_at)';

/** Where the previous page of a newest-first read ended. */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** A value inside a PostgREST logic tree (`or=(…)`), quoted: timestamps hold `.` and `:`. */
function treeValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Up to `limit` of the professor's submissions (RLS: own courses only), newest first (ties by id,
 * descending), each strictly after `after` in that order: keyset paging, so rows arriving or
 * leaving meanwhile cannot shift a page.
 */
export async function readSubmissions(courseId: string | undefined, limit: number, after?: Cursor): Promise<ProfessorSubmission[]> {
  const { db } = await dataClients();
  let request = db.from('submissions').select(COLUMNS);
  if (courseId) request = request.eq('course_id', courseId);
  if (after) {
    const createdAt = treeValue(after.createdAt);
    request = request.or(`created_at.lt.${createdAt},and(created_at.eq.${createdAt},id.lt.${treeValue(after.id)})`);
  }
  const rows = dataOrThrow(await request.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit));
  return rows.map((row) => ({
    id: row.id,
    courseId: row.course_id,
    course: { code: row.courses?.code ?? '', name: row.courses?.name ?? '', section: row.courses?.section ?? null },
    kind: row.kind as ProfessorSubmission['kind'],
    topic: row.topic,
    confusion: row.confusion_text ?? '',
    difficultyLevel: row.confusion_level as DifficultyLevel | null,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
    hiddenAt: row.hidden_at,
    mindAfterSession: row.mind_after_session,
    unclearParts: row.unclear_parts,
    wentWell: row.went_well,
    pace: row.pace,
    challengeLevel: row.challenge_level,
    clarityRating: row.clarity_rating,
    confidenceLevel: row.confidence_level,
    reply: row.submission_replies && {
      submissionId: row.id,
      body: row.submission_replies.body,
      updatedAt: row.submission_replies.updated_at,
    },
  }));
}

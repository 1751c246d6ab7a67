import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { firstPageQuery } from '../../lib/firstPageQuery';
import { isUuid } from '../../lib/ids';
import { jsonAs } from '../../lib/json';
import { queryKeys } from '../../lib/queryKeys';
import type { FollowUpFigures } from '../topicComparison';

export type { FollowUpFigures };

/** A professor's "you said, we did" note on one class session. */
export interface SessionNote {
  id: string;
  sessionId: string;
  sessionDate: string;
  body: string;
  createdAt: string;
  /** An old note's single check question (no longer asked; docs/decisions/follow-up-checks.md). */
  checkQuestion?: string | null;
  /** The topics the next session rates and, once shown, their figures; null when the note asks nothing. */
  figures?: FollowUpFigures | null;
}

export const NOTES_SHOWN = 20;

/** GET /api/notes?courseId=: a course's notes, newest first (public, like the course page). */
export async function getCourseNotes(courseId: string): Promise<SessionNote[]> {
  if (!isUuid(courseId)) return [];
  const { db } = await dataClients();
  return jsonAs<SessionNote[]>(dataOrThrow(await db.rpc('course_notes', { course_id: courseId, max_items: NOTES_SHOWN }, { get: true })));
}

export const courseNotesQueryOptions = (courseId: string) =>
  queryOptions({ ...firstPageQuery, queryKey: queryKeys.notes.course(courseId), queryFn: () => getCourseNotes(courseId) });

export const useCourseNotes = (courseId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...courseNotesQueryOptions(courseId), enabled });

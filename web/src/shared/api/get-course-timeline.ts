import { dataClients } from '../../lib/clients';
import { ApiError, dataOrThrow } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { jsonAs } from '../../lib/json';
import type { DifficultyLevel } from '../labels';

export interface TimelineItem {
  id: string;
  createdAt: string;
  topic: string;
  confusion: string;
  /** Null for session feedback rated 7 ("Very clear"): nothing confused the student. */
  difficultyLevel: DifficultyLevel | null;
}

/** The public timeline of a course, newest first, with the course's counts. */
export interface CourseTimeline {
  total: number;
  thisWeek: number;
  items: TimelineItem[];
}

export const TIMELINE_LENGTH = 100;

/** GET /api/submissions?courseId=: the course's public timeline (nothing else about feedback is public). */
export async function getCourseTimeline(courseId: string): Promise<CourseTimeline> {
  if (!isUuid(courseId)) throw new ApiError(404, 'Course not found');
  const { db } = await dataClients();
  return jsonAs<CourseTimeline>(
    dataOrThrow(await db.rpc('course_timeline', { course_id: courseId, max_items: TIMELINE_LENGTH }, { get: true })),
  );
}

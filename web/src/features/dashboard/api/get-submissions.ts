import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { PAGE_SIZE, type ProfessorSubmission, readSubmissions } from './submission-rows';

/** The dashboard's Recent Submissions list. */
export const RECENT_LIMIT = 10;

/** GET /api/professor/submissions?courseId=&limit=: the newest of the professor's submissions. */
export function getSubmissions(courseId: string | undefined, limit: number): Promise<ProfessorSubmission[]> {
  return readSubmissions(courseId, Math.min(Math.max(Math.trunc(limit), 1), PAGE_SIZE));
}

export const recentSubmissionsQueryOptions = (courseId?: string) =>
  queryOptions({
    queryKey: queryKeys.professor.submissions.recent(courseId, RECENT_LIMIT),
    queryFn: () => getSubmissions(courseId, RECENT_LIMIT),
  });

export const useRecentSubmissions = (courseId?: string) => useQuery(recentSubmissionsQueryOptions(courseId));

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api';
import type { ActiveSession, DashboardStats, ProfessorCourse } from '../../api/routes/professor';
import type { Course } from '../../api';

export const professorKeys = {
  courses: ['/api/professor/courses'],
  activeSession: (courseId: string) => ['/api/courses', courseId, 'active-session'],
  stats: (courseId?: string) => ['/api/analytics/stats', { courseId }],
} as const;

/**
 * Refetches every query whose path starts with one of `roots`: `/api/analytics` covers
 * `['/api/analytics/stats', …]` too (TanStack's key prefixes compare whole parts, not text).
 */
export function invalidatePaths(queryClient: QueryClient, roots: string[]) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && roots.some((root) => (queryKey[0] as string).startsWith(root)),
  });
}

/** Seed §7: course and session changes refresh the cached course and submission lists (and analytics). */
export function refreshAfterCourseChange(queryClient: QueryClient) {
  return invalidatePaths(queryClient, ['/api/courses', '/api/professor', '/api/submissions', '/api/analytics']);
}

export function useMyCourses(enabled: boolean) {
  return useQuery<ProfessorCourse[]>({ queryKey: professorKeys.courses, enabled });
}

export function useActiveSession(courseId: string) {
  return useQuery<ActiveSession | null>({ queryKey: professorKeys.activeSession(courseId) });
}

/**
 * How many submissions a course holds, for the delete confirmation. Data never goes stale on its
 * own (seed §7) and the dashboard may have cached this course's stats, so every mount fetches
 * afresh: the caller mounts it once per opening. `counting` is true until that fetch has answered
 * (from the first render on: TanStack reports the mount's fetch optimistically), so a cached count
 * is never shown; `count` is undefined when the fetch failed.
 */
export function useCourseSubmissionCount(courseId: string, enabled: boolean) {
  const query = useQuery<DashboardStats, Error, number>({
    queryKey: professorKeys.stats(courseId),
    enabled,
    refetchOnMount: 'always',
    select: (stats) => stats.totalSubmissions,
  });
  return { counting: query.isFetching, count: query.isSuccess ? query.data : undefined };
}

export interface CourseInput {
  name: string;
  code: string;
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CourseInput }) =>
      id ? apiRequest<Course>('PUT', `/api/courses/${encodeURIComponent(id)}`, input) : apiRequest<Course>('POST', '/api/courses', input),
    onSuccess: () => refreshAfterCourseChange(queryClient),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/courses/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: professorKeys.activeSession(id) });
      return refreshAfterCourseChange(queryClient);
    },
  });
}

export function useCreateTodaySession(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topic: string) =>
      apiRequest<ActiveSession>('POST', `/api/courses/${encodeURIComponent(courseId)}/sessions`, topic.trim() ? { topic } : {}),
    onSuccess: (session) => {
      queryClient.setQueryData(professorKeys.activeSession(courseId), session);
      return refreshAfterCourseChange(queryClient);
    },
  });
}

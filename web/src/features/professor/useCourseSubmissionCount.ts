import { useQuery } from '@tanstack/react-query';
import { dashboardStatsQueryOptions } from '../../shared/api/get-dashboard-stats';

/**
 * How many submissions a course holds, for the delete confirmation. Cached data never goes stale
 * on its own and the dashboard may have cached this course's stats, so every mount fetches afresh:
 * the caller mounts it once per opening. `counting` is true until that fetch has answered (from the
 * first render on: TanStack reports the mount's fetch optimistically), so a cached count is never
 * shown; `count` is undefined when the fetch failed.
 */
export function useCourseSubmissionCount(courseId: string, enabled: boolean) {
  const query = useQuery({
    ...dashboardStatsQueryOptions(courseId),
    enabled,
    refetchOnMount: 'always',
    select: (stats) => stats.totalSubmissions,
  });
  return { counting: query.isFetching, count: query.isSuccess ? query.data : undefined };
}

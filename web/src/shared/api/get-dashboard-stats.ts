import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataClients } from '../../lib/clients';
import { dataOrThrow } from '../../lib/errors';
import { jsonAs } from '../../lib/json';
import { queryKeys } from '../../lib/queryKeys';

export interface DashboardStats {
  totalSubmissions: number;
  activeCourses: number;
  recentSubmissions: number;
  lastWeekSubmissions: number;
  pendingReview: number;
}

/** GET /api/analytics/stats?courseId=: the dashboard's counts, for one course or all of one's own. */
export async function getDashboardStats(courseId?: string): Promise<DashboardStats> {
  const { db } = await dataClients();
  return jsonAs<DashboardStats>(dataOrThrow(await db.rpc('dashboard_stats', courseId ? { course_id: courseId } : {})));
}

export const dashboardStatsQueryOptions = (courseId?: string) =>
  queryOptions({ queryKey: queryKeys.analytics.stats(courseId), queryFn: () => getDashboardStats(courseId) });

export const useDashboardStats = (courseId?: string) => useQuery(dashboardStatsQueryOptions(courseId));

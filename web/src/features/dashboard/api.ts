import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api';
import { invalidatePaths } from '../professor/api';
import type { ConfusionPattern, DashboardStats, ProfessorSubmission, SessionInsight } from '../../api/routes/professor';

export const RECENT_LIMIT = 10; // seed §9

export const dashboardKeys = {
  stats: (courseId?: string) => ['/api/analytics/stats', { courseId }],
  patterns: (days: number, courseId?: string) => ['/api/analytics/confusion-patterns', { days, courseId }],
  insights: (courseId?: string) => ['/api/analytics/session-insights', { courseId, days: 30, maxSessions: 6 }],
  recent: (courseId?: string) => ['/api/professor/submissions', { courseId, limit: RECENT_LIMIT }],
} as const;

export const useStats = (courseId?: string) => useQuery<DashboardStats>({ queryKey: dashboardKeys.stats(courseId) });
export const usePatterns = (days: number, courseId?: string) =>
  useQuery<ConfusionPattern[]>({ queryKey: dashboardKeys.patterns(days, courseId) });
export const useSessionInsights = (courseId?: string) => useQuery<SessionInsight[]>({ queryKey: dashboardKeys.insights(courseId) });
export const useRecentSubmissions = (courseId?: string) =>
  useQuery<ProfessorSubmission[]>({ queryKey: dashboardKeys.recent(courseId) });

/** Everything the dashboard shows, refetched after a review change or on "Refresh". */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, ['/api/analytics', '/api/professor/submissions']);
}

export function useMarkReviewed() {
  const refresh = useRefreshDashboard();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<{ changed: number }>('POST', '/api/professor/submissions/reviewed', { ids }),
    onSuccess: () => refresh(),
  });
}

export function fetchExport(courseId?: string): Promise<ProfessorSubmission[]> {
  const query = courseId ? `?courseId=${encodeURIComponent(courseId)}` : '';
  return apiRequest<ProfessorSubmission[]>('GET', `/api/professor/submissions/export${query}`);
}

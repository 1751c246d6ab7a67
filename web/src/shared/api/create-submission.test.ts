import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateAfterSubmission } from './create-submission';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';

vi.mock('../../lib/authClient', () => ({ loadAuthClient: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const COURSE = '3f1e2d3c-4b5a-4678-9abc-def012345678';

describe('a new submission', () => {
  it("refetches the dashboard's analytics that are on screen, for every course filter", async () => {
    let total = 1;
    const statsRequests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        statsRequests.push(String(input));
        return Response.json({
          totalSubmissions: total,
          activeCourses: 1,
          recentSubmissions: total,
          lastWeekSubmissions: 0,
          pendingReview: total,
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const allCourses = new QueryObserver(queryClient, dashboardStatsQueryOptions());
    const oneCourse = new QueryObserver(queryClient, dashboardStatsQueryOptions(COURSE));
    const shown: number[] = [];
    const unsubscribe = [allCourses, oneCourse].map((observer) =>
      observer.subscribe((result) => result.data && shown.push(result.data.totalSubmissions)),
    );
    await vi.waitFor(() => expect(shown).toEqual([1, 1]));

    total = 2;
    await invalidateAfterSubmission(queryClient);

    expect(statsRequests.filter((url) => url.includes('/rpc/dashboard_stats'))).toHaveLength(4);
    expect(allCourses.getCurrentResult().data?.totalSubmissions).toBe(2);
    expect(oneCourse.getCurrentResult().data?.totalSubmissions).toBe(2);
    unsubscribe.forEach((stop) => stop());
  });
});

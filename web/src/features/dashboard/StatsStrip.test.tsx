// The dashboard's four figures from the stats it is given, while they load, and when they failed.
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../shared/api/get-dashboard-stats';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { StatsStrip } from './StatsStrip';

const STATS: DashboardStats = { totalSubmissions: 42, activeCourses: 3, recentSubmissions: 7, lastWeekSubmissions: 4, pendingReview: 5 };

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  toaster.remove();
});

const show = async (props: { stats?: DashboardStats; loading?: boolean; failed?: boolean }) =>
  ({ unmount } = await renderInApp(<StatsStrip stats={props.stats} loading={props.loading ?? false} failed={props.failed ?? false} />));

/** The big number of the card with this label. */
const figure = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

describe('StatsStrip', () => {
  it('shows each figure with its line beneath, in a region named Statistics', async () => {
    await show({ stats: STATS });
    expect(screen.getByRole('region', { name: 'Statistics' })).toBeTruthy();
    expect(figure('Total Submissions')).toBe('42');
    expect(screen.getByText('+7 from last week')).toBeTruthy();
    expect(figure('Active Courses')).toBe('3');
    expect(screen.getByText('All courses active')).toBeTruthy();
    expect(figure('Recent Activity')).toBe('7');
    expect(screen.getByText('submissions this week')).toBeTruthy();
    expect(figure('Response Needed')).toBe('5');
    expect(screen.getByText('pending review')).toBeTruthy();
  });

  it('says "No active courses" when none is', async () => {
    await show({ stats: { ...STATS, activeCourses: 0 } });
    expect(figure('Active Courses')).toBe('0');
    expect(screen.getByText('No active courses')).toBeTruthy();
    expect(screen.queryByText('All courses active')).toBeNull();
  });

  it('keeps the labels but shows no figure while loading', async () => {
    await show({ loading: true });
    expect(screen.getByText('Total Submissions')).toBeTruthy();
    expect(screen.getByText('Response Needed')).toBeTruthy();
    expect(screen.queryByTestId('stat-Total Submissions')).toBeNull();
    expect(screen.queryByTestId('stat-Response Needed')).toBeNull();
    expect(screen.queryByText('pending review')).toBeNull();
  });

  it('says "Unable to load statistics" as an alert instead of the cards when the stats failed', async () => {
    await show({ failed: true });
    expect(screen.getByRole('alert').textContent).toBe('Unable to load statistics');
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    expect(screen.queryByText('Total Submissions')).toBeNull();
  });
});

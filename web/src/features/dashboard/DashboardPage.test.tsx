// The dashboard page with its reads answered by the test (no stack), through the app's own query
// keys, so "Refresh" and "Try again" refetch as they do in the app: the course filter, the summary,
// and the inline errors of the statistics and the filter with their retries.
import { useQuery } from '@tanstack/react-query';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import type { DashboardStats } from '../../shared/api/get-dashboard-stats';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { toaster } from '../../shared/ui/toaster';
import { expectNoSeriousA11yViolations } from '../../test/axe';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';

const api = vi.hoisted(() => ({
  stats: vi.fn<(courseId?: string) => Promise<DashboardStats>>(),
  courses: vi.fn<() => Promise<ProfessorCourse[]>>(),
  patterns: vi.fn(),
  exportRows: vi.fn(),
  saveCsv: vi.fn(),
}));

vi.mock('../../shared/api/get-dashboard-stats', async (original) => {
  const actual = await original<typeof import('../../shared/api/get-dashboard-stats')>();
  const useDashboardStats = (courseId?: string) =>
    useQuery({ ...actual.dashboardStatsQueryOptions(courseId), queryFn: () => api.stats(courseId) });
  return { ...actual, useDashboardStats };
});
vi.mock('../../shared/api/get-my-courses', async (original) => {
  const actual = await original<typeof import('../../shared/api/get-my-courses')>();
  return { ...actual, useMyCourses: () => useQuery({ ...actual.myCoursesQueryOptions(), queryFn: api.courses }) };
});
vi.mock('./api/get-confusion-patterns', async (original) => {
  const actual = await original<typeof import('./api/get-confusion-patterns')>();
  const useConfusionPatterns = (days: number, courseId?: string) =>
    useQuery({ ...actual.confusionPatternsQueryOptions(days, courseId), queryFn: () => api.patterns(days, courseId) });
  return { ...actual, useConfusionPatterns };
});
vi.mock('./api/get-submissions', async (original) => {
  const actual = await original<typeof import('./api/get-submissions')>();
  return { ...actual, useRecentSubmissions: (id?: string) => useQuery({ ...actual.recentSubmissionsQueryOptions(id), queryFn: () => [] }) };
});
vi.mock('./api/get-session-insights', async (original) => {
  const actual = await original<typeof import('./api/get-session-insights')>();
  return { ...actual, useSessionInsights: (id?: string) => useQuery({ ...actual.sessionInsightsQueryOptions(id), queryFn: () => [] }) };
});
vi.mock('./api/export-submissions', () => ({ exportSubmissions: api.exportRows }));
vi.mock('../../lib/saveCsv', () => ({ saveCsv: api.saveCsv }));

const { DashboardPage } = await import('./DashboardPage');

const course = (id: string, code: string, name: string, more: Partial<ProfessorCourse> = {}) =>
  professorCourse({ id, code, name, section: null, ...more });
const COURSES = [
  course('c3', 'MATH 2', 'Calculus', { role: 'ta' }),
  course('c2', 'CS 101', 'Programming', { section: '010' }),
  course('c1', 'CS 101', 'Programming', { section: '002' }),
  course('c0', 'BIO 1', 'Biology', { term: 'Spring 2026', endedAt: '2026-05-30T00:00:00Z' }),
];
const stats = (total: number, recent: number, lastWeek: number, pending: number): DashboardStats => ({
  totalSubmissions: total,
  activeCourses: 3,
  recentSubmissions: recent,
  lastWeekSubmissions: lastWeek,
  pendingReview: pending,
});
const RECURSION = {
  topic: 'Recursion',
  course: 'CS 101',
  courseId: 'c1',
  count: 4,
  meToos: 0,
  students: 4,
  difficultyDistribution: { slightly: 4, very: 0, completely: 0 },
};

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  api.stats.mockResolvedValue(stats(12, 7, 4, 5));
  api.courses.mockResolvedValue(COURSES);
  api.patterns.mockResolvedValue([RECURSION]);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () =>
  ({ unmount } = await renderInApp(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  ));
const filter = () => screen.getByLabelText('Course') as HTMLSelectElement;
const options = () => [...filter().options].map((option) => option.textContent);
/** The big number of the card with this label, once it is shown. */
const figure = async (label: string) => (await screen.findByTestId(`stat-${label}`)).textContent;

describe('DashboardPage', () => {
  it('offers every course in the filter by code and section, ended ones last with their term', async () => {
    await show();
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(options()).toEqual([
      'All Courses',
      'CS 101 · Section 002 - Programming',
      'CS 101 · Section 010 - Programming',
      'MATH 2 - Calculus (TA)',
      'BIO 1 - Biology · Spring 2026',
    ]);
    expect(filter().querySelector('optgroup')!.label).toBe('Ended courses');
    // Was the browser's check after "End Term" (e2e/terms.spec.ts): the ended course, and it alone, under "Ended courses".
    expect([...filter().querySelectorAll('optgroup option')].map((option) => option.textContent)).toEqual([
      'BIO 1 - Biology · Spring 2026',
    ]);
  });

  it('shows the figures of every course, then of the chosen one, with a link to its live view', async () => {
    await show();
    expect(await figure('Total Submissions')).toBe('12');
    expect(api.stats).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByRole('link', { name: 'Open Live View' })).toBeNull();
    api.stats.mockResolvedValue(stats(3, 2, 2, 0));
    await waitFor(() => expect(options()).toHaveLength(5));
    await userEvent.setup().selectOptions(filter(), 'CS 101 · Section 010 - Programming');
    await waitFor(() => expect(screen.getByTestId('stat-Total Submissions').textContent).toBe('3'));
    expect(api.stats).toHaveBeenLastCalledWith('c2');
    expect(api.patterns).toHaveBeenLastCalledWith(7, 'c2');
    expect(screen.getByRole('link', { name: 'Open Live View' }).getAttribute('href')).toBe('/professor/live/c2');
  });

  it('sums up the week: the change from the week before, what waits for review, the most confusing topic', async () => {
    await show();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(summary.textContent).toBe(
        '7 submissions in the last 7 days, 3 more than the week before. 5 are waiting for your review. Most confusing topic this week: Recursion.',
      ),
    );
  });

  it('says when nothing waits for review and the week was quieter, with no topic when none was confusing', async () => {
    api.stats.mockResolvedValue(stats(9, 1, 3, 0));
    api.patterns.mockResolvedValue([]);
    await show();
    expect(await figure('Total Submissions')).toBe('9');
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toBe(
      '1 submission in the last 7 days, 2 fewer than the week before. Everything has been reviewed.',
    );
  });

  it('says "Unable to load statistics" instead of the figures, and "Refresh" reads them again', async () => {
    api.stats.mockRejectedValueOnce(new Error('offline'));
    await show();
    expect(within(await screen.findByRole('alert')).getByText('Unable to load statistics')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(api.stats).toHaveBeenCalledTimes(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await figure('Total Submissions')).toBe('12');
    expect(api.stats).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Unable to load statistics')).toBeNull();
  });

  it('says the courses failed to load, offers only "All Courses", and "Try again" reads them again', async () => {
    api.courses.mockRejectedValueOnce(new Error('offline'));
    await show();
    expect(await screen.findByText('Unable to load your courses, so only "All Courses" can be chosen.')).toBeTruthy();
    expect(options()).toEqual(['All Courses']);
    expect(filter().getAttribute('aria-invalid')).toBe('true');
    expect(api.courses).toHaveBeenCalledTimes(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(api.courses).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Unable to load your courses', { exact: false })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('with both reads failed (offline), shows both inline errors at once, each with its retry', async () => {
    // A network failure, as the façade throws it (web/src/shared/api/api.test.ts).
    api.stats.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    api.courses.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    await show();
    expect(within(await screen.findByRole('alert')).getByText('Unable to load statistics')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    expect(await screen.findByText('Unable to load your courses, so only "All Courses" can be chosen.')).toBeTruthy();
    expect(options()).toEqual(['All Courses']);
    await expectNoSeriousA11yViolations(document.body);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(options()).toContain('CS 101 · Section 010 - Programming');
    expect(screen.queryByText('Unable to load your courses', { exact: false })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await figure('Total Submissions')).toBe('12');
    expect(screen.queryByText('Unable to load statistics')).toBeNull();
  });

  it('shows the labels but no figure, and no summary, while they load', async () => {
    api.stats.mockReturnValue(new Promise(() => {}));
    api.courses.mockReturnValue(new Promise(() => {}));
    await show();
    expect(screen.getByText('Total Submissions')).toBeTruthy();
    expect(screen.queryByTestId('stat-Total Submissions')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(options()).toEqual(['All Courses']);
    // Nothing to choose from yet: the filter waits for its courses.
    expect(filter().disabled).toBe(true);
  });

  it('"Export" saves the chosen course’s submissions as a CSV named after it, and says so when it fails', async () => {
    api.exportRows.mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('offline'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await show();
    const user = userEvent.setup();
    await waitFor(() => expect(options()).toHaveLength(5));
    await user.selectOptions(filter(), 'MATH 2 - Calculus (TA)');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(api.saveCsv).toHaveBeenCalledWith(expect.any(String), expect.stringMatching(/^classpulse-feedback-MATH-2-/)),
    );
    expect(api.exportRows).toHaveBeenLastCalledWith('c3');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await expectToast('Error', 'Failed to export submissions');
    expect(logged).toHaveBeenCalledWith('Export', expect.any(Error));
    logged.mockRestore();
  });
});

// The term report from a report the façade is given (no stack): its range and counts, each
// session's row, the clarity and pace charts' summaries and values, the weeks' shared confusion,
// the alarm's peaks (the notes' section is tested beside it, NotesSection.test.tsx);
// the empty report; loading, not found and a failed read; the range.
import { fireEvent, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { cells } from '../../test/tables';
import type { TermReport } from './api/get-term-report';
import { EMPTY, REPORT } from '../../test/termReport';

interface ReportRead {
  data?: TermReport;
  isError?: boolean;
  error?: unknown;
}
const read = vi.hoisted(() => ({ current: {} as ReportRead }));
const asked = vi.hoisted(() => vi.fn());
const refetch = vi.hoisted(() => vi.fn());

vi.mock('./api/get-term-report', async (original) => ({
  ...(await original<object>()),
  useTermReport: (courseId: string, range: object) => {
    asked(courseId, range);
    return { isError: false, isFetching: false, refetch, ...read.current };
  },
}));

const { ReportPage } = await import('./ReportPage');

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  read.current = { data: REPORT };
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () =>
  ({ unmount } = await renderInApp(
    <MemoryRouter initialEntries={['/professor/courses/c1/report']}>
      <Routes>
        <Route path="/professor/courses/:courseId/report" element={<ReportPage />} />
      </Routes>
    </MemoryRouter>,
  ));
const section = (name: string) => within(screen.getByRole('region', { name }));
const time = (hours: number, minutes: number) =>
  new Date(2026, 8, 8, hours, minutes).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });

describe('ReportPage', () => {
  it('names the course and the range, with its sessions and responses', async () => {
    await show();
    expect(asked).toHaveBeenCalledWith('c1', {});
    expect(screen.getByText('CS 101 · Programming')).toBeTruthy();
    expect(screen.getByText('Sep 1, 2026 to Sep 10, 2026: 4 class sessions, 22 responses')).toBeTruthy();
    expect(screen.getByText(/sessions with fewer than 5 responses show their counts only/).textContent).toMatch(
      /leave out hidden feedback\.$/,
    );
  });

  it('lists each session with its responses and means, a protected one with its count only', async () => {
    await show();
    expect(cells(section('Responses per Session').getByRole('table'))).toEqual([
      ['Sep 1, 2026', 'Recursion', '8', '3.46', '55.6'],
      ['Sep 3, 2026', 'No topic set', '2', 'Shown from 5 responses, to protect anonymity'],
      ['Sep 8, 2026', 'Sorting', '7', '5.1', '72'],
      ['Sep 10, 2026', 'Quick checks', '5', '–', '–'],
    ]);
  });

  it('sums up clarity and confidence from the first to the last session with means, and lists the chart’s values', async () => {
    await show();
    const clarity = section('Clarity and Confidence');
    expect(clarity.getByTestId('clarity-chart-summary').textContent).toBe(
      'Mean clarity went from 3.46 (Sep 1, 2026) to 5.1 (Sep 8, 2026) on a scale of 1 to 7; mean confidence from 55.6% to 72%, over 2 sessions with enough responses.',
    );
    expect(cells(clarity.getByRole('table', { name: 'The chart’s values' }))).toEqual([
      ['Sep 1, 2026', '3.46', '55.6'],
      ['Sep 3, 2026', '–', '–'],
      ['Sep 8, 2026', '5.1', '72'],
      ['Sep 10, 2026', '–', '–'],
    ]);
  });

  it('scores pace and challenge from −2 to +2, sums up the last scored session, and lists the chart’s values', async () => {
    await show();
    const pace = section('Pace and Challenge over Time');
    expect(pace.getByTestId('pace-chart-summary').textContent).toBe(
      'From −2 to +2, 0 being right: pace -1 (too slow) and challenge 2 (too hard) at the last session with enough responses (Sep 8, 2026); 2 sessions in the chart.',
    );
    expect(cells(pace.getByRole('table', { name: 'The chart’s values' }))).toEqual([
      ['Sep 1, 2026', '0.5', '0.25'],
      ['Sep 3, 2026', '–', '–'],
      ['Sep 8, 2026', '-1', '2'],
      ['Sep 10, 2026', '–', '–'],
    ]);
  });

  it('shows each week’s most shared confusion in the order given and the alarm’s peaks', async () => {
    await show();
    const weeks = section('Most Shared Confusion by Week');
    expect(weeks.getByText('Week of Aug 31, 2026')).toBeTruthy();
    expect(weeks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '“The base case” — 3 students',
      '“Pivot choice” — 1 student',
    ]);
    expect(section('Confusion Alarm Peaks').getByRole('listitem').textContent).toBe(
      `Sep 8, 2026, ${time(10, 5)}–${time(10, 12)}: 4 of 6 responses completely lost (67%)`,
    );
  });

  it('says what each section lacks when the range has no session', async () => {
    read.current = { data: EMPTY };
    await show();
    expect(screen.getByText('Sep 1, 2026 to Sep 10, 2026: 0 class sessions, 0 responses')).toBeTruthy();
    expect(screen.getByText(/leave out hidden feedback and feedback not yet reviewed\.$/)).toBeTruthy();
    expect(section('Responses per Session').getByText('No class sessions in this range.')).toBeTruthy();
    expect(screen.getByText('No session of this range has enough session feedback for means.')).toBeTruthy();
    expect(screen.getByText('No session of this range has enough pace or challenge answers.')).toBeTruthy();
    expect(screen.getByText('No confusion shared in this range.')).toBeTruthy();
    expect(screen.getByText('No notes in this range.')).toBeTruthy();
    expect(screen.getByText('The alarm never went off in this range.')).toBeTruthy();
  });

  it('is announced as loading until the report comes', async () => {
    read.current = {};
    await show();
    expect(screen.getByRole('status', { name: 'Loading the term report' })).toBeTruthy();
    expect(screen.queryByText('Responses per Session')).toBeNull();
  });

  it('says "Course Not Found" for a course that is not one of the professor’s', async () => {
    read.current = { isError: true, error: new ApiError(404, 'Course not found') };
    await show();
    expect(screen.getByRole('heading', { name: 'Course Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Courses' }).getAttribute('href')).toBe('/professor');
  });

  it('says it could not load the report otherwise, and "Try again" reads it again', async () => {
    read.current = { isError: true, error: new Error('offline') };
    await show();
    expect(within(screen.getByRole('alert')).getByText('Unable to load the term report')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('reads the chosen range, refuses an end before the start, and goes back to the whole term', async () => {
    await show();
    const user = userEvent.setup();
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-09-08' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-09-01' } });
    await user.click(screen.getByRole('button', { name: 'Show Report' }));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(asked).not.toHaveBeenCalledWith('c1', expect.objectContaining({ from: '2026-09-08' }));

    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    await user.click(screen.getByRole('button', { name: 'Show Report' }));
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('c1', { from: '2026-09-08', to: '2026-09-30' }));
    await user.click(screen.getByRole('button', { name: 'Whole Term' }));
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('c1', {}));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });
});

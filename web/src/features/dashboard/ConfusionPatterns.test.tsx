// Top Confusion Patterns from the patterns the façade is given (no stack): each topic's figures in
// the order given, the teaching suggestion, the time range, and the loading, empty and failed states.
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import type { ConfusionPattern } from './api/get-confusion-patterns';

interface PatternsRead {
  data?: ConfusionPattern[];
  isLoading?: boolean;
  isError?: boolean;
  isSuccess?: boolean;
}
const read = vi.hoisted(() => ({ current: {} as PatternsRead }));
const asked = vi.hoisted(() => vi.fn());

vi.mock('./api/get-confusion-patterns', async (original) => ({
  ...(await original<object>()),
  useConfusionPatterns: (days: number, courseId?: string) => {
    asked(days, courseId);
    return { isLoading: false, isError: false, isSuccess: false, ...read.current };
  },
}));

const { ConfusionPatterns } = await import('./ConfusionPatterns');

const pattern = (topic: string, course: string, count: number, meToos: number, [slightly, very, completely]: number[]) => ({
  topic,
  course,
  courseId: course,
  count,
  meToos,
  students: count + meToos,
  difficultyDistribution: { slightly: slightly!, very: very!, completely: completely! },
});
const RECURSION = pattern('Recursion', 'CS 101', 3, 2, [1, 1, 1]);
const LIMITS = pattern('Limits', 'MATH 2', 1, 0, [0, 0, 1]);

let unmount: (() => Promise<void>) | undefined;
const onDaysChange = vi.fn();
beforeEach(() => {
  read.current = { data: [RECURSION, LIMITS], isSuccess: true };
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async (days: 7 | 30 | 90 = 7, courseId?: string) =>
  ({ unmount } = await renderInApp(<ConfusionPatterns courseId={courseId} days={days} onDaysChange={onDaysChange} />));

const rows = () => within(screen.getByRole('region', { name: 'Top Confusion Patterns' })).getAllByRole('listitem');

describe('ConfusionPatterns', () => {
  it('lists each topic in the order given, with its course, count, "me too"s and difficulty counts', async () => {
    await show(7, 'c1');
    expect(asked).toHaveBeenCalledWith(7, 'c1');
    const [first, second] = rows();
    expect(rows()).toHaveLength(2);
    expect(within(first!).getByText('Recursion')).toBeTruthy();
    expect(within(first!).getByText('CS 101')).toBeTruthy();
    expect(within(first!).getByText('3 submissions')).toBeTruthy();
    expect(within(first!).getByText('+ 2 "me too"')).toBeTruthy();
    expect(within(first!).getByText('Slightly confused: 1')).toBeTruthy();
    expect(within(first!).getByText('Very confused: 1')).toBeTruthy();
    expect(within(first!).getByText('Completely lost: 1')).toBeTruthy();
    expect(within(first!).getByText('of 3')).toBeTruthy();
    expect(within(second!).getByText('Limits')).toBeTruthy();
    expect(within(second!).getByText('1 submission')).toBeTruthy();
    expect(second!.textContent).not.toContain('me too');
    expect(within(second!).getByText('Completely lost: 1')).toBeTruthy();
    expect(within(second!).getByText('Slightly confused: 0')).toBeTruthy();
  });

  it('suggests revisiting the first topic, in the chosen period', async () => {
    await show(30);
    expect(screen.getByText('Teaching suggestion')).toBeTruthy();
    expect(
      screen.getByText(
        'Consider revisiting "Recursion" in CS 101: it drew 3 submissions about confusion this month. A short recap, a worked example or a quick check-in question at the start of the next class can help.',
      ),
    ).toBeTruthy();
  });

  it('shows the chosen range and hands a new one to the page', async () => {
    await show(7);
    const range = screen.getByLabelText('Time range') as HTMLSelectElement;
    expect([...range.options].map((option) => option.textContent)).toEqual(['This Week', 'This Month', 'This Semester']);
    expect(range.value).toBe('7');
    await userEvent.setup().selectOptions(range, 'This Semester');
    expect(onDaysChange).toHaveBeenCalledWith(90);
  });

  it('says so when no confusion was reported in the period, with no suggestion', async () => {
    read.current = { data: [], isSuccess: true };
    await show();
    expect(screen.getByText('No confusion reported in this period.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByText('Teaching suggestion')).toBeNull();
  });

  it('shows placeholder rows, announced, while loading', async () => {
    read.current = { isLoading: true };
    await show();
    expect(screen.getByRole('status', { name: 'Loading confusion patterns' })).toBeTruthy();
    expect(screen.queryByText('No confusion reported in this period.')).toBeNull();
  });

  it('says "Unable to load confusion patterns" when the read failed', async () => {
    read.current = { isError: true };
    await show();
    expect(screen.getByText('Unable to load confusion patterns')).toBeTruthy();
    expect(screen.queryByText('No confusion reported in this period.')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

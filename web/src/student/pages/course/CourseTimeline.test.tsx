import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import type { CourseTimeline } from '../../../shared/api/get-course-timeline';
import { Timeline } from './CourseTimeline';
import { TIMELINE, failedRead, pendingRead, readOf } from './testReads';

afterEach(() => setLanguage('en'));

const PATH = '/class-session?courseId=c1&sessionId=2026-11-25';
const es = (text: string) => spanish[text]!;

describe('the course timeline', () => {
  it('says it is loading', () => {
    render(<Timeline timeline={pendingRead()} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading submissions...');
  });

  it('a failed read offers "Try again", busy while it reads again', async () => {
    const failed = failedRead<CourseTimeline>();
    const { rerender } = render(<Timeline timeline={failed} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load the submissions');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
    rerender(<Timeline timeline={failedRead(true)} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('lists the entries newest first in a scroll box: difficulty, date and time, topic and the confusion in two lines', () => {
    render(<Timeline timeline={readOf(TIMELINE)} classDay feedbackPath={PATH} />);
    const box = screen.getByRole('region', { name: 'Submission timeline, newest first' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.className).toContain('max-h_24rem');
    const items = within(box).getAllByTestId('timeline-item');
    expect(items.map((item) => within(item).getByText(/confused|lost/).textContent)).toEqual([
      'Completely lost',
      'Very confused',
      'Slightly confused',
      'Not confused',
    ]);
    const time = items[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-25T20:30:00Z');
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-25T20:30:00Z')),
    );
    expect(within(items[0]!).getByText('Recursion')).toBeInTheDocument();
    expect(within(items[0]!).getByTestId('timeline-confusion')).toHaveTextContent('The base case.');
    expect(within(items[0]!).getByTestId('timeline-confusion').className).toContain('lc_2');
  });

  it('draws a long timeline in steps: what the box shows at once, the rest in the tasks after, newest first', async () => {
    const items = Array.from({ length: 100 }, (_, index) => ({
      ...TIMELINE.items[0]!,
      id: `s${index}`,
      topic: `Topic ${index}`,
      createdAt: new Date(Date.UTC(2026, 10, 25, 20, 30) - index * 60_000).toISOString(),
    }));
    render(<Timeline timeline={readOf<CourseTimeline>({ total: 100, thisWeek: 100, items })} classDay feedbackPath={PATH} />);
    expect(screen.getAllByTestId('timeline-item')).toHaveLength(10);
    expect(await screen.findByText('Topic 99')).toBeInTheDocument();
    const topics = screen.getAllByTestId('timeline-item').map((item) => within(item).getByText(/^Topic/).textContent);
    expect(topics).toEqual(items.map((item) => item.topic));
  });

  it('"No Feedback Shown Yet" while feedback exists that may not be shown', () => {
    render(<Timeline timeline={readOf<CourseTimeline>({ total: 3, thisWeek: 1, items: [] })} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No Feedback Shown Yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Feedback appears here once a class session has enough responses to keep everyone anonymous, and after review where the course asks for it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('"No Feedback Yet", with "Submit First Feedback" to the class day\'s form on a class day only', () => {
    const empty = readOf<CourseTimeline>({ total: 0, thisWeek: 0, items: [] });
    const { rerender } = render(<Timeline timeline={empty} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No Feedback Yet' })).toBeInTheDocument();
    expect(screen.getByText('Be the first to submit anonymous feedback for this course.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit First Feedback' })).toHaveAttribute('href', PATH);
    rerender(<Timeline timeline={empty} classDay={false} feedbackPath={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Submit First Feedback')).toBeNull();
  });

  it("holds the button's place, unseen and no link, while the class day is on its way", () => {
    render(<Timeline timeline={readOf<CourseTimeline>({ total: 0, thisWeek: 0, items: [] })} classDay feedbackPath={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
    const placeholder = screen.getByText('Submit First Feedback');
    expect(placeholder).not.toHaveAttribute('href');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    const { rerender } = render(<Timeline timeline={readOf(TIMELINE)} classDay feedbackPath={PATH} />);
    const box = screen.getByRole('region', { name: es('Submission timeline, newest first') });
    expect(within(box).getByText(es('Completely lost'))).toBeInTheDocument();
    expect(within(box).getByText(es('Not confused'))).toBeInTheDocument();
    expect(box.querySelector('time')!.textContent).toBe(
      new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-25T20:30:00Z')),
    );
    rerender(<Timeline timeline={readOf<CourseTimeline>({ total: 0, thisWeek: 0, items: [] })} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('heading', { name: es('No Feedback Yet') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es('Submit First Feedback') })).toHaveAttribute('href', PATH);
    rerender(<Timeline timeline={pendingRead()} classDay feedbackPath={PATH} />);
    expect(screen.getByRole('status')).toHaveTextContent(es('Loading submissions...'));
  });
});

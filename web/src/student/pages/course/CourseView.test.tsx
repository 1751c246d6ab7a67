import { render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import type { CourseTimeline } from '../../../shared/api/get-course-timeline';
import type { Read } from '../../runtime/useRead';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { CourseView, type CourseViewProps } from './CourseView';
import { TIMELINE, pendingRead, readOf } from './testReads';

const ID = 'c0000000-0000-4000-8000-000000001337';
const WEDNESDAY = '2026-11-25';
const SATURDAY = '2026-11-28';
const PATH = `/class-session?courseId=${ID}&sessionId=${WEDNESDAY}`;
const es = (text: string) => spanish[text]!;

const COURSE = { code: 'COSC 1337', name: 'Introduction to Programming', section: null, endedAt: null };

function view(props: Partial<CourseViewProps> & { timeline?: Read<CourseTimeline> } = {}) {
  return render(<CourseView id={ID} course={COURSE} notes={[]} timeline={readOf(TIMELINE)} classDay={WEDNESDAY} {...props} />);
}

const link = (name: string) => screen.queryByRole('link', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00'));
});

afterEach(() => {
  vi.useRealTimers();
  setLanguage('en');
});

describe('the course page, once its course is known', () => {
  it('on a class day: the header, the overview, "Today\'s Feedback" and the timeline, both links to the class day\'s form', () => {
    view();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('COSC 1337');
    expect(screen.getByText('Introduction to Programming')).toBeInTheDocument();
    expect(screen.getByText('5 submissions')).toBeVisible();
    expect(screen.getByText('Active course')).toBeInTheDocument();
    const overview = screen.getByRole('heading', { name: 'Overview' }).closest('div')!.parentElement!;
    expect(within(overview).getByText('Total Feedback').nextElementSibling).toHaveTextContent('5');
    expect(within(overview).getByText('Recent Activity').nextElementSibling).toHaveTextContent('2 this week');
    expect(within(overview).getByText('Course Status').nextElementSibling).toHaveTextContent('Active');
    expect(screen.getByRole('heading', { level: 2, name: "Today's Feedback" })).toBeInTheDocument();
    expect(
      screen.getByText("Tell your professor what confused you in today's class. It takes a minute and it is completely anonymous."),
    ).toBeInTheDocument();
    expect(link("Submit Today's Feedback")).toHaveAttribute('href', PATH);
    expect(link("Give Today's Feedback")).toHaveAttribute('href', PATH);
    expect(screen.queryByText('No Class Today')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Feedback' })).toBeInTheDocument();
    expect(screen.getAllByTestId('timeline-item')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: 'From your professor' })).toBeNull();
  });

  it("says one submission so, and names the course's section", () => {
    view({ course: { ...COURSE, section: '002' }, timeline: readOf({ ...TIMELINE, total: 1 }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('COSC 1337 · Section 002');
    expect(screen.getByText('1 submission')).toBeInTheDocument();
  });

  it('on a day without class (the course\'s, not the device\'s): "No Class Today", disabled, and no link', async () => {
    const { container } = view({ classDay: SATURDAY });
    expect(screen.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
    expect(screen.getByText('No class scheduled today. Check back on your next class day to submit feedback.')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    await expectNoSeriousA11yViolations(container);
  });

  it('a course without feedback: "No Feedback Yet" and counts of 0, with "Submit First Feedback" on a class day only', async () => {
    const empty = readOf<CourseTimeline>({ total: 0, thisWeek: 0, items: [] });
    const { container, unmount } = view({ timeline: empty });
    expect(screen.getByText('No Feedback Yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to submit anonymous feedback for this course.')).toBeInTheDocument();
    expect(link('Submit First Feedback')).toHaveAttribute('href', PATH);
    expect(screen.getByText('0 submissions')).toBeVisible();
    expect(within(container.querySelector('dl')!).getByText('0 this week')).toBeInTheDocument();
    await expectNoSeriousA11yViolations(container);
    unmount();

    view({ timeline: empty, classDay: SATURDAY });
    expect(screen.getByText('No Feedback Yet')).toBeInTheDocument();
    expect(link('Submit First Feedback')).toBeNull();
  });

  it('a course without a class day (its term ended since) has no class today', () => {
    view({ classDay: null });
    expect(screen.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
  });

  it("while the class day is on its way: laid out by this device's day, the links' places held, unseen and not links", () => {
    const { unmount } = view({ classDay: undefined });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    for (const text of ["Submit Today's Feedback", "Give Today's Feedback"]) {
      expect(screen.getByText(text)).toHaveAttribute('aria-hidden', 'true');
      expect(screen.getByText(text)).not.toHaveAttribute('href');
    }
    unmount();
    vi.setSystemTime(new Date('2026-11-28T12:00:00'));
    view({ classDay: undefined });
    expect(screen.getByRole('button', { name: 'No Class Today' })).toBeDisabled();
  });

  it("holds the counts' places while the timeline is on its way", () => {
    view({ timeline: pendingRead() });
    const count = screen.getByText('10 submissions');
    expect(count).toHaveAttribute('aria-hidden', 'true');
    expect(count.className).toContain('vis_hidden');
    expect(screen.queryByText(/this week/)).toBeNull();
    expect(screen.getByText('Total Feedback').nextElementSibling!.querySelector('.skeleton')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading submissions...');
  });

  it('an ended term: says so, and offers no feedback button', () => {
    view({ course: { ...COURSE, endedAt: '2026-11-01T00:00:00Z' }, classDay: null });
    expect(screen.getByText('Term ended')).toBeInTheDocument();
    expect(screen.queryByText('Active course')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent("This course's term has ended. It no longer takes feedback.");
    expect(screen.queryByRole('button', { name: 'No Class Today' })).toBeNull();
    expect(link("Submit Today's Feedback")).toBeNull();
  });

  it("shows the professor's notes", () => {
    view({ notes: [{ sessionDate: '2026-11-23', body: 'A one-page guide.' }] });
    expect(screen.getByRole('region', { name: 'From your professor' })).toHaveTextContent('A one-page guide.');
  });

  it('in Spanish', () => {
    addCatalog('es', spanish);
    setLanguage('es');
    const { rerender } = view({ course: { ...COURSE, section: '002' }, notes: [{ sessionDate: '2026-11-23', body: 'A one-page guide.' }] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`COSC 1337 · ${es('Section')} 002`);
    expect(screen.getByText(es('{{n}} submissions').replace('{{n}}', '5'))).toBeInTheDocument();
    expect(screen.getByText(es('Active course'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Resumen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'De tu profesor' })).toBeInTheDocument();
    expect(screen.getByText(es('{{n}} this week').replace('{{n}}', '2'))).toBeInTheDocument();
    expect(link(es("Submit Today's Feedback"))).toHaveAttribute('href', PATH);
    expect(link(es("Give Today's Feedback"))).toHaveAttribute('href', PATH);
    rerender(
      <CourseView
        id={ID}
        course={{ ...COURSE, endedAt: 'x' }}
        notes={[]}
        timeline={readOf({ ...TIMELINE, total: 1 })}
        classDay={SATURDAY}
      />,
    );
    expect(screen.getByText(es('{{n}} submission').replace('{{n}}', '1'))).toBeInTheDocument();
    expect(screen.getByText(es('Term ended'))).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(es("This course's term has ended. It no longer takes feedback."));
    expect(screen.getByText(es('No class scheduled today. Check back on your next class day to submit feedback.'))).toBeInTheDocument();
    rerender(<CourseView id={ID} course={COURSE} notes={[]} timeline={readOf(TIMELINE)} classDay={SATURDAY} />);
    expect(screen.getByRole('button', { name: es('No Class Today') })).toBeDisabled();
  });
});

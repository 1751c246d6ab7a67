import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import { ApiError } from '../../../lib/errors';
import spanish from '../../../locales/es/student-side';
import { type Course, getCourse } from '../../../shared/api/get-course';
import { getCourseClassDay } from '../../../shared/api/get-course-class-day';
import { type SessionNote, getCourseNotes } from '../../../shared/api/get-course-notes';
import { getCourseTimeline } from '../../../shared/api/get-course-timeline';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import CourseDetails from './CourseDetails.island';
import { COURSE_MEMORY, keepCourse, keptCourse } from './courseMemory';
import { COURSE_DRAWN } from './hostedCourseMarks';
import { TIMELINE } from './testReads';

vi.mock('../../../shared/api/get-course', () => ({ getCourse: vi.fn() }));
vi.mock('../../../shared/api/get-course-notes', () => ({ getCourseNotes: vi.fn() }));
vi.mock('../../../shared/api/get-course-timeline', () => ({ getCourseTimeline: vi.fn() }));
vi.mock('../../../shared/api/get-course-class-day', () => ({ getCourseClassDay: vi.fn() }));

const ID = 'c0000000-0000-4000-8000-000000001337';
const COURSE: Course = { id: ID, code: 'COSC 1337', name: 'Introduction to Programming', section: null, term: 'Fall 2026', endedAt: null };
const NOTE: SessionNote = {
  id: 'n1',
  sessionId: 's1',
  sessionDate: '2026-11-23',
  body: 'A one-page guide.',
  createdAt: '2026-11-23T20:00:00Z',
};
const NOT_FOUND = new ApiError(404, 'Course not found');
const OFFLINE = new ApiError(0, 'Failed to fetch');
const es = (text: string) => spanish[text]!;

const course = vi.mocked(getCourse);
const notes = vi.mocked(getCourseNotes);
const timeline = vi.mocked(getCourseTimeline);
const classDay = vi.mocked(getCourseClassDay);

/** A read held until the test answers it. */
function held<T>(read: { mockReturnValueOnce: (value: Promise<T>) => unknown }) {
  let answer!: (value: T) => void;
  let fail!: (error: unknown) => void;
  read.mockReturnValueOnce(new Promise<T>((resolve, reject) => ((answer = resolve), (fail = reject))));
  return { answer: (value: T) => answer(value), fail: (error: unknown) => fail(error) };
}

function answerAll() {
  course.mockResolvedValue(COURSE);
  notes.mockResolvedValue([NOTE]);
  timeline.mockResolvedValue(TIMELINE);
  classDay.mockResolvedValue('2026-11-25');
}

const heading = () => screen.findByRole('heading', { level: 1 });

beforeEach(() => {
  window.history.replaceState(null, '', `/courses/${ID}`);
  answerAll();
});

afterEach(() => {
  vi.resetAllMocks();
  setLanguage('en');
  document.title = '';
  document.documentElement.removeAttribute(COURSE_DRAWN);
  window.history.replaceState(null, '', '/');
});

/** The mark that hides a host's copy of the first screen once the island has drawn its own. */
const drawnMark = () => document.documentElement.hasAttribute(COURSE_DRAWN);

describe('the course page', () => {
  it('is, as HTML, the loading line, before any read', () => {
    document.body.innerHTML = renderToString(<CourseDetails />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading course details...');
    expect(course).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });

  it('asks for the course, its notes, its timeline and its class day at once, and draws the page once the course and notes are in', async () => {
    const courseRead = held(course);
    const timelineRead = held(timeline);
    render(<CourseDetails />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading course details...');
    await waitFor(() => expect(classDay).toHaveBeenCalledWith(ID));
    for (const read of [course, notes, timeline]) expect(read).toHaveBeenCalledExactlyOnceWith(ID);
    await waitFor(() => expect(document.title).toBe('Loading course · ClassPulse'));
    expect(drawnMark()).toBe(false);

    courseRead.answer(COURSE);
    expect(await heading()).toHaveTextContent('COSC 1337');
    expect(drawnMark()).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Loading submissions...');
    expect(screen.getByRole('region', { name: 'From your professor' })).toHaveTextContent('A one-page guide.');
    expect(screen.getByRole('link', { name: "Submit Today's Feedback" })).toHaveAttribute(
      'href',
      `/class-session?courseId=${ID}&sessionId=2026-11-25`,
    );
    await waitFor(() => expect(document.title).toBe('COSC 1337 · ClassPulse'));

    timelineRead.answer(TIMELINE);
    expect(await screen.findAllByTestId('timeline-item')).toHaveLength(4);
    expect(screen.getByText('5 submissions')).toBeInTheDocument();
  });

  it('"Course Not Found" for an unknown course, whatever the other reads say, and the device forgets it', async () => {
    keepCourse(ID, { code: 'COSC 1337', name: 'Gone', notes: [] });
    course.mockRejectedValue(NOT_FOUND);
    classDay.mockResolvedValue(null);
    render(<CourseDetails />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The course you're looking for doesn't exist or may have been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
    await waitFor(() => expect(document.title).toBe('Course Not Found · ClassPulse'));
    expect(keptCourse(ID)).toBeUndefined();
    expect(drawnMark()).toBe(true);
  });

  it('"Course Not Found" for an address that names no course id', async () => {
    window.history.replaceState(null, '', '/courses/not-a-uuid');
    course.mockRejectedValue(NOT_FOUND);
    const { container } = render(<CourseDetails />);
    expect(await heading()).toHaveTextContent('Course Not Found');
    expect(course).toHaveBeenCalledWith('not-a-uuid');
    expect(screen.getByText("The course you're looking for doesn't exist or may have been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for Another Course' })).toHaveAttribute('href', '/course-search');
    await expectNoSeriousA11yViolations(container);
  });

  it('a failed course read offers "Try again", never "Course Not Found"', async () => {
    course.mockRejectedValueOnce(OFFLINE);
    const { container } = render(<CourseDetails />);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Unable to load this course');
    expect(failure).toHaveTextContent('Please check your connection and try again.');
    expect(screen.queryByText('Course Not Found')).toBeNull();
    await expectNoSeriousA11yViolations(container);
    expect(drawnMark()).toBe(true);
    await waitFor(() => expect(document.title).toBe('Course unavailable · ClassPulse'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading()).toHaveTextContent('COSC 1337');
    expect(course).toHaveBeenCalledTimes(2);
    expect(timeline).toHaveBeenCalledOnce();
  });

  it('a failed class day read too: the course cannot be shown without the day its links go to', async () => {
    classDay.mockRejectedValueOnce(OFFLINE);
    render(<CourseDetails />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load this course');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: "Give Today's Feedback" })).toHaveAttribute(
      'href',
      `/class-session?courseId=${ID}&sessionId=2026-11-25`,
    );
    expect(course).toHaveBeenCalledOnce();
    expect(classDay).toHaveBeenCalledTimes(2);
  });

  it('a failed notes read: the page without notes', async () => {
    notes.mockRejectedValue(OFFLINE);
    render(<CourseDetails />);
    expect(await heading()).toHaveTextContent('COSC 1337');
    expect(screen.queryByRole('region', { name: 'From your professor' })).toBeNull();
  });

  it('keeps the course (code, section, name, notes) on this device, and not one whose term has ended', async () => {
    course.mockResolvedValueOnce({ ...COURSE, section: '002' });
    const { unmount } = render(<CourseDetails />);
    await waitFor(() =>
      expect(keptCourse(ID)).toEqual({
        code: 'COSC 1337',
        section: '002',
        name: 'Introduction to Programming',
        notes: [{ sessionDate: '2026-11-23', body: 'A one-page guide.', figures: null }],
      }),
    );
    expect(Object.keys(JSON.parse(localStorage.getItem(COURSE_MEMORY.key)!))).toEqual([ID]);
    unmount();

    course.mockResolvedValueOnce({ ...COURSE, endedAt: '2026-11-01T00:00:00Z' });
    classDay.mockResolvedValueOnce(null);
    render(<CourseDetails />);
    expect(await screen.findByText('Term ended')).toBeInTheDocument();
    await waitFor(() => expect(keptCourse(ID)).toBeUndefined());
  });

  it('a course opened before is drawn at once from the device, then as its reads say', async () => {
    keepCourse(ID, { code: 'COSC 1337', section: null, name: 'Kept name', notes: [{ sessionDate: '2026-11-20', body: 'Kept note.' }] });
    const courseRead = held(course);
    const notesRead = held(notes);
    const classDayRead = held(classDay);
    render(<CourseDetails />);
    expect(await heading()).toHaveTextContent('COSC 1337');
    expect(screen.getByText('Kept name')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'From your professor' })).toHaveTextContent('Kept note.');
    await waitFor(() => expect(document.title).toBe('COSC 1337 · ClassPulse'));
    // Its links wait for the class day.
    expect(screen.queryByRole('link', { name: /Today's Feedback/ })).toBeNull();

    courseRead.answer({ ...COURSE, name: 'Renamed' });
    notesRead.answer([NOTE]);
    classDayRead.answer('2026-11-25');
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'From your professor' })).toHaveTextContent('A one-page guide.');
    expect(screen.getByRole('link', { name: "Give Today's Feedback" })).toBeInTheDocument();
    await waitFor(() => expect(keptCourse(ID)?.name).toBe('Renamed'));
  });

  it('a course drawn from the device whose read fails says so, as on a first visit', async () => {
    keepCourse(ID, { code: 'COSC 1337', name: 'Kept name', notes: [] });
    const courseRead = held(course);
    render(<CourseDetails />);
    expect(await screen.findByText('Kept name')).toBeInTheDocument();
    courseRead.fail(OFFLINE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load this course');
  });

  it('in Spanish: its states and its title', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    course.mockResolvedValueOnce({ ...COURSE, section: '002' });
    const { unmount } = render(<CourseDetails />);
    expect(screen.getByRole('status')).toHaveTextContent(es('Loading course details...'));
    expect(await heading()).toHaveTextContent(`COSC 1337 · ${es('Section')} 002`);
    await waitFor(() => expect(document.title).toBe(`COSC 1337 · ${es('Section')} 002 · ClassPulse`));
    unmount();
    localStorage.clear();

    course.mockRejectedValueOnce(NOT_FOUND);
    const notFound = render(<CourseDetails />);
    expect(await heading()).toHaveTextContent(es('Course Not Found'));
    expect(screen.getByRole('link', { name: es('Search for Another Course') })).toHaveAttribute('href', '/course-search');
    await waitFor(() => expect(document.title).toBe(es('Course Not Found · ClassPulse')));
    notFound.unmount();

    course.mockRejectedValueOnce(OFFLINE);
    render(<CourseDetails />);
    expect(await screen.findByRole('alert')).toHaveTextContent(es('Unable to load {{what}}').replace('{{what}}', es('this course')));
    await waitFor(() => expect(document.title).toBe(es('Course unavailable · ClassPulse')));
  });

  it("names the page again after a change of language, which puts the page's own title back", async () => {
    addCatalog('es', spanish);
    render(<CourseDetails />);
    await heading();
    await waitFor(() => expect(document.title).toBe('COSC 1337 · ClassPulse'));
    document.title = es('Loading course · ClassPulse');
    setLanguage('es');
    await waitFor(() => expect(document.title).toBe('COSC 1337 · ClassPulse'));
  });
});

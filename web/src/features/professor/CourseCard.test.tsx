// A course card, with the façade's today's session and its creation given by the test (no
// stack): what each role and an ended term show, today's link and its failures, and Copy Link.
import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';
import type { ActiveSession } from './api/get-active-session';

const session = vi.hoisted(() => ({ data: null as ActiveSession | null, isLoading: false, isError: false, refetch: vi.fn() }));
const create = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/get-active-session', async (original) => ({ ...(await original<object>()), useActiveSession: () => session }));
vi.mock('./api/create-today-session', async (original) => ({ ...(await original<object>()), useCreateTodaySession: () => create }));
vi.mock('./api/get-class-summary-subscriptions', async (original) => ({
  ...(await original<object>()),
  useClassSummarySubscriptions: () => ({ data: [], isSuccess: true }),
}));

const { CourseCard } = await import('./CourseCard');

const TODAY: ActiveSession = {
  sessionId: 's-1',
  sessionDate: '2026-09-03',
  expiresAt: '2026-09-04T04:59:59Z',
  accessToken: 'tok-123',
  topic: 'Recursion',
};
const onEdit = vi.fn();
const onDelete = vi.fn();
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(session, { data: null, isLoading: false, isError: false });
  create.mutateAsync.mockResolvedValue(TODAY);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  create.isPending = false;
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const show = async (course: ProfessorCourse = professorCourse()) => {
  ({ unmount } = await renderInApp(
    <MemoryRouter>
      <CourseCard course={course} onEdit={onEdit} onDelete={onDelete} />
    </MemoryRouter>,
  ));
  return screen.getByRole('article', { name: course.name });
};
const buttonNames = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('CourseCard, by role', () => {
  it('the owner’s card names the course and its section in its buttons, and hands Edit and Delete to the page', async () => {
    const course = professorCourse();
    const card = await show(course);
    const user = userEvent.setup();
    expect(within(card).getByTestId('course-code').textContent).toBe('COSC 1337 · Section 002');
    expect(within(card).getByTestId('course-term').textContent).toBe('Fall 2026');
    expect(buttonNames(card)).toEqual(
      expect.arrayContaining([
        'Edit COSC 1337 · Section 002',
        'Team of COSC 1337 · Section 002',
        'Delete COSC 1337 · Section 002',
        'End Term of COSC 1337 · Section 002',
      ]),
    );
    await user.click(within(card).getByRole('button', { name: 'Edit COSC 1337 · Section 002' }));
    await user.click(within(card).getByRole('button', { name: 'Delete COSC 1337 · Section 002' }));
    expect([onEdit.mock.calls, onDelete.mock.calls]).toEqual([[[course]], [[course]]]);
  });

  it('a TA’s card reads only: no Edit, Team, Delete, End Term or class link', async () => {
    const card = await show(professorCourse({ role: 'ta' }));
    expect(within(card).getByTestId('course-role').textContent).toBe('TA');
    expect(within(card).getByText('You have read access as a TA: you can read the feedback, reply and mark it reviewed.')).toBeTruthy();
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(within(card).getByRole('link', { name: 'Open Live View' }).getAttribute('href')).toBe(`/professor/live/${professorCourse().id}`);
  });

  it('an ended term shows no class link and offers "Start Next Term"', async () => {
    const card = await show(professorCourse({ endedAt: '2026-12-15T18:00:00Z' }));
    expect(within(card).getByTestId('term-ended').textContent).toBe('Term ended');
    expect(within(card).queryByRole('button', { name: "Create Today's Link" })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'End Term of COSC 1337 · Section 002' })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Start Next Term of COSC 1337 · Section 002' }));
    expect(await screen.findByRole('dialog', { name: 'Start the next term of COSC 1337 · Section 002' })).toBeTruthy();
  });
});

describe('CourseCard, today’s link', () => {
  it('creates today’s link with the topic typed, and says so', async () => {
    const card = await show();
    const user = userEvent.setup();
    expect(within(card).getByText('No active session for today')).toBeTruthy();
    await user.type(within(card).getByRole('textbox', { name: 'Topic for today (optional)' }), 'Recursion');
    await user.click(within(card).getByRole('button', { name: "Create Today's Link" }));
    await expectToast('Success', "Today's class link created successfully");
    expect(create.mutateAsync).toHaveBeenCalledWith({ courseId: professorCourse().id, topic: 'Recursion' });
  });

  it('a failure says the seed’s text and leaves the card without a link', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const card = await show();
    await userEvent.setup().click(within(card).getByRole('button', { name: "Create Today's Link" }));
    await expectToast('Error', 'Failed to create class session');
    expect(within(card).getByText('No active session for today')).toBeTruthy();
    expect(within(card).queryByTestId('class-link')).toBeNull();
  });

  it('while it creates the link, the button says "Creating..." and cannot be pressed', async () => {
    create.isPending = true;
    const card = await show();
    expect((within(card).getByRole('button', { name: 'Creating...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a session that does not load says so, with a way to try again', async () => {
    Object.assign(session, { isError: true });
    const card = await show();
    expect(within(card).getByText("Unable to load today's session.")).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    expect(session.refetch).toHaveBeenCalledOnce();
  });
});

describe('CourseCard, Copy Link', () => {
  beforeEach(() => {
    session.data = TODAY;
  });

  it('shows today’s link and its topic, and copies the link', async () => {
    const card = await show();
    const user = userEvent.setup();
    const link = `${window.location.origin}/class/tok-123`;
    expect(within(card).getByText('Active today')).toBeTruthy();
    expect(within(card).getByText((_, element) => element?.textContent === 'Topic: Recursion')).toBeTruthy();
    expect(within(card).getByTestId('class-link').textContent).toBe(link);
    await user.click(within(card).getByRole('button', { name: 'Copy Link' }));
    await expectToast('Copied!', 'Link copied to clipboard');
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('when the browser refuses the clipboard, says so', async () => {
    const card = await show();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(within(card).getByRole('button', { name: 'Copy Link' }));
    await expectToast('Error', 'Failed to copy to clipboard');
  });
});

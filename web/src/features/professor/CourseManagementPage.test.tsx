// /professor's course list with its form and delete confirmation, with the façade given by the test
// (no stack): a card's Edit and Delete reach the form and the confirmation, and their failures
// leave the professor where they were, to try again or cancel.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import type { ProfessorCourse } from '../../shared/api/get-my-courses';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';

const courses = vi.hoisted(() => ({
  data: [] as ProfessorCourse[] | undefined,
  isLoading: false,
  isError: false,
  isSuccess: true,
  refetch: vi.fn(),
}));
const update = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const remove = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('../../shared/api/get-my-courses', async (original) => ({ ...(await original<object>()), useMyCourses: () => courses }));
vi.mock('./api/update-course', async (original) => ({ ...(await original<object>()), useUpdateCourse: () => update }));
vi.mock('./api/delete-course', async (original) => ({ ...(await original<object>()), useDeleteCourse: () => remove }));
vi.mock('./useCourseSubmissionCount', () => ({ useCourseSubmissionCount: () => ({ counting: false, count: 0 }) }));
vi.mock('./api/get-active-session', async (original) => ({
  ...(await original<object>()),
  useActiveSession: () => ({ data: null, isLoading: false, isError: false }),
}));
vi.mock('./api/get-class-summary-subscriptions', async (original) => ({
  ...(await original<object>()),
  useClassSummarySubscriptions: () => ({ data: [], isSuccess: true }),
}));
// The page's other sections read and write the professor's account: not this test's subject.
vi.mock('./InstructorNameSection', () => ({ InstructorNameSection: () => null }));
vi.mock('./DeleteAccountSection', () => ({ DeleteAccountSection: () => null }));

const { CourseManagementPage } = await import('./CourseManagementPage');

const COURSE = professorCourse({ name: 'Compilers', code: 'CS 450', section: null });
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(courses, { data: [COURSE], isError: false, isSuccess: true });
  update.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
  remove.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () => {
  ({ unmount } = await renderInApp(
    <MemoryRouter>
      <CourseManagementPage />
    </MemoryRouter>,
  ));
  return { user: userEvent.setup(), card: () => screen.getByRole('article', { name: 'Compilers' }) };
};

describe('CourseManagementPage', () => {
  it('no courses yet: "Get Started" leaves the welcome for the course form, its name field ready', async () => {
    courses.data = [];
    const { user } = await show();
    expect(screen.queryByRole('form', { name: 'Create course' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const form = screen.getByRole('form', { name: 'Create course' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Course Name' }));
    expect(screen.getByText('No courses yet. Create your first course above.')).toBeTruthy();
  });

  it('Edit fills the form; a failed update keeps it open, and Cancel leaves the course as it was', async () => {
    const { user, card } = await show();
    await user.click(within(card()).getByRole('button', { name: 'Edit CS 450' }));
    const form = screen.getByRole('form', { name: 'Edit course' });
    const name = within(form).getByRole('textbox', { name: 'Course Name' }) as HTMLInputElement;
    expect(name.value).toBe('Compilers');
    await user.clear(name);
    await user.type(name, 'Compiler Construction');
    await user.click(within(form).getByRole('button', { name: 'Update Course' }));
    await expectToast('Error', 'Failed to update course');
    expect(within(form).getByRole('button', { name: 'Update Course' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Create course' })).toBeTruthy();
    expect(card()).toBeTruthy();
  });

  it('Delete asks first, saying what goes; a failed delete keeps the question open, and Cancel keeps the course', async () => {
    const { user, card } = await show();
    await user.click(within(card()).getByRole('button', { name: 'Delete CS 450' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete CS 450?' });
    expect(confirm.textContent).toContain('This permanently deletes Compilers, its class links and 0 submissions. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Course' }));
    await expectToast('Error', 'Failed to delete course');
    expect(remove.mutateAsync).toHaveBeenCalledWith(COURSE.id);
    expect(screen.getByRole('alertdialog', { name: 'Delete CS 450?' })).toBe(confirm);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(card()).toBeTruthy();
  });

  it('a delete that succeeds says so and closes the question', async () => {
    remove.mutateAsync.mockResolvedValue({ id: COURSE.id });
    const { user, card } = await show();
    await user.click(within(card()).getByRole('button', { name: 'Delete CS 450' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete CS 450?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Course' }));
    await expectToast('Success', 'Course deleted successfully');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('courses that do not load: the page says so and offers to try again', async () => {
    Object.assign(courses, { data: undefined, isError: true, isSuccess: false });
    const { user } = await show();
    expect(screen.getByText('Unable to load your courses')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(courses.refetch).toHaveBeenCalledOnce();
  });
});

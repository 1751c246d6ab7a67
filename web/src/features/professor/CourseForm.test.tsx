// The course form, with the façade's create and update given by the test (no stack): what it
// refuses before sending, what it sends, and what it says when the server answers or does not.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { termFor } from '../../shared/terms';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { closeToast, expectToast } from '../../test/toasts';
import { courseClash } from './api/course-input';

const create = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const update = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/create-course', async (original) => ({ ...(await original<object>()), useCreateCourse: () => create }));
vi.mock('./api/update-course', async (original) => ({ ...(await original<object>()), useUpdateCourse: () => update }));

const { CourseForm } = await import('./CourseForm');

const COURSE = professorCourse();
const onDone = vi.fn();
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  create.mutateAsync.mockResolvedValue(COURSE);
  update.mutateAsync.mockResolvedValue(COURSE);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  create.isPending = false;
  update.isPending = false;
  vi.clearAllMocks();
});

const show = async (editing: Parameters<typeof CourseForm>[0]['editing'] = null) => {
  ({ unmount } = await renderInApp(<CourseForm editing={editing} onDone={onDone} />));
  return screen.getByRole('form', { name: editing ? 'Edit course' : 'Create course' });
};
const errorsIn = (form: HTMLElement) => [...form.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);

describe('CourseForm, creating', () => {
  it('says what is missing, word for word, and sends nothing', async () => {
    const form = await show();
    const user = userEvent.setup();
    await user.clear(within(form).getByRole('textbox', { name: 'Term' }));
    await user.clear(within(form).getByRole('spinbutton', { name: 'Minimum responses before a session is shown' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Minimum responses before a session is shown' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await waitFor(() =>
      expect(errorsIn(form)).toEqual([
        'Course name is required',
        'Course code is required',
        'Term is required',
        'Enter a whole number from 1 to 50',
      ]),
    );
    expect(create.mutateAsync).not.toHaveBeenCalled();
  });

  it('sends the course with the current term and the default privacy, says so and empties the form', async () => {
    const form = await show();
    const user = userEvent.setup();
    expect((within(form).getByRole('textbox', { name: 'Term' }) as HTMLInputElement).value).toBe(termFor(new Date()));
    await user.type(within(form).getByRole('textbox', { name: 'Course Name' }), 'Compilers');
    await user.type(within(form).getByRole('textbox', { name: 'Course Code' }), 'CS 450');
    await user.type(within(form).getByRole('textbox', { name: 'Section' }), '002');
    await user.click(within(form).getByRole('checkbox', { name: 'Review before publishing' }));
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await expectToast('Success', 'Course created successfully');
    expect(create.mutateAsync).toHaveBeenCalledWith({
      name: 'Compilers',
      code: 'CS 450',
      section: '002',
      term: termFor(new Date()),
      reviewBeforePublishing: true,
      minPublicResponses: 3,
      retentionDays: 180,
      peerConfusion: false,
      lmsRolesJoinTeam: false,
    });
    expect((within(form).getByRole('textbox', { name: 'Course Name' }) as HTMLInputElement).value).toBe('');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('without a server answer, says the seed’s text (not the browser’s), keeps what was typed, and a retry succeeds', async () => {
    create.mutateAsync.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    const form = await show();
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Course Name' }), 'Compilers');
    await user.type(within(form).getByRole('textbox', { name: 'Course Code' }), 'CS 450');
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await closeToast(await expectToast('Error', 'Failed to create course'));
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(errorsIn(form)).toEqual([]);
    expect((within(form).getByRole('textbox', { name: 'Course Name' }) as HTMLInputElement).value).toBe('Compilers');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await expectToast('Success', 'Course created successfully');
    expect(create.mutateAsync).toHaveBeenCalledTimes(2);
  });

  it('a course of that code, section and term: the server’s sentence in the toast and under the code', async () => {
    const clash = courseClash({ code: 'CS 450', section: '002', term: 'Fall 2026' });
    create.mutateAsync.mockRejectedValue(clash);
    const form = await show();
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Course Name' }), 'Compilers');
    await user.type(within(form).getByRole('textbox', { name: 'Course Code' }), 'CS 450');
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    const sentence = 'CS 450 section 002 already exists for Fall 2026. Change the section or the term.';
    await expectToast('Error', sentence);
    expect(errorsIn(form)).toEqual([sentence]);
    expect(within(form).getByRole('textbox', { name: 'Course Code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('another refusal is said in the server’s words, in the toast only', async () => {
    create.mutateAsync.mockRejectedValue(new ApiError(403, 'new row violates row-level security policy for table "courses"'));
    const form = await show();
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Course Name' }), 'Compilers');
    await user.type(within(form).getByRole('textbox', { name: 'Course Code' }), 'CS 450');
    await user.click(within(form).getByRole('button', { name: 'Create Course' }));
    await expectToast('Error', 'new row violates row-level security policy for table "courses"');
    expect(errorsIn(form)).toEqual([]);
  });

  it('while it saves, the button says "Creating..." and cannot be pressed', async () => {
    create.isPending = true;
    const form = await show();
    const button = within(form).getByRole('button', { name: 'Creating...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});

describe('CourseForm, editing', () => {
  it('fills in the course and sends the change with its id', async () => {
    const form = await show(COURSE);
    const user = userEvent.setup();
    expect(screen.getByText('Edit Course')).toBeTruthy();
    const name = within(form).getByRole('textbox', { name: 'Course Name' }) as HTMLInputElement;
    expect([name.value, (within(form).getByRole('textbox', { name: 'Section' }) as HTMLInputElement).value]).toEqual([COURSE.name, '002']);
    await user.clear(name);
    await user.type(name, 'Programming I');
    await user.click(within(form).getByRole('button', { name: 'Update Course' }));
    await expectToast('Success', 'Course updated successfully');
    expect(update.mutateAsync).toHaveBeenCalledWith({
      id: COURSE.id,
      input: expect.objectContaining({ name: 'Programming I', code: 'COSC 1337' }),
    });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a failed update says the seed’s text and stays open; Cancel leaves it', async () => {
    update.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const form = await show(COURSE);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Update Course' }));
    await expectToast('Error', 'Failed to update course');
    expect(within(form).getByRole('button', { name: 'Update Course' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('while it saves, the button says "Updating..." and cannot be pressed', async () => {
    update.isPending = true;
    const form = await show(COURSE);
    expect((within(form).getByRole('button', { name: 'Updating...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a co-instructor sees the LMS setting locked, and why', async () => {
    const form = await show(professorCourse({ role: 'co_instructor', lmsRolesJoinTeam: true }));
    const box = within(form).getByRole('checkbox', { name: 'LMS teaching assistants join the team' }) as HTMLInputElement;
    expect([box.checked, box.disabled]).toEqual([true, true]);
    expect(within(form).getByText(/Only the course's owner can change this setting\.$/)).toBeTruthy();
  });

  it('a TA’s course is never edited: the form stays the new course’s', async () => {
    ({ unmount } = await renderInApp(<CourseForm editing={professorCourse({ role: 'ta' })} onDone={onDone} />));
    expect(screen.getByRole('form', { name: 'Create course' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Course' })).toBeNull();
  });
});

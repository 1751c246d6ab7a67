import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCatalog, setLanguage } from '../../../i18n/translate';
import spanish from '../../../locales/es/student-side';
import { expectNoSeriousA11yViolations } from '../../../test/axe';
import { type FoundCourse, searchCourses } from '../../../shared/api/search-courses';
import Toaster from '../../ui/Toaster.island';
import { dismissToast, shownToast } from '../../ui/toaster';
import CourseSearch from './CourseSearch.island';

vi.mock('../../../shared/api/search-courses', () => ({ searchCourses: vi.fn() }));

const search = vi.mocked(searchCourses);

const COSC: FoundCourse = {
  id: 'c0000000-0000-4000-8000-000000001337',
  code: 'COSC 1337',
  name: 'Introduction to Programming',
  section: null,
  term: 'Fall 2026',
  endedAt: null,
  instructors: ['Dr. Ada Lovelace'],
};

afterEach(() => {
  while (shownToast()) dismissToast();
  search.mockReset();
  setLanguage('en');
  window.history.replaceState(null, '', '/');
});

/** The shown toast's title and text, each as a whole. */
function toastParts() {
  const toast = screen.getByRole('status');
  const part = (name: string) => toast.querySelector(`[data-part="${name}"]`)?.textContent;
  return { title: part('title'), description: part('description') };
}

function renderSearch() {
  const { container } = render(
    <>
      <CourseSearch />
      <Toaster />
    </>,
  );
  return { container, input: screen.getByLabelText('Course code'), user: userEvent.setup() };
}

/** The island's HTML, a code typed into it before the island started, then the island hydrated over it. */
function hydratedAfterTyping(code: string) {
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = renderToString(<CourseSearch />);
  const input = within(root).getByLabelText('Course code') as HTMLInputElement;
  input.value = code;
  hydrate(<CourseSearch />, root);
  return { root, input };
}

/** A search held until the test answers it. */
function heldSearch() {
  let answer!: (courses: FoundCourse[]) => void;
  search.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  return (courses: FoundCourse[]) => answer(courses);
}

describe('CourseSearch', () => {
  it('has the code field with its examples, and "Search" disabled while the code is blank', async () => {
    const { input, user } = renderSearch();
    expect(input).toHaveAttribute('placeholder', 'e.g. COSC 1337');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)).toHaveTextContent('Examples: COSC 1337, MATH 2413');
    const button = screen.getByRole('button', { name: 'Search' });
    await waitFor(() => expect(button).toBeDisabled());
    await user.type(input, '   ');
    expect(button).toBeDisabled();
    await user.type(input, 'C');
    expect(button).toBeEnabled();
  });

  it('searches the trimmed code, "Searching..." meanwhile, then lists what it found', async () => {
    const { input, user } = renderSearch();
    const answer = heldSearch();
    await user.type(input, '  COSC 1337  {Enter}');
    expect(search).toHaveBeenCalledWith('COSC 1337');
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    answer([COSC]);
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('heading', { level: 2 })).toHaveTextContent('COSC 1337');
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(shownToast()).toBeUndefined();
  });

  it('an unknown code: the "Course Not Found" card and its toast', async () => {
    const { container, input, user } = renderSearch();
    search.mockResolvedValueOnce([]);
    await user.type(input, 'NOPE 9999');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Course Not Found' })).toBeInTheDocument();
    expect(toastParts()).toEqual({
      title: 'Course not found',
      description: 'No course found with code "NOPE 9999". Please check the course code and try again.',
    });
    await expectNoSeriousA11yViolations(container);
  });

  it('a failed search: the error toast, nothing shown, the code kept and the button ready', async () => {
    const { input, user } = renderSearch();
    search.mockResolvedValueOnce([]);
    await user.type(input, 'NOPE 9999{Enter}');
    await screen.findByRole('heading', { name: 'Course Not Found' });
    dismissToast();
    search.mockRejectedValueOnce(new Error('offline'));
    await user.clear(input);
    await user.type(input, 'MATH 2413{Enter}');
    await waitFor(() => expect(toastParts()).toEqual({ title: 'Error', description: 'Failed to find course. Please try again.' }));
    expect(screen.queryByRole('heading', { name: 'Course Not Found' })).toBeNull();
    expect(input).toHaveValue('MATH 2413');
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('runs the search the browser sent before the island started (`?code=`)', async () => {
    window.history.replaceState(null, '', '/course-search?code=+math+2413+');
    search.mockResolvedValueOnce([{ ...COSC, code: 'MATH 2413' }]);
    const { input } = renderSearch();
    expect(await screen.findByRole('list', { name: 'Search results' })).toHaveTextContent('MATH 2413');
    expect(search).toHaveBeenCalledExactlyOnceWith('math 2413');
    expect(input).toHaveValue('math 2413');
  });

  it('keeps what was typed before the island started', async () => {
    const { root, input } = hydratedAfterTyping('COSC 1337');
    await waitFor(() => expect(within(root).getByRole('button', { name: 'Search' })).toBeEnabled());
    expect(input).toHaveValue('COSC 1337');
    root.remove();
  });

  it('searches what was typed before the island started, even when Search comes before its first effect', async () => {
    search.mockResolvedValueOnce([COSC]);
    const { root } = hydratedAfterTyping(' COSC 1337 ');
    fireEvent.submit(root.querySelector('form')!);
    expect(search).toHaveBeenCalledExactlyOnceWith('COSC 1337');
    expect(await within(root).findByRole('list', { name: 'Search results' })).toHaveTextContent('COSC 1337');
    root.remove();
  });

  it('in Spanish: its texts and its toasts', async () => {
    addCatalog('es', spanish);
    setLanguage('es');
    render(
      <>
        <CourseSearch />
        <Toaster />
      </>,
    );
    const input = screen.getByLabelText(spanish['Course code']!);
    expect(input).toHaveAttribute('placeholder', spanish['e.g. COSC 1337']);
    search.mockResolvedValueOnce([]);
    await userEvent.type(input, 'NOPE 9999{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: spanish['Course Not Found'] })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      spanish['No course found with code "{{code}}". Please check the course code and try again.']!.replace('{{code}}', 'NOPE 9999'),
    );
    expect(screen.getByRole('button', { name: spanish['Search'] })).toBeEnabled();
  });
});

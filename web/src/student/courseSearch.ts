/**
 * Light course search (`/course-search`): the button's states, the search, and what it found drawn
 * from templates the build rendered of the app's own SearchResults (for a stand-in course) and
 * "Course Not Found" card, with the app's toasts for an unknown code or a failed search.
 */
import { COURSE_MARKS } from '../app/coursePageFile';
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { LIGHT, courseNotFoundTemplateId, searchResultsTemplateId } from '../shared/lightPageMarkers';
import { drawList, replaceAttributes, replaceTexts, template } from './islands';
import { showToast } from './toast';
import { read } from './api';
import { instructorList } from '../shared/instructorList';

interface FoundCourse {
  id: string;
  code: string;
  name: string;
  section: string | null;
  term: string;
  instructors: string[];
}

function isCourseList(value: unknown): value is FoundCourse[] {
  return (
    Array.isArray(value) &&
    value.every(
      (course: Partial<FoundCourse> | null) =>
        typeof course?.id === 'string' &&
        typeof course.code === 'string' &&
        typeof course.name === 'string' &&
        typeof course.term === 'string' &&
        (course.section === null || typeof course.section === 'string') &&
        Array.isArray(course.instructors),
    )
  );
}

const resultsSlot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.searchResults}]`);
const searchForm = (root: HTMLElement) => root.querySelector<HTMLFormElement>('form[role=search]');
const codeInput = (root: HTMLElement) => searchForm(root)?.querySelector<HTMLInputElement>('input[name=code]');
const searchButton = (root: HTMLElement) => searchForm(root)?.querySelector<HTMLButtonElement>('button[type=submit]');

export const isCourseSearchPage = (root: HTMLElement) => resultsSlot(root) !== null;

/**
 * The façade's search (features/courses/api/search-courses.ts) as a plain GET: the key in the query,
 * as Supabase's gateway takes it, so the browser sends no CORS preflight first.
 */
async function searchCourses(code: string): Promise<FoundCourse[]> {
  const courses = await read<unknown>(`/rest/v1/rpc/search_courses?${new URLSearchParams({ code })}`);
  if (!isCourseList(courses)) throw new Error('the search answered no list of courses');
  return courses;
}

/**
 * Sets the page up; what it returns draws the page's state again once its markup has been
 * replaced (a change of language).
 */
export function setUpCourseSearch(root: HTMLElement, { signal }: { signal: AbortSignal }) {
  let searching = false;
  let typed = codeInput(root)?.value ?? '';
  let found: FoundCourse[] | undefined;

  const showButton = () => {
    const button = searchButton(root);
    if (!button) return;
    button.dataset.idleLabel ??= button.textContent ?? '';
    button.disabled = searching || typed.trim() === '';
    button.textContent = searching ? (button.getAttribute(LIGHT.busyLabel) ?? '') : (button.dataset.idleLabel ?? '');
  };

  const drawResults = () => {
    const slot = resultsSlot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!slot || !language) return;
    if (!found) {
      slot.replaceChildren();
      return;
    }
    if (found.length === 0) {
      slot.replaceChildren(template(courseNotFoundTemplateId(language)).content.cloneNode(true));
      return;
    }
    const results = template(searchResultsTemplateId(language)).content.cloneNode(true) as DocumentFragment;
    drawList(results, found, (standIn, course) => {
      const item = standIn.cloneNode(true) as HTMLElement;
      if (!course.section) item.querySelector(`[${LIGHT.courseSection}]`)?.remove();
      if (course.instructors.length === 0) item.querySelector(`[${LIGHT.courseInstructors}]`)?.remove();
      const marks: [string, string][] = [
        [COURSE_MARKS.id, course.id],
        [COURSE_MARKS.code, course.code],
        [COURSE_MARKS.name, course.name],
        [COURSE_MARKS.section, course.section ?? ''],
        [COURSE_MARKS.term, course.term],
        [COURSE_MARKS.instructors, instructorList(course.instructors, language)],
      ];
      replaceTexts(item, marks);
      replaceAttributes(item, marks);
      return item;
    });
    slot.replaceChildren(results);
  };

  async function find(code: string) {
    searching = true;
    showButton();
    try {
      found = await searchCourses(code);
      if (found.length === 0) showToast('courseNotFound', code);
    } catch {
      // As the app: nothing shown, and the student can search again.
      found = undefined;
      showToast('searchFailed');
    }
    searching = false;
    drawResults();
    showButton();
  }

  document.addEventListener(
    'input',
    (event) => {
      if (event.target !== codeInput(root)) return;
      typed = codeInput(root)?.value ?? '';
      showButton();
    },
    { signal },
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target !== searchForm(root)) return;
      event.preventDefault();
      const code = typed.trim();
      if (code && !searching) void find(code);
    },
    { signal },
  );

  // A search the browser sent itself, before this script ran.
  const fromAddress = new URLSearchParams(location.search).get('code')?.trim();
  const input = codeInput(root);
  if (fromAddress && input) {
    input.value = typed = fromAddress;
    void find(fromAddress);
  } else showButton();

  return () => {
    const input = codeInput(root);
    if (input) input.value = typed;
    drawResults();
    showButton();
  };
}

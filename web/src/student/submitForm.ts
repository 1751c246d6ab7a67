/**
 * Light Submit Feedback (`/submit`, the seed's Variant A): the form works from the HTML alone, so
 * this only fills the course list (every current course, by code and section, `?courseId=` chosen) as the app's
 * CourseSelect does, and starts the app when the student sends (forms.ts), or at once when the page
 * holds what only the app shows (a submission saved on the phone, text back from a refused post).
 */
import { queryKeys } from '../lib/queryKeys';
import { feedbackAddress } from '../shared/feedbackAddress';
import { LIGHT } from '../shared/lightPageMarkers';
import { pendingFor } from '../shared/pendingSubmissions';
import type { Course } from '../shared/api/get-course';
import { type CourseRow, asCourse } from '../shared/courseRow';
import { courseOptionLabel } from '../shared/terms';
import { keepValues, leaveFailureForApp, leaveForApp, restoreForm, sendThroughTheApp, typedAgain } from './forms';
import { read } from './api';
import { isUuid } from '../lib/ids';
import { localDateString } from '../shared/localDate';
import type { FollowUpCheck } from '../shared/api/get-follow-up-check';

const courseList = (root: HTMLElement) => root.querySelector<HTMLSelectElement>(`select[${LIGHT.courseSelect}]`);
export const isSubmitPage = (root: HTMLElement) => courseList(root) !== null && location.pathname.replace(/\/+$/, '') === '/submit';

/** The list as CourseSelect draws it: its first line says what to do, then "code - name" per course. */
function drawCourses(select: HTMLSelectElement, courses: Course[] | 'failed', chosen: string) {
  const texts = JSON.parse(select.getAttribute(LIGHT.courseSelect) ?? '{}') as Record<
    'choose' | 'failed' | 'none' | 'section',
    string | undefined
  >;
  const first = new Option(courses === 'failed' ? texts.failed : courses.length === 0 ? texts.none : texts.choose, '');
  const options = courses === 'failed' ? [] : courses.map((course) => new Option(courseOptionLabel(course, texts.section), course.id));
  select.replaceChildren(first, ...options);
  const available = options.length > 0;
  select.disabled = !available;
  // Its wrapper carries the disabled look too (NativeSelect.Root).
  select.parentElement?.toggleAttribute('disabled', !available);
  select.parentElement?.toggleAttribute('data-disabled', !available);
  if (available && options.some((option) => option.value === chosen)) select.value = chosen;
}

export function setUpSubmitForm(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): (() => void) | undefined {
  const { courseId, sessionId } = feedbackAddress(new URLSearchParams(location.search));
  if (pendingFor(`submit|${courseId}|${sessionId}`) || typedAgain() || !sendThroughTheApp(root, handOver, { signal })) {
    handOver();
    return undefined;
  }
  let courses: Course[] | 'failed' | undefined;
  const values = keepValues(root, { signal });

  const draw = () => {
    const select = courseList(root);
    if (select && courses) drawCourses(select, courses, courseId);
  };
  // Asked once the page has loaded and painted: the list is not part of its first screen, which
  // then never waits on the API (Lighthouse's simulation otherwise counts the read's round trip
  // into the paint of a page whose read happened to leave before it).
  const ask = () =>
    read<CourseRow[]>(
      '/rest/v1/courses?select=id,code,name,section,term,ended_at&ended_at=is.null&order=code.asc,section.asc.nullsfirst',
    ).then(
      (rows) => {
        if (signal.aborted) return;
        const found = rows.map(asCourse);
        courses = found;
        leaveForApp(queryKeys.courses.all, found);
        draw();
      },
      () => {
        if (signal.aborted) return;
        // As the app's list says it: the app, should it start, shows the same rather than asking again.
        courses = 'failed';
        leaveFailureForApp(queryKeys.courses.all);
        draw();
      },
    );
  // The previous session's check question ("Did it help?") of the course chosen: the app's form asks it.
  // The app's form names the day as its page does: ?sessionId=, or today's local date.
  const day = sessionId || localDateString();
  const askFollowUp = (course: string) =>
    read<FollowUpCheck | null>(`/rest/v1/rpc/follow_up_check?course_id=${course}&session=${encodeURIComponent(day)}`).then(
      (check) => {
        if (signal.aborted) return;
        leaveForApp(queryKeys.notes.followUp(course, day), check);
        if (check) handOver();
      },
      () => undefined,
    );
  root.addEventListener(
    'change',
    (event) => {
      const select = courseList(root);
      if (event.target === select && select && isUuid(select.value)) void askFollowUp(select.value);
    },
    { signal },
  );
  const afterPaint = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        void ask();
        if (isUuid(courseId)) void askFollowUp(courseId);
      }),
    );
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true, signal });
  return () => {
    draw();
    restoreForm(root, values());
  };
}

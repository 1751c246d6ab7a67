import { useEffect, useLayoutEffect, useState } from 'react';
import { isNotFound } from '../../../lib/errors';
import { getCourse } from '../../../shared/api/get-course';
import { getCourseClassDay } from '../../../shared/api/get-course-class-day';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { getCourseTimeline } from '../../../shared/api/get-course-timeline';
import { courseWithSection } from '../../../shared/terms';
import { STUDENT_PAGES } from '../../pages';
import { useAddress } from '../../runtime/address';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { Container } from '../../ui/primitives';
import { LoadFailure, LoadingLine } from '../../ui/states';
import { CourseNotFound } from './CourseNotFound';
import { CourseView } from './CourseView';
import { type KeptCourse, forgetCourse, keepCourse, keptCourse } from './courseMemory';
import { COURSE_DRAWN } from './hostedCourseMarks';
import { useDocumentTitle } from './useDocumentTitle';

/** `/courses/{id}`: the id is the first group (pages.ts). */
const COURSE_ADDRESSES = STUDENT_PAGES.find((page) => page.component === 'pages/course/CoursePage.tsx')?.addresses;

/**
 * The course page's content. Its four reads go at once, as its first reads (course.firstReads.ts,
 * sent from <head> as the page loads): an unknown course shows "Course Not Found" whatever the
 * others answer. The page is drawn once the course and its notes are in (the notes are short and
 * often none, so they never push the page down after it is drawn), or at once from this device's
 * memory of the course; the timeline has a loading line of its own.
 */
export default function CourseDetails() {
  const { t } = useT();
  const id = useAddress(COURSE_ADDRESSES)?.id;
  const enabled = id !== undefined;
  const courseId = id ?? '';
  const course = useRead(`course:${courseId}`, () => getCourse(courseId), { enabled });
  const notes = useRead(`notes:${courseId}`, () => getCourseNotes(courseId), { enabled });
  const timeline = useRead(`timeline:${courseId}`, () => getCourseTimeline(courseId), { enabled });
  const classDay = useRead(`class-day:${courseId}`, () => getCourseClassDay(courseId), { enabled });
  const [kept, setKept] = useState<KeptCourse>();

  useEffect(() => {
    if (id !== undefined) setKept(keptCourse(id));
  }, [id]);

  useEffect(() => {
    if (id === undefined) return;
    if (course.status === 'error' && isNotFound(course.error)) forgetCourse(id);
    if (course.status !== 'success' || notes.status !== 'success') return;
    const { code, section, name, endedAt } = course.data;
    // An ended course's page says so: never drawn from memory as a current one.
    if (endedAt) forgetCourse(id);
    else keepCourse(id, { code, section, name, notes: notes.data });
  }, [id, course.status, course.data, course.error, notes.status, notes.data]);

  const shownCourse = course.data ?? kept;
  const shownNotes = notes.status === 'success' ? notes.data : notes.status === 'error' ? [] : kept?.notes;
  const failed = course.status === 'error' || classDay.status === 'error';
  const notFound = course.status === 'error' && isNotFound(course.error);

  const title = notFound
    ? t('Course Not Found · ClassPulse')
    : failed
      ? t('Course unavailable · ClassPulse')
      : shownCourse && shownNotes
        ? `${courseWithSection(shownCourse.code, shownCourse.section, t('Section'))} · ClassPulse`
        : t('Loading course · ClassPulse');
  useDocumentTitle(title);

  // Whatever the island draws in place of its loading line replaces the host's copy of the page, if
  // the host wrote one, before the browser paints again.
  const drawn = notFound || failed || (id !== undefined && shownCourse !== undefined && shownNotes !== undefined);
  useLayoutEffect(() => {
    if (drawn) document.documentElement.setAttribute(COURSE_DRAWN, '');
  }, [drawn]);

  if (notFound) return <CourseNotFound />;
  if (failed) {
    const retry = () => {
      if (course.status === 'error') course.refetch();
      if (classDay.status === 'error') classDay.refetch();
    };
    return (
      <Container maxW="5xl" py="12">
        <LoadFailure what={t('this course')} onRetry={retry} retrying={course.fetching || classDay.fetching} />
      </Container>
    );
  }
  if (id === undefined || !shownCourse || !shownNotes) {
    // A screen tall, so the footer is below the fold until the page is drawn: it does not jump.
    return (
      <Container maxW="5xl" py="12" minH="100dvh">
        <LoadingLine text={t('Loading course details...')} centered />
      </Container>
    );
  }
  return (
    <CourseView
      id={id}
      course={shownCourse}
      notes={shownNotes}
      timeline={timeline}
      classDay={classDay.status === 'success' ? classDay.data : undefined}
    />
  );
}

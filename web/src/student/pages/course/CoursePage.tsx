import { hostMarkup } from '../../runtime/hostMarkup';
import { Island } from '../../runtime/Island';
import { PageShell } from '../../shell/PageShell';
import CourseDetails from './CourseDetails.island';
import { HOSTED_COURSE } from './hostedCourseMarks';

/**
 * `/courses/{id}` (course.html answers every course's address): everything on it is the course's,
 * so it is one island, its HTML the loading line. Its reads are sent from <head> as the page
 * loads (course.firstReads.ts), and a course this device opened before is drawn at once. A host
 * that writes the first screen itself (nginx's SSI, render/hostedCourse.tsx) puts it before the
 * island, whose loading line is then unseen; the island's own drawing replaces it
 * (hostedCourseMarks.ts).
 */
export default function CoursePage() {
  return (
    <PageShell>
      <div {...{ [HOSTED_COURSE]: '' }} dangerouslySetInnerHTML={{ __html: hostMarkup('course') }} />
      <Island of={CourseDetails} props={{}} />
    </PageShell>
  );
}

import { Island } from '../../runtime/Island';
import { PageShell } from '../../shell/PageShell';
import CourseDetails from './CourseDetails.island';

/**
 * `/courses/{id}` (course.html answers every course's address): everything on it is the course's,
 * so it is one island, its HTML the loading line. Its reads are sent from <head> as the page
 * loads (course.firstReads.ts), and a course this device opened before is drawn at once.
 */
export default function CoursePage() {
  return (
    <PageShell>
      <Island of={CourseDetails} props={{}} />
    </PageShell>
  );
}

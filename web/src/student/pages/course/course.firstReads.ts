// The course page's first reads (render/firstReads.ts): what CourseDetails.island.tsx reads as it
// starts, sent from <head> right after the first paint. On a host that writes the first screen
// (render/hostedCourse.tsx) that paint is the course itself and waits for none of them; elsewhere
// it is the loading line, and they go a frame later.
import { UUID } from '../../../lib/ids';
import { getCourse } from '../../../shared/api/get-course';
import { getCourseClassDay } from '../../../shared/api/get-course-class-day';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { getCourseTimeline } from '../../../shared/api/get-course-timeline';
import { defineFirstReads } from '../../render/firstReads';

export default defineFirstReads({
  // A course id as isUuid takes it: the façade asks about nothing else.
  id: UUID,
  standIn: '00000000-0000-4000-8000-00000000c0de',
  reads: [getCourse, getCourseNotes, getCourseTimeline, getCourseClassDay],
  afterFirstPaint: true,
});

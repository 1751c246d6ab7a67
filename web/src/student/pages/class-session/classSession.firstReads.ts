// Session Feedback's first reads (render/firstReads.ts): the course of its `?courseId=` and the
// professor's notes on it, which SessionFeedback.island.tsx reads as it starts, sent from <head>
// right after the first paint. The class session's own reads wait for the island: they depend on the session.
import { UUID } from '../../../lib/ids';
import { getCourse } from '../../../shared/api/get-course';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { defineFirstReads } from '../../render/firstReads';

export default defineFirstReads({
  param: 'courseId',
  // A course id as isUuid takes it.
  id: UUID,
  standIn: '00000000-0000-4000-8000-00000000c0de',
  reads: [getCourse, getCourseNotes],
  // The form is the page, from its HTML: its paint waits for none of them.
  afterFirstPaint: true,
});

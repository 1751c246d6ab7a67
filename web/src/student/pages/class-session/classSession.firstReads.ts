// Session Feedback's first reads (render/firstReads.ts): the course of its `?courseId=` and the
// professor's notes on it, which SessionFeedback.island.tsx reads as it starts, sent from <head> as
// the page loads. The class session's own reads wait for the island: they depend on the session.
import { getCourse } from '../../../shared/api/get-course';
import { getCourseNotes } from '../../../shared/api/get-course-notes';
import { defineFirstReads } from '../../render/firstReads';

export default defineFirstReads({
  param: 'courseId',
  // A course id as lib/ids.ts's isUuid takes it.
  id: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  standIn: '00000000-0000-4000-8000-00000000c0de',
  reads: [getCourse, getCourseNotes],
});

// A course's page (course.html): its timeline, drawn from its templates.
import { setUpPage } from '../light';
import { coursePageHandoff, drawCourseTimeline, prepareCourseTimeline } from '../course';

setUpPage((root, handOver) => {
  const handoff = coursePageHandoff();
  if (!handoff) return;
  prepareCourseTimeline(root);
  void drawCourseTimeline(root, handoff, handOver);
});

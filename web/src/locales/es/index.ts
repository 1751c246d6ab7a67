// Spanish, one file per area of the app, loaded as one chunk when a visitor chooses Spanish.
import admin from './admin.json';
import app from './app.json';
import auth from './auth.json';
import dashboard from './dashboard.json';
import live from './live.json';
import lti from './lti.json';
import policies from './policies.json';
import professor from './professor.json';
import replyNotifications from './reply-notifications.json';
import report from './report.json';
import server from './server.json';
import student from './student.json';
import userStories from './user-stories.json';
import studentBoard from './student-board.json';
import studentCoursePages from './student-course-pages.json';
import studentFeedbackPages from './student-feedback-pages.json';

const catalog: Record<string, string> = {
  ...admin,
  ...app,
  ...auth,
  ...dashboard,
  ...live,
  ...lti,
  ...policies,
  ...professor,
  ...replyNotifications,
  ...report,
  ...server,
  ...student,
  ...userStories,
  ...studentBoard,
  ...studentCoursePages,
  ...studentFeedbackPages,
};

export default catalog;

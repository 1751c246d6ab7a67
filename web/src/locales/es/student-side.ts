// Spanish for the student pages' islands: what they may show after the page has loaded (toasts,
// messages, states). Their static text is in the page's HTML already (web/src/student/render/).
import app from './app.json';
import replyNotifications from './reply-notifications.json';
import server from './server.json';
import student from './student.json';
import userStories from './user-stories.json';
import studentBoard from './student-board.json';
import studentCoursePages from './student-course-pages.json';
import studentFeedbackPages from './student-feedback-pages.json';

const catalog: Record<string, string> = {
  ...app,
  ...replyNotifications,
  ...server,
  ...student,
  ...userStories,
  ...studentBoard,
  ...studentCoursePages,
  ...studentFeedbackPages,
};

export default catalog;

// Every student page (docs/decisions/student-pages.md, "Adding a student page"): its address, its
// file in the build, its title and its component. Plain data: the build's scripts, the service
// worker, `vite preview` and the bench read it too.
import { msg } from '../i18n/msg.ts';
import { type StudentPage, definePages } from './page.ts';

/** A form page's referrer policy: the browser's post without JavaScript sends the page's address (forms-before-the-app.md). */
export const FORM_PAGE_REFERRER_POLICY = 'no-referrer-when-downgrade';

export const STUDENT_PAGES = definePages([
  {
    path: '/',
    file: 'index.html',
    title: msg('ClassPulse · Privacy-first feedback for better teaching and learning'),
    component: 'pages/landing/LandingPage.tsx',
  },
  {
    path: '/course-search',
    file: 'course-search.html',
    title: msg('Find Your Course · ClassPulse'),
    component: 'pages/course-search/CourseSearchPage.tsx',
  },
  {
    path: '/courses/{id}',
    file: 'course.html',
    addresses: /^\/courses\/([^/]+)$/,
    title: msg('Loading course · ClassPulse'),
    component: 'pages/course/CoursePage.tsx',
    keptAsServed: true,
    firstReads: 'pages/course/course.firstReads.ts',
  },
  {
    // A class QR code's link: Session Feedback at once, its class session found from the token (one page load).
    path: '/class/{token}',
    file: 'class.html',
    addresses: /^\/class\/([^/]+)$/,
    title: msg('Session Feedback · ClassPulse'),
    referrerPolicy: FORM_PAGE_REFERRER_POLICY,
    component: 'pages/class-session/ClassLinkPage.tsx',
    keptAsServed: true,
    firstReads: 'pages/class-session/classLink.firstReads.ts',
  },
  {
    path: '/class-session',
    file: 'class-session.html',
    title: msg('Session Feedback · ClassPulse'),
    referrerPolicy: FORM_PAGE_REFERRER_POLICY,
    component: 'pages/class-session/ClassSessionPage.tsx',
    keptAsServed: true,
    firstReads: 'pages/class-session/classSession.firstReads.ts',
  },
  {
    path: '/submit',
    file: 'submit.html',
    title: msg('Submit Feedback · ClassPulse'),
    referrerPolicy: FORM_PAGE_REFERRER_POLICY,
    component: 'pages/submit/SubmitPage.tsx',
  },
  {
    path: '/track/{token}',
    file: 'track.html',
    addresses: /^\/track\/([^/]+)$/,
    title: msg('Your Feedback · ClassPulse'),
    component: 'pages/track/TrackPage.tsx',
  },
  {
    path: '/submit/sent',
    file: 'submit/sent.html',
    title: msg('Feedback Sent · ClassPulse'),
    component: 'pages/form-post/SubmitSentPage.tsx',
  },
  {
    path: '/submit/not-sent',
    file: 'submit/not-sent.html',
    title: msg('Feedback Not Sent · ClassPulse'),
    component: 'pages/form-post/SubmitNotSentPage.tsx',
  },
  {
    path: '/class-session/sent',
    file: 'class-session/sent.html',
    title: msg('Feedback Sent · ClassPulse'),
    component: 'pages/form-post/SessionSentPage.tsx',
  },
  {
    path: '/class-session/not-sent',
    file: 'class-session/not-sent.html',
    title: msg('Feedback Not Sent · ClassPulse'),
    component: 'pages/form-post/SessionNotSentPage.tsx',
  },
  {
    path: '/my-feedback',
    file: 'my-feedback.html',
    title: msg('My feedback · ClassPulse'),
    component: 'pages/my-feedback/MyFeedbackPage.tsx',
  },
  { path: '/privacy', file: 'privacy.html', title: msg('Privacy Policy · ClassPulse'), component: 'pages/privacy/PrivacyPage.tsx' },
  {
    path: '/accessibility',
    file: 'accessibility.html',
    title: msg('Accessibility · ClassPulse'),
    component: 'pages/accessibility/AccessibilityPage.tsx',
  },
  {
    path: '/user-stories',
    file: 'user-stories.html',
    title: msg('User Stories · ClassPulse'),
    component: 'pages/user-stories/UserStoriesPage.tsx',
  },
]);

/** The student page that answers `pathname`, if any (a trailing slash is the same address). */
export function studentPageAt(pathname: string): StudentPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STUDENT_PAGES.find((page: StudentPage) => (page.addresses ? page.addresses.test(path) : page.path === path));
}

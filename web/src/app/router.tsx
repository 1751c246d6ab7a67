import type { RouteObject } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';
import { RouteError } from './RouteError';
import { AppShell } from './layout/AppShell';
import type { ProfessorRouteHandle } from './layout/ProfessorLayout';
import { type RouteHandle, RootLayout } from './layout/RootLayout';
import { i18n } from '../i18n/i18n';
import { msg } from '../i18n/msg';

/**
 * Each feature's screens load as their own chunk; students never download professor code.
 * The browser (main.tsx) and the build-time prerender (prerender.tsx) share these routes.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => (
      <AppShell>
        <PageSpinner />
      </AppShell>
    ),
    children: [
      // Students
      {
        index: true,
        handle: { ownFooter: true } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
      },
      {
        path: 'course-search',
        lazy: async () => ({ Component: (await import('../features/courses/CourseSearchPage')).CourseSearchPage }),
      },
      {
        path: 'courses/:id',
        lazy: async () => ({ Component: (await import('../features/courses/CourseDetailPage')).CourseDetailPage }),
      },
      {
        path: 'class/:token',
        lazy: async () => ({ Component: (await import('../features/class-session/ClassLinkPage')).ClassLinkPage }),
      },
      {
        path: 'class-session',
        lazy: async () => ({ Component: (await import('../features/class-session/ClassSessionPage')).ClassSessionPage }),
      },
      {
        path: 'submit',
        lazy: async () => ({ Component: (await import('../features/submit/SubmitPage')).SubmitPage }),
      },
      // Where a feedback form posted without JavaScript lands (the submissions function's 303).
      ...['submit/sent', 'submit/not-sent', 'class-session/sent', 'class-session/not-sent'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../features/form-post/FormPostOutcomePage')).FormPostOutcomePage }),
      })),
      {
        path: 'track/:token',
        lazy: async () => ({ Component: (await import('../features/submit/SubmitPage')).SubmitPage }),
      },
      {
        path: 'my-feedback',
        lazy: async () => ({ Component: (await import('../features/my-feedback/MyFeedbackPage')).MyFeedbackPage }),
      },
      // Professors
      {
        path: 'auth',
        lazy: async () => ({ Component: (await import('../features/auth/AuthPage')).AuthPage }),
      },
      {
        path: 'api/login',
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      {
        path: 'api/logout',
        lazy: async () => ({ Component: (await import('../features/auth/LogoutPage')).LogoutPage }),
      },
      {
        // One guarded layout for every professor page: sign-in check, skeleton, page header.
        lazy: async () => ({ Component: (await import('./layout/ProfessorLayout')).ProfessorLayout }),
        children: [
          {
            path: 'professor',
            handle: {
              professorPage: {
                documentTitle: msg('Course Management'),
                heading: msg('Course Management'),
                subtitle: (user) => (user.email ? i18n.t('Signed in as {{email}}', { email: user.email }) : ''),
                links: [
                  { to: '/professor/dashboard', label: msg('View Dashboard'), variant: 'solid' },
                  { to: '/api/logout', label: msg('Sign Out'), variant: 'outline' },
                ],
              },
            } satisfies ProfessorRouteHandle,
            lazy: async () => ({ Component: (await import('../features/professor/CourseManagementPage')).CourseManagementPage }),
          },
          {
            path: 'professor/dashboard',
            handle: {
              professorPage: {
                documentTitle: msg('Professor Dashboard'),
                heading: msg('Feedback Dashboard'),
                subtitle: msg('What confused your students, course by course.'),
                links: [{ to: '/professor', label: msg('Manage Courses'), variant: 'outline' }],
              },
            } satisfies ProfessorRouteHandle,
            lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }),
          },
          {
            path: 'professor/lti/link',
            handle: {
              professorPage: {
                documentTitle: msg('Link Your LMS Course'),
                heading: msg('Link Your LMS Course'),
                subtitle: msg('Choose the ClassPulse course this course of your learning platform opens.'),
                links: [{ to: '/professor', label: msg('Manage Courses'), variant: 'outline' }],
              },
            } satisfies ProfessorRouteHandle,
            lazy: async () => ({ Component: (await import('../features/professor/LinkLmsCoursePage')).LinkLmsCoursePage }),
          },
          {
            path: 'professor/live/:courseId',
            handle: {
              professorPage: {
                documentTitle: msg('Live View'),
                heading: msg('Live View'),
                subtitle: msg("Today's class session as it happens."),
                links: [
                  { to: '/professor/dashboard', label: msg('View Dashboard'), variant: 'outline' },
                  { to: '/professor', label: msg('Manage Courses'), variant: 'outline' },
                ],
              },
            } satisfies ProfessorRouteHandle,
            lazy: async () => ({ Component: (await import('../features/live/LiveViewPage')).LiveViewPage }),
          },
          {
            path: 'professor/courses/:courseId/report',
            handle: {
              professorPage: {
                documentTitle: msg('Term Report'),
                heading: msg('Term Report'),
                subtitle: msg('The whole term of a course: sessions, clarity, confusion, notes and alarms.'),
                links: [
                  { to: '/professor/dashboard', label: msg('View Dashboard'), variant: 'outline' },
                  { to: '/professor', label: msg('Manage Courses'), variant: 'outline' },
                ],
              },
            } satisfies ProfessorRouteHandle,
            lazy: async () => ({ Component: (await import('../features/report/ReportPage')).ReportPage }),
          },
        ],
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('../features/admin/AdminPage')).AdminPage }),
      },
      // Everyone
      {
        path: 'user-stories',
        lazy: async () => ({ Component: (await import('../features/user-stories/UserStoriesPage')).UserStoriesPage }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/privacy/PrivacyPage')).PrivacyPage }),
      },
      {
        path: 'accessibility',
        lazy: async () => ({ Component: (await import('../features/accessibility/AccessibilityPage')).AccessibilityPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    // Professor screens that fill their window, without the site's header and footer.
    lazy: async () => ({ Component: (await import('./layout/BareProfessorLayout')).BareProfessorLayout }),
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        path: 'professor/present/:courseId',
        lazy: async () => ({ Component: (await import('../features/professor/PresentPage')).PresentPage }),
      },
      {
        path: 'professor/live/:courseId/popout',
        lazy: async () => ({ Component: (await import('../features/live/PopOutPage')).PopOutPage }),
      },
    ],
  },
];

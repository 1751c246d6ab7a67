import type { RouteObject } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';
import { RouteError } from './RouteError';
import { AppShell } from './layout/AppShell';
import type { ProfessorRouteHandle } from './layout/ProfessorLayout';
import { RootLayout } from './layout/RootLayout';
import { i18n } from '../i18n/i18n';
import { msg } from '../i18n/msg';
import { STUDENT_PAGES } from '../student/pages';
import { StudentPageLoad } from './StudentPageLoad';

/** The professor app's routes: each feature's screens load as their own chunk. */
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
      // The student pages (and the public board) are pages of their own, not the app's
      // (web/src/student/): a link to one from here loads it.
      ...STUDENT_PAGES.map(({ path }) => ({ path: path.replace(/\{(\w+)\}/g, ':$1'), Component: StudentPageLoad })),
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

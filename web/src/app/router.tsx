import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';
import { RouteError } from './RouteError';
import { AppShell } from './layout/AppShell';
import { type RouteHandle, RootLayout } from './layout/RootLayout';

/** Each feature's screens load as their own chunk; students never download professor code. */
export const router = createBrowserRouter([
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
      {
        index: true,
        handle: { ownFooter: true } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
      },
      {
        path: 'courses',
        lazy: async () => ({ Component: (await import('../features/courses/CourseListPage')).CourseListPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

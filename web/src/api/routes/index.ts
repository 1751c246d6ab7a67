import type { RouteTable } from '../routeTable';
import { authRoutes } from './auth';
import { courseRoutes } from './courses';
import { studentRoutes } from './student';

/** The /api routes (seed §7) any page may call first: sign-in state, public course reads, students'. */
export const coreRoutes: RouteTable = {
  ...authRoutes,
  ...courseRoutes,
  ...studentRoutes,
};

/**
 * The professors' and the user-stories board's routes, downloaded on their first call so the
 * student pages (on a 200 KB budget) never carry them.
 */
export const loadAreaRoutes = (): Promise<RouteTable> => import('./areas').then((m) => m.areaRoutes);

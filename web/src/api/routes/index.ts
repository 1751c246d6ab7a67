import type { RouteTable } from '../routeTable';
import { authRoutes } from './auth';
import { courseRoutes } from './courses';
import { professorRoutes } from './professor';
import { studentRoutes } from './student';
import { userStoryRoutes } from './userStories';

/** Every /api route of the seed (§7) the façade serves; one file per area. */
export const routes: RouteTable = {
  ...authRoutes,
  ...courseRoutes,
  ...studentRoutes,
  ...professorRoutes,
  ...userStoryRoutes,
};

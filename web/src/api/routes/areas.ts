import type { RouteTable } from '../routeTable';
import { professorRoutes } from './professor';
import { userStoryRoutes } from './userStories';

/** Routes served only after their chunk loads (see `loadAreaRoutes`). */
export const areaRoutes: RouteTable = {
  ...professorRoutes,
  ...userStoryRoutes,
};

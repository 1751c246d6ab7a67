import { describe, expect, it } from 'vitest';
import { matchRoute, type ApiMethod } from '../routeTable';
import { areaRoutes } from './areas';
import { coreRoutes } from './index';

const entries = (table: object) => Object.keys(table).map((key) => key.split(' ') as [ApiMethod, string]);
const samplePath = (pattern: string) => pattern.replace(/:[a-zA-Z]+/g, 'x');

describe('route areas', () => {
  it('no professor or user-story route is answered by a core route before its chunk loads', () => {
    for (const [method, pattern] of entries(areaRoutes)) {
      expect(matchRoute(coreRoutes, method, samplePath(pattern)), `${method} ${pattern}`).toBeNull();
    }
  });

  it('each route lives in one table only', () => {
    const core = new Set(Object.keys(coreRoutes));
    expect(Object.keys(areaRoutes).filter((key) => core.has(key))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { type RouteTable, matchRoute } from './routeTable';

const handler = (name: string) => async () => name;

const table: RouteTable = {
  'GET /api/courses': handler('list'),
  'GET /api/courses/:id': handler('detail'),
  'GET /api/courses/:id/active-session': handler('active-session'),
  'PUT /api/user-stories/:id': handler('update-story'),
  'POST /api/user-stories/:id/upvote': handler('upvote'),
  'POST /api/user-stories/merge': handler('merge'),
  'POST /api/user-stories/:id': handler('never-used'),
};

async function resolve(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string) {
  const match = matchRoute(table, method, path);
  return match && { name: await match.handler({ params: match.params, query: new URLSearchParams(), body: undefined, headers: {} }), params: match.params };
}

describe('matchRoute', () => {
  it('matches literal paths by method', async () => {
    expect(await resolve('GET', '/api/courses')).toEqual({ name: 'list', params: {} });
    expect(await resolve('POST', '/api/courses')).toBeNull();
  });

  it('captures and decodes :params', async () => {
    expect(await resolve('GET', '/api/courses/a%20b')).toEqual({ name: 'detail', params: { id: 'a b' } });
    expect(await resolve('GET', '/api/courses/42/active-session')).toEqual({ name: 'active-session', params: { id: '42' } });
  });

  it('prefers literal segments over params', async () => {
    expect((await resolve('POST', '/api/user-stories/merge'))?.name).toBe('merge');
    expect((await resolve('POST', '/api/user-stories/7'))?.name).toBe('never-used');
    expect((await resolve('POST', '/api/user-stories/7/upvote'))?.name).toBe('upvote');
  });

  it('does not match empty params or extra segments', async () => {
    expect(await resolve('GET', '/api/courses/')).toBeNull();
    expect(await resolve('GET', '/api/courses/1/2')).toBeNull();
  });
});

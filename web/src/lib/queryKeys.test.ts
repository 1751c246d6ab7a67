import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeyToPath, queryKeys } from './queryKeys';

describe('queryKeyToPath', () => {
  it('joins the key parts with "/"', () => {
    expect(queryKeyToPath(['/api/courses'])).toBe('/api/courses');
    expect(queryKeyToPath(['/api/courses', 'c0ffee', 'active-session'])).toBe('/api/courses/c0ffee/active-session');
  });

  it('encodes each part after the path', () => {
    expect(queryKeyToPath(['/api/class-token', 'a/b c'])).toBe('/api/class-token/a%2Fb%20c');
    expect(queryKeyToPath(['/api/submissions', 42])).toBe('/api/submissions/42');
  });

  it('turns a trailing object into the query string, dropping empty values', () => {
    expect(queryKeyToPath(queryKeys.courses.search('COSC 1337'))).toBe('/api/courses?code=COSC+1337');
    expect(queryKeyToPath(queryKeys.analytics.confusionPatterns(30))).toBe('/api/analytics/confusion-patterns?days=30');
    expect(queryKeyToPath(['/api/submissions', {}])).toBe('/api/submissions');
  });

  it('rejects keys that are not /api paths', () => {
    expect(() => queryKeyToPath(['courses'])).toThrow(/must start with an \/api path/);
    expect(() => queryKeyToPath(['/api/courses', { a: 1 }, 'x'])).toThrow(/strings or numbers/);
  });
});

describe('queryKeys', () => {
  it('spell the /api path of their endpoint', () => {
    const paths = [
      [queryKeys.auth.user, '/api/auth/user'],
      [queryKeys.courses.all, '/api/courses'],
      [queryKeys.courses.detail('abc'), '/api/courses/abc'],
      [queryKeys.courses.activeSession('abc'), '/api/courses/abc/active-session'],
      [queryKeys.classToken('tok'), '/api/class-token/tok'],
      [queryKeys.sessions.detail('s1'), '/api/sessions/s1'],
      [queryKeys.submissions.timeline('c1'), '/api/submissions?courseId=c1'],
      [queryKeys.submissions.own('id1'), '/api/submissions/id1'],
      [queryKeys.professor.courses, '/api/professor/courses'],
      [queryKeys.professor.submissions.recent('c1', 10), '/api/professor/submissions?courseId=c1&limit=10'],
      [queryKeys.analytics.stats('c1'), '/api/analytics/stats?courseId=c1'],
      [queryKeys.analytics.confusionPatterns(7, 'c1'), '/api/analytics/confusion-patterns?days=7&courseId=c1'],
      [queryKeys.analytics.sessionInsights(undefined, 30, 6), '/api/analytics/session-insights?days=30&maxSessions=6'],
      [queryKeys.userStories.all, '/api/user-stories'],
      [queryKeys.userStories.similar('dark mode'), '/api/user-stories/similar?want=dark+mode'],
      [queryKeys.userStories.owner, '/api/user-stories/owner'],
    ] as const;
    for (const [key, path] of paths) expect(queryKeyToPath(key)).toBe(path);
  });

  it('invalidating a path refreshes every query below it, and no other', async () => {
    const client = new QueryClient();
    const below = [
      queryKeys.analytics.stats('a'),
      queryKeys.analytics.stats(),
      queryKeys.analytics.confusionPatterns(7),
      queryKeys.analytics.sessionInsights('a', 30, 6),
    ];
    const other = [queryKeys.professor.courses, queryKeys.courses.detail('x'), queryKeys.userStories.all];
    for (const key of [...below, ...other]) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: queryKeys.analytics.all });
    expect(below.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(below.map(() => true));
    expect(other.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(other.map(() => false));
  });
});

import { describe, expect, it } from 'vitest';
import { queryKeyToPath, queryKeys } from './queryKeys';

describe('queryKeyToPath', () => {
  it('joins the key parts with "/" as the seed did', () => {
    expect(queryKeyToPath(['/api/courses'])).toBe('/api/courses');
    expect(queryKeyToPath(['/api/courses', 'c0ffee', 'active-session'])).toBe('/api/courses/c0ffee/active-session');
    expect(queryKeyToPath(['/api/analytics/stats'])).toBe('/api/analytics/stats');
  });

  it('encodes each part after the path', () => {
    expect(queryKeyToPath(['/api/class-token', 'a/b c'])).toBe('/api/class-token/a%2Fb%20c');
    expect(queryKeyToPath(['/api/submissions', 42])).toBe('/api/submissions/42');
  });

  it('turns a trailing object into the query string, dropping empty values', () => {
    expect(queryKeyToPath(queryKeys.courseSearch('COSC 1337'))).toBe('/api/courses?code=COSC+1337');
    expect(queryKeyToPath(['/api/analytics/confusion-patterns', { days: 30, courseId: undefined }])).toBe(
      '/api/analytics/confusion-patterns?days=30',
    );
    expect(queryKeyToPath(['/api/submissions', {}])).toBe('/api/submissions');
  });

  it('keeps the seed keys the app uses', () => {
    expect(queryKeyToPath(queryKeys.authUser)).toBe('/api/auth/user');
    expect(queryKeyToPath(queryKeys.courses)).toBe('/api/courses');
    expect(queryKeyToPath(queryKeys.course('abc'))).toBe('/api/courses/abc');
  });

  it('rejects keys that are not /api paths', () => {
    expect(() => queryKeyToPath(['courses'])).toThrow(/must start with an \/api path/);
    expect(() => queryKeyToPath(['/api/courses', { a: 1 }, 'x'])).toThrow(/strings or numbers/);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidatePaths } from './api';

describe('invalidatePaths', () => {
  it('marks every query under the given paths stale, and no other', async () => {
    const client = new QueryClient();
    const keys = [['/api/analytics/stats', { courseId: 'a' }], ['/api/professor/courses'], ['/api/courses', 'x', 'active-session'], ['/api/user-stories']];
    for (const key of keys) client.setQueryData(key, 1);
    await invalidatePaths(client, ['/api/analytics', '/api/professor', '/api/courses']);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });
});

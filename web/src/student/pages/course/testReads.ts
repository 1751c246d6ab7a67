// Reads as the course page's components get them (runtime/useRead.ts), for their tests.
import { vi } from 'vitest';
import type { CourseTimeline } from '../../../shared/api/get-course-timeline';
import type { Read } from '../../runtime/useRead';

export const pendingRead = <T>(): Read<T> => ({ status: 'pending', fetching: true, refetch: vi.fn(), set: vi.fn() });
export const readOf = <T>(data: T): Read<T> => ({ status: 'success', data, fetching: false, refetch: vi.fn(), set: vi.fn() });
export const failedRead = <T>(fetching = false): Read<T> => ({
  status: 'error',
  error: new Error('offline'),
  fetching,
  refetch: vi.fn(),
  set: vi.fn(),
});

export const TIMELINE: CourseTimeline = {
  total: 5,
  thisWeek: 2,
  items: [
    { id: 'i4', createdAt: '2026-11-25T20:30:00Z', topic: 'Recursion', confusion: 'The base case.', difficultyLevel: 'completely' },
    { id: 'i3', createdAt: '2026-11-25T19:00:00Z', topic: 'Loops', confusion: 'Off by one.', difficultyLevel: 'very' },
    { id: 'i2', createdAt: '2026-11-24T19:00:00Z', topic: 'Arrays', confusion: 'Index zero.', difficultyLevel: 'slightly' },
    { id: 'i1', createdAt: '2026-11-23T19:00:00Z', topic: 'Session feedback', confusion: 'All clear.', difficultyLevel: null },
  ],
};

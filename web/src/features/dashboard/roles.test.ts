import { describe, expect, it } from 'vitest';
import { courseOptionLabel } from './roles';

describe('courseOptionLabel', () => {
  it('marks courses the caller teaches as co-instructor or TA, not their own', () => {
    const course = { code: 'COSC 1337', name: 'Intro' };
    expect(courseOptionLabel({ ...course, role: 'owner' })).toBe('COSC 1337 - Intro');
    expect(courseOptionLabel({ ...course, role: 'co_instructor' })).toBe('COSC 1337 - Intro (Co-instructor)');
    expect(courseOptionLabel({ ...course, role: 'ta' })).toBe('COSC 1337 - Intro (TA)');
  });
});

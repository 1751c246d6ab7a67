import { describe, expect, it } from 'vitest';
import { byCodeAndSection, courseOptionLabel } from './roles';

describe('courseOptionLabel', () => {
  it('marks courses the caller teaches as co-instructor or TA, not their own', () => {
    const course = { code: 'COSC 1337', name: 'Intro' };
    expect(courseOptionLabel({ ...course, role: 'owner' })).toBe('COSC 1337 - Intro');
    expect(courseOptionLabel({ ...course, role: 'co_instructor' })).toBe('COSC 1337 - Intro (Co-instructor)');
    expect(courseOptionLabel({ ...course, role: 'ta' })).toBe('COSC 1337 - Intro (TA)');
  });

  it('names the section when the course has one', () => {
    expect(courseOptionLabel({ code: 'COSC 1337', section: '002', name: 'Intro', role: 'owner' })).toBe('COSC 1337 · Section 002 - Intro');
    expect(courseOptionLabel({ code: 'COSC 1337', section: null, name: 'Intro', role: 'owner' })).toBe('COSC 1337 - Intro');
  });
});

describe('byCodeAndSection', () => {
  it('orders by code, then section, a course without a section first', () => {
    const courses = [
      { code: 'MATH 2413', section: null },
      { code: 'COSC 1337', section: '010' },
      { code: 'COSC 1337', section: '002' },
      { code: 'COSC 1337', section: null },
    ];
    expect([...courses].sort(byCodeAndSection).map((c) => `${c.code}/${c.section ?? '-'}`)).toEqual([
      'COSC 1337/-',
      'COSC 1337/002',
      'COSC 1337/010',
      'MATH 2413/-',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { COURSE_MEMORY, forgetCourse, keepCourse, keptCourse } from './courseMemory';

const stored = () => JSON.parse(localStorage.getItem(COURSE_MEMORY.key) ?? '{}') as Record<string, unknown>;
const course = (code: string) => ({ code, section: null, name: `Course ${code}`, notes: [] });

describe('the course pages this device keeps', () => {
  it('keeps code, section, name and notes (their date, text and figures), and reads them back', () => {
    const notes = [{ id: 'n1', sessionId: 's1', createdAt: 'x', sessionDate: '2026-11-25', body: 'We did.', figures: null }];
    keepCourse('a', { code: 'COSC 1337', section: '002', name: 'Programming', notes });
    expect(stored()).toEqual({
      a: { code: 'COSC 1337', section: '002', name: 'Programming', notes: [{ sessionDate: '2026-11-25', body: 'We did.', figures: null }] },
    });
    expect(keptCourse('a')).toEqual(stored().a);
    expect(keptCourse('b')).toBeUndefined();
  });

  it('keeps the last ten, newest first', () => {
    for (let n = 1; n <= 12; n += 1) keepCourse(`id-${n}`, course(`C ${n}`));
    keepCourse('id-5', course('C 5'));
    const ids = Object.keys(stored());
    expect(ids).toHaveLength(COURSE_MEMORY.limit);
    expect(ids.slice(0, 3)).toEqual(['id-5', 'id-12', 'id-11']);
    expect(ids).not.toContain('id-2');
  });

  it('forgets a course', () => {
    keepCourse('a', course('A'));
    keepCourse('b', course('B'));
    forgetCourse('a');
    expect(Object.keys(stored())).toEqual(['b']);
  });

  it('reads nothing from what it cannot read', () => {
    localStorage.setItem(COURSE_MEMORY.key, 'not json');
    expect(keptCourse('a')).toBeUndefined();
    localStorage.setItem(
      COURSE_MEMORY.key,
      JSON.stringify({ a: { code: 'A', name: 'No notes' }, b: { code: 'B', name: 'B', notes: [{ body: 1 }] } }),
    );
    expect(keptCourse('a')).toBeUndefined();
    expect(keptCourse('b')).toBeUndefined();
    keepCourse('c', course('C'));
    expect(Object.keys(stored())).toEqual(['c', 'a', 'b']);
  });
});

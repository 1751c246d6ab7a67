import { describe, expect, it } from 'vitest';
import { courseWithSection, nextTerm, termFor } from './terms';

describe('terms', () => {
  it('names the term a date falls in', () => {
    expect(termFor(new Date(2026, 0, 12))).toBe('Spring 2026');
    expect(termFor(new Date(2026, 4, 31))).toBe('Spring 2026');
    expect(termFor(new Date(2026, 5, 1))).toBe('Summer 2026');
    expect(termFor(new Date(2026, 7, 1))).toBe('Fall 2026');
    expect(termFor(new Date(2026, 10, 27))).toBe('Fall 2026');
  });

  it('proposes the next term, across the year', () => {
    expect(nextTerm('Fall 2026')).toBe('Spring 2027');
    expect(nextTerm(' spring   2027 ')).toBe('Summer 2027');
    expect(nextTerm('Summer 2027')).toBe('Fall 2027');
    expect(nextTerm('Term 3')).toBe('');
  });

  it('names a course with its section only when it has one', () => {
    expect(courseWithSection('COSC 1337', '002')).toBe('COSC 1337 · Section 002');
    expect(courseWithSection('COSC 1337', null)).toBe('COSC 1337');
    expect(courseWithSection('COSC 1337', '002', 'Sección')).toBe('COSC 1337 · Sección 002');
  });
});

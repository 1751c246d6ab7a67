import { describe, expect, it } from 'vitest';
import { difficultyLabel, fromLastWeek, patternPalette, teachingSuggestion } from './patterns';

describe('patternPalette', () => {
  it('uses the cut-offs 0.7, 0.4 and 0.2 of the highest count', () => {
    expect(patternPalette(10, 10)).toBe('red');
    expect(patternPalette(7, 10)).toBe('red');
    expect(patternPalette(6, 10)).toBe('orange');
    expect(patternPalette(4, 10)).toBe('orange');
    expect(patternPalette(3, 10)).toBe('yellow');
    expect(patternPalette(2, 10)).toBe('yellow');
    expect(patternPalette(1, 10)).toBe('green');
    expect(patternPalette(0, 0)).toBe('green');
  });
});

describe('teachingSuggestion', () => {
  const row = (topic: string, count: number) => ({
    topic,
    course: 'COSC 1337',
    courseId: 'c',
    count,
    meToos: 0,
    students: count,
    difficultyDistribution: { slightly: 0, very: count, completely: 0 },
  });

  it('names the top topic, its course and count for the chosen range', () => {
    const text = teachingSuggestion([row('Recursion', 12), row('Loops', 3)], 7);
    expect(text).toContain('"Recursion" in COSC 1337');
    expect(text).toContain('12 submissions about confusion this week');
    expect(teachingSuggestion([row('Pointers', 1)], 90)).toContain('1 submission about confusion this semester');
  });

  it('has nothing to suggest without patterns', () => {
    expect(teachingSuggestion([], 7)).toBeNull();
  });
});

describe('labels', () => {
  it('uses the seed difficulty labels', () => {
    expect(difficultyLabel('slightly')).toBe('Slightly confused');
    expect(difficultyLabel('very')).toBe('Very confused');
    expect(difficultyLabel('completely')).toBe('Completely lost');
    expect(difficultyLabel(null)).toBe('Not confused');
    expect(fromLastWeek(5)).toBe('+5 from last week');
  });
});

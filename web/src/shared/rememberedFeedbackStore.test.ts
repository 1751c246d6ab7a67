// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAllFeedback, rememberFeedback, rememberedFeedback } from './rememberedFeedbackStore';

const entry = (token: string, sentAt: string) => ({
  token,
  courseId: 'c',
  courseCode: 'COSC 1337',
  courseName: 'Programming',
  excerpt: 'x',
  sentAt,
});

afterEach(() => forgetAllFeedback());

describe('remembered feedback', () => {
  it('lists the newest first, whatever order it was remembered in, and keeps one entry per submission', () => {
    rememberFeedback(entry('b', '2026-11-27T10:00:00.000Z'));
    rememberFeedback(entry('c', '2026-11-28T09:00:00.000Z'));
    rememberFeedback(entry('a', '2026-11-26T23:59:59.999Z'));
    rememberFeedback({ ...entry('b', '2026-11-27T10:00:00.000Z'), excerpt: 'updated' });
    expect(rememberedFeedback().map((e) => [e.token, e.excerpt])).toEqual([
      ['c', 'x'],
      ['b', 'updated'],
      ['a', 'x'],
    ]);
  });
});

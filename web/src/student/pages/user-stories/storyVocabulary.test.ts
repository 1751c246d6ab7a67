import { describe, expect, it } from 'vitest';
import {
  STORY_ROLES as SCHEMA_ROLES,
  STORY_STATUSES as SCHEMA_STATUSES,
  STORY_STATUS_LABELS as SCHEMA_LABELS,
  storyCreateSchema,
} from '../../../lib/schemas';
import { STORY_STATUSES, STORY_STATUS_LABELS } from './status';
import { storyTooLong } from './storyLimits';
import { STORY_ROLES } from './storyText';

// The board writes out what the edge function's schema says (status.ts says why): these keep the two the same.
describe("the board's vocabulary and limits", () => {
  it('has the schema’s roles, statuses and status labels', () => {
    expect(STORY_ROLES).toEqual(SCHEMA_ROLES);
    expect(STORY_STATUSES).toEqual(SCHEMA_STATUSES);
    expect(STORY_STATUS_LABELS).toEqual(SCHEMA_LABELS);
  });

  const story = (title: number, description: number, name: string | null) => ({
    title: 'T'.repeat(title),
    description: 'D'.repeat(description),
    submittedBy: name,
    impact: 5,
    confidence: 5,
    ease: 5,
  });
  const schemaSays = (built: ReturnType<typeof story>) => {
    const parsed = storyCreateSchema.safeParse(built);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'refused');
  };

  it.each([
    ['a story within every limit', story(300, 1000, 'N'.repeat(80))],
    ['a title one too long', story(301, 10, null)],
    ['a description one too long', story(10, 1001, null)],
    ['a name one too long', story(10, 10, 'N'.repeat(81))],
    ['emoji, counted as one character each', story(10, 10, '😀'.repeat(80))],
  ])('refuses what the schema refuses, in its words: %s', (_, built) => {
    expect(storyTooLong(built)).toBe(schemaSays(built));
  });
});

import { describe, expect, it } from 'vitest';
import { CHALLENGE_LEVELS, DIFFICULTY_LABELS as SCHEMA_DIFFICULTY_LABELS, PACES } from '../lib/schemas';
import { CHALLENGE_LABELS, DIFFICULTY_LABELS, PACE_LABELS } from './labels';

describe('labels', () => {
  it('match the shared schemas', () => {
    expect(DIFFICULTY_LABELS).toEqual(SCHEMA_DIFFICULTY_LABELS);
    expect(Object.keys(PACE_LABELS)).toEqual([...PACES]);
    expect(Object.keys(CHALLENGE_LABELS)).toEqual([...CHALLENGE_LEVELS]);
  });
});

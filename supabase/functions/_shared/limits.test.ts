import { describe, expect, it } from 'vitest';
import { editTokenLimits, meTooLimits, positiveInteger, storyLimits, submissionLimits } from './limits.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

describe('positiveInteger', () => {
  it('reads a positive whole number', () => {
    expect(positiveInteger('12', 5)).toBe(12);
    expect(positiveInteger(' 7 ', 5)).toBe(7);
  });

  it('falls back for anything else', () => {
    for (const raw of [undefined, '', '0', '-3', '2.5', 'ten', 'NaN', 'Infinity']) {
      expect(positiveInteger(raw, 5)).toBe(5);
    }
  });
});

describe('limits', () => {
  it('default to the product limits', () => {
    expect(submissionLimits(env({}))).toEqual({ devicePerSession: 5, ipPerSession: 300, ipPerMinute: 600 });
    expect(storyLimits(env({}))).toEqual({ tokensPerMinute: 30, createsPerMinute: 20, votesPerMinute: 120 });
    expect(editTokenLimits(env({}))).toEqual({ failuresPerMinute: 30 });
    expect(meTooLimits(env({}))).toEqual({ devicePerSession: 50, ipPerSession: 5000, ipPerMinute: 1200 });
  });

  it('take overrides from the function secrets, ignoring invalid ones', () => {
    expect(
      submissionLimits(
        env({ SUBMISSION_LIMIT_DEVICE_PER_SESSION: '3', SUBMISSION_LIMIT_IP_PER_SESSION: '0', SUBMISSION_LIMIT_IP_PER_MINUTE: '100000' }),
      ),
    ).toEqual({ devicePerSession: 3, ipPerSession: 300, ipPerMinute: 100000 });
    expect(
      storyLimits(env({ STORY_LIMIT_TOKENS_PER_MINUTE: '1', STORY_LIMIT_CREATES_PER_MINUTE: 'x', STORY_LIMIT_VOTES_PER_MINUTE: '9' })),
    ).toEqual({ tokensPerMinute: 1, createsPerMinute: 20, votesPerMinute: 9 });
    expect(editTokenLimits(env({ EDIT_TOKEN_LIMIT_FAILURES_PER_MINUTE: '5' }))).toEqual({ failuresPerMinute: 5 });
    expect(editTokenLimits(env({ EDIT_TOKEN_LIMIT_FAILURES_PER_MINUTE: '-1' }))).toEqual({ failuresPerMinute: 30 });
    expect(meTooLimits(env({ ME_TOO_LIMIT_DEVICE_PER_SESSION: '2', ME_TOO_LIMIT_IP_PER_SESSION: 'x' }))).toMatchObject({
      devicePerSession: 2,
      ipPerSession: 5000,
    });
  });
});

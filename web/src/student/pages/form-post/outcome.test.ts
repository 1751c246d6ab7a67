import { describe, expect, it } from 'vitest';
import { readOutcome } from './outcome';

const TOKEN = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`;

describe('readOutcome', () => {
  it('reads the edit token of a sent form, and only a well-formed one', () => {
    expect(readOutcome(`#token=${TOKEN}`).editToken).toBe(TOKEN);
    expect(readOutcome('#token=<script>').editToken).toBeUndefined();
    expect(readOutcome('').editToken).toBeUndefined();
  });

  it('reads a refusal: its message and code, the messages by field and what was typed', () => {
    const outcome = readOutcome(
      `#${new URLSearchParams({ error: 'You have already sent 3 submissions for this class session.', code: 'device_submission_limit', 'p.count': '3', 'e.topic': 'Please enter a topic', 'v.confusion': 'lost & found' })}`,
    );
    expect(outcome.error?.code).toBe('device_submission_limit');
    expect(outcome.error?.params).toEqual({ count: '3' });
    expect(outcome.fields).toEqual({ topic: 'Please enter a topic' });
    expect(outcome.typed).toEqual({ confusion: 'lost & found' });
  });
});

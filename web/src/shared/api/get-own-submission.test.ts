import { describe, expect, it } from 'vitest';
import { submissionIdOf } from './get-own-submission';

describe('own submission helpers', () => {
  it('reads the submission id of an edit token', () => {
    expect(submissionIdOf('3f1e2d4c-1111-4222-8333-444455556666.secret')).toBe('3f1e2d4c-1111-4222-8333-444455556666');
  });
});

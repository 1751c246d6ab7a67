import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { isNotFound, submissionIdOf } from './ownSubmission';

describe('own submission helpers', () => {
  it('reads the submission id of an edit token', () => {
    expect(submissionIdOf('3f1e2d4c-1111-4222-8333-444455556666.secret')).toBe('3f1e2d4c-1111-4222-8333-444455556666');
  });

  it('treats only a 404 as "not found"', () => {
    expect(isNotFound(new ApiError(404, 'Submission not found'))).toBe(true);
    expect(isNotFound(new Error('404: Course not found'))).toBe(true);
  });

  it('keeps network failures, server errors and other refusals apart from "not found"', () => {
    expect(isNotFound(new ApiError(0, 'Failed to fetch'))).toBe(false);
    expect(isNotFound(new ApiError(500, 'Internal error'))).toBe(false);
    expect(isNotFound(new ApiError(503, 'Database unavailable'))).toBe(false);
    expect(isNotFound(new ApiError(403, 'This class session has ended; feedback can no longer be edited.'))).toBe(false);
    expect(isNotFound(new Error('Failed to fetch'))).toBe(false);
    expect(isNotFound(new Error('4040: odd'))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, dataOrThrow, fromFunctionsError, fromPostgrestFailure, isNotFound, toApiError } from './errors';

describe('ApiError', () => {
  it('reads "{status}: {message}" and keeps the status', () => {
    const error = new ApiError(404, 'Course not found');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('404: Course not found');
    expect(error.status).toBe(404);
  });
});

describe('PostgREST failures', () => {
  it('use the HTTP status and PostgREST message', () => {
    const error = fromPostgrestFailure({ error: { message: 'permission denied for table courses' }, status: 403, statusText: 'Forbidden' });
    expect(error.message).toBe('403: permission denied for table courses');
  });

  it('find the code of a refusal a SQL function raised, by its text', () => {
    const error = fromPostgrestFailure({ error: { message: 'Class session not found' }, status: 404, statusText: 'Not Found' });
    expect(error).toMatchObject({ status: 404, code: 'class_session_not_found' });
    expect(fromPostgrestFailure({ error: { message: 'JWT expired' }, status: 401, statusText: '' }).code).toBeUndefined();
  });

  it('fall back to the status text when the message is empty', () => {
    expect(fromPostgrestFailure({ error: { message: '' }, status: 503, statusText: 'Service Unavailable' }).message).toBe(
      '503: Service Unavailable',
    );
  });

  it('map a network failure (status 0) without the error-name prefix', () => {
    const error = fromPostgrestFailure({ error: { message: 'TypeError: Failed to fetch' }, status: 0, statusText: '' });
    expect(error.message).toBe('0: Failed to fetch');
  });

  it('dataOrThrow returns the data or throws the mapped error', () => {
    expect(dataOrThrow({ data: [1, 2], error: null, status: 200, statusText: 'OK' })).toEqual([1, 2]);
    expect(() => dataOrThrow({ data: null, error: { message: 'JWT expired' }, status: 401, statusText: '' })).toThrow('401: JWT expired');
  });
});

describe('edge function failures', () => {
  const httpError = (response: Response) => Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: response });

  it('read `{ error }` from the response body', async () => {
    const response = new Response(JSON.stringify({ error: 'Please select a course' }), { status: 400 });
    expect((await fromFunctionsError(httpError(response))).message).toBe('400: Please select a course');
  });

  it('keep the stable code and its parameters', async () => {
    const body = { error: 'ta@example.edu has already been invited.', code: 'already_invited', params: { email: 'ta@example.edu' } };
    const error = await fromFunctionsError(httpError(new Response(JSON.stringify(body), { status: 409 })));
    expect(error).toMatchObject({ status: 409, code: 'already_invited', params: { email: 'ta@example.edu' } });
    expect(error.message).toBe('409: ta@example.edu has already been invited.');
  });

  it('use a plain-text body as the message', async () => {
    expect((await fromFunctionsError(httpError(new Response('Too many submissions', { status: 429 })))).message).toBe(
      '429: Too many submissions',
    );
  });

  it('fall back to the status text for an empty body', async () => {
    const response = new Response(null, { status: 502, statusText: 'Bad Gateway' });
    expect((await fromFunctionsError(httpError(response))).message).toBe('502: Bad Gateway');
  });

  it('map a fetch failure to status 0', async () => {
    const fetchError = Object.assign(new Error('Failed to send a request to the Edge Function'), {
      context: new TypeError('Failed to fetch'),
    });
    expect((await fromFunctionsError(fetchError)).message).toBe('0: Failed to fetch');
  });
});

describe('toApiError', () => {
  it('keeps ApiErrors and maps anything else to status 0', () => {
    const apiError = new ApiError(409, 'Conflict');
    expect(toApiError(apiError)).toBe(apiError);
    expect(toApiError(new TypeError('Failed to fetch')).message).toBe('0: Failed to fetch');
    expect(toApiError(undefined).message).toBe('0: Failed to fetch');
  });
});

describe('isNotFound', () => {
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

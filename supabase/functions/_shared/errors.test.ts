import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, errorResponse, fromDatabaseError, HttpError } from './errors.ts';

/** A database error as postgres.js reports it. */
const dbError = (code: string, message = 'from the database', detail?: string) => Object.assign(new Error(message), { code, detail });

describe('errorResponse', () => {
  it('is `{ "error": message, "code": … }` as JSON with the status and extra headers', async () => {
    const res = errorResponse(429, 'Slow down', { 'retry-after': '3' });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ error: 'Slow down', code: 'rate_limited' });
  });
});

describe('fromDatabaseError', () => {
  it('keeps the status and message of the codes our SQL functions raise (CP400…CP404)', () => {
    for (const [code, status] of [
      ['CP400', 400],
      ['CP401', 401],
      ['CP403', 403],
      ['CP404', 404],
    ] as const) {
      const mapped = fromDatabaseError(dbError(code, 'Written for the user'));
      expect(mapped).toBeInstanceOf(HttpError);
      expect(mapped).toMatchObject({ status, message: 'Written for the user', headers: {} });
    }
  });

  it('turns CP429 into 429 with Retry-After from the detail (60 s when the detail is not a number)', () => {
    expect(fromDatabaseError(dbError('CP429', 'Too many', '42'))).toMatchObject({
      status: 429,
      message: 'Too many',
      headers: { 'retry-after': '42' },
    });
    expect(fromDatabaseError(dbError('CP429', 'Too many'))?.headers).toEqual({ 'retry-after': '60' });
    expect(fromDatabaseError(dbError('CP429', 'Too many', 'soon'))?.headers).toEqual({ 'retry-after': '60' });
  });

  it("answers a refused value with one stable 400, never Postgres's wording", () => {
    // check, not null, invalid text, numeric out of range, string too long, invalid parameter
    for (const code of ['23514', '23502', '22P02', '22003', '22001', '22023']) {
      expect(fromDatabaseError(dbError(code, 'new row violates check constraint "x"'))).toMatchObject({
        status: 400,
        message: 'Some of the submitted values are not valid.',
      });
    }
    for (const code of ['22P05', '22021']) {
      expect(fromDatabaseError(dbError(code))).toMatchObject({
        status: 400,
        message: 'Text must not contain the NUL character (\\u0000).',
      });
    }
  });

  it('answers a lost or refused connection with 503 and Retry-After: 2 (the client may retry)', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'CONNECT_TIMEOUT',
      'CONNECTION_CLOSED',
      '08006',
      '08001',
      '08P01',
      '57P01',
      '57P03',
      '53300',
    ]) {
      expect(fromDatabaseError(dbError(code))).toMatchObject({
        status: 503,
        message: DATABASE_UNAVAILABLE,
        headers: { 'retry-after': '2' },
      });
    }
  });

  it("answers Supavisor's refusals (XX000 with a bracketed code) with 503, and other XX000 are left alone", () => {
    for (const message of [
      '(EMAXCONN) max client connections reached, limit: 200',
      '(ECHECKOUTTIMEOUT) checkout timeout',
      'Max client connections reached',
    ]) {
      expect(fromDatabaseError(dbError('XX000', message))).toMatchObject({
        status: 503,
        message: DATABASE_UNAVAILABLE,
        headers: { 'retry-after': '2' },
      });
    }
    expect(fromDatabaseError(dbError('XX000', 'cache lookup failed'))).toBeUndefined();
  });

  it('gives the 503 the stable code database_unavailable', async () => {
    const mapped = fromDatabaseError(dbError('53300', 'sorry, too many clients already'))!;
    const res = errorResponse(mapped.status, mapped.message, mapped.headers);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      error: 'The database is temporarily unavailable. Please try again in a moment.',
      code: 'database_unavailable',
    });
  });

  it('leaves anything else alone (the caller logs it and answers 500)', () => {
    expect(fromDatabaseError(dbError('23505', 'duplicate key'))).toBeUndefined();
    expect(fromDatabaseError(dbError('42P01', 'relation does not exist'))).toBeUndefined();
    expect(fromDatabaseError(new Error('no code'))).toBeUndefined();
    expect(fromDatabaseError(undefined)).toBeUndefined();
    expect(fromDatabaseError('CP404')).toBeUndefined();
  });
});

// The frame every ClassPulse edge function shares: a Hono app under the function's name, CORS,
// JSON bodies read with a size limit, zod validation, and one error handler, so bad input is
// always a clear 4xx `{ "error": "<message>" }` and never a 500.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { z } from 'zod';
import { REQUEST_DEADLINE_MS } from './db-config.ts';
import { DATABASE_RETRY_AFTER, errorResponse, fromDatabaseError, HttpError, INTERNAL_ERROR, UNAVAILABLE } from './errors.ts';
import { MESSAGES, messageText, quotedNames } from './messages.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export const CORS_OPTIONS = {
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'authorization',
    'apikey',
    'content-type',
    'x-client-info',
    'x-device-id',
    'x-edit-token',
    'x-session-token',
    'x-app-owner',
    'idempotency-key',
  ],
  exposeHeaders: ['retry-after', 'idempotent-replayed'],
  maxAge: 86400,
};

/**
 * A Hono app for the function `name` (Supabase passes the path with the function's name first).
 * A request not answered within `deadlineMs` is answered 503 with Retry-After (REQUEST_DEADLINE_MS).
 */
export function createApp(name: string, { deadlineMs = REQUEST_DEADLINE_MS }: { deadlineMs?: number } = {}): Hono {
  const app = new Hono().basePath(`/${name}`);
  app.use('*', cors(CORS_OPTIONS));
  app.use('*', async (_c, next) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HttpError(503, UNAVAILABLE, { 'retry-after': DATABASE_RETRY_AFTER })), deadlineMs);
    });
    try {
      await Promise.race([next(), late]);
    } finally {
      clearTimeout(timer);
    }
  });
  app.notFound(() => errorResponse(404, MESSAGES.not_found));
  app.onError((error, c) => {
    const known = error instanceof HttpError ? error : fromDatabaseError(error);
    if (known) {
      // The SQL functions' own refusals (CP…) are expected; a constraint or a lost connection is worth a line.
      const code = (error as { code?: string }).code ?? '';
      if (!(error instanceof HttpError) && !code.startsWith('CP')) {
        console.warn(`[${name}] ${c.req.method} ${c.req.path}: ${code} ${error.message}`);
      }
      return errorResponse(known.status, known.message, known.headers);
    }
    // Hono's own HTTP errors (e.g. a malformed request it refused) keep their status.
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return errorResponse(status, error.message || MESSAGES.bad_request);
    }
    console.error(`[${name}] ${c.req.method} ${c.req.path}:`, error);
    return errorResponse(500, INTERNAL_ERROR);
  });
  return app;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The request's body as text, refusing more than `MAX_BODY_BYTES` (413) and invalid UTF-8 (400). */
export async function readText(request: Request): Promise<string> {
  const tooLarge = () => new HttpError(413, messageText('body_too_large', { kilobytes: MAX_BODY_BYTES / 1024 }));
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new HttpError(400, MESSAGES.body_not_utf8);
  }
}

/** The request's JSON body, which must be an object. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await readText(c.req.raw);
  if (!text.trim()) throw new HttpError(400, MESSAGES.body_required);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, MESSAGES.body_not_json);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, MESSAGES.body_not_object);
  }
  return body as Record<string, unknown>;
}

/** A 400 from a schema, with the first message of each field that failed (a form shows them by field). */
export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(400, message);
  }
}

/**
 * Validates with a shared schema; on failure a 400 with the first problem's message (the seed's
 * wording lives in the schemas). Unknown fields are named first: they usually explain the rest.
 */
export function parseWith<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in fields)) fields[field] = issue.message;
  }
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const names = quotedNames(unknown.keys);
    throw new ValidationError(messageText(unknown.keys.length > 1 ? 'unknown_fields' : 'unknown_field', { names }), fields);
  }
  throw new ValidationError(issues[0]?.message ?? 'Invalid request', fields);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => !!value && UUID.test(value);

/** A header's value when present and of sane length (else undefined). */
export function header(c: Context, name: string, maxLength = 256): string | undefined {
  const value = c.req.header(name)?.trim();
  return value && value.length <= maxLength ? value : undefined;
}

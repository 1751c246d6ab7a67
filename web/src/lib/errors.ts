import type { AuthError } from '@supabase/supabase-js';
import { identify, MESSAGES, type MessageParams } from './serverMessages';

/** What the server said, beyond the status: its stable code and the code's parameters. */
export interface ServerRefusal {
  code?: string;
  params?: MessageParams;
}

/**
 * Every façade failure is an ApiError whose message is "{status}: {message}", the shape the seed's
 * fetch wrapper produced. Status 0 means the request never got an HTTP answer (offline, CORS, DNS).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The edge function's (or a known SQL refusal's) stable code, which the app translates. */
  readonly code?: string;
  readonly params?: MessageParams;

  constructor(status: number, message: string, { code, params }: ServerRefusal = {}) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/** The English template of the refusal's code (the catalog key to translate), when the app knows the code. */
export function refusalTemplate(error: ApiError): string | undefined {
  return error.code && Object.hasOwn(MESSAGES, error.code) ? MESSAGES[error.code as keyof typeof MESSAGES] : undefined;
}

/**
 * True when a façade failure is a 404: the token is not accepted, or the course or submission does
 * not exist. Only then may a student screen say "not found" or forget a stored edit token; a network
 * failure (status 0) or a server error (5xx) gets "Try again" instead. Failures read "{status}: …".
 */
export function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 404;
  return error instanceof Error && error.message.startsWith('404: ');
}

const NETWORK_FAILURE = 'Failed to fetch';

/** "TypeError: Failed to fetch" → "Failed to fetch" (postgrest-js prefixes the error's name). */
function withoutErrorName(message: string): string {
  return message.replace(/^[A-Za-z]*Error: /, '');
}

/** Anything thrown while handling a call; unknown errors become status 0, like a failed fetch. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error) return new ApiError(0, withoutErrorName(error.message) || NETWORK_FAILURE);
  return new ApiError(0, typeof error === 'string' && error ? error : NETWORK_FAILURE);
}

export interface PostgrestFailure {
  error: { message: string; code?: string };
  status: number;
  statusText: string;
}

export function fromPostgrestFailure({ error, status, statusText }: PostgrestFailure): ApiError {
  if (status === 0) return new ApiError(0, withoutErrorName(error.message) || NETWORK_FAILURE);
  // The SQL functions' own refusals reach PostgREST callers as their English text: find its code.
  return new ApiError(status, error.message || statusText || `HTTP ${status}`, identify(error.message ?? ''));
}

/** A PostgREST answer (postgrest-js's shape): data on success, the error otherwise. */
interface PostgrestResult {
  data?: unknown;
  error: { message: string; code?: string } | null;
  status: number;
  statusText: string;
}

/** The data of a PostgREST answer, or the ApiError it stands for. */
export function dataOrThrow<R extends PostgrestResult>(result: R): Extract<R, { error: null }>['data'] {
  if (result.error !== null) throw fromPostgrestFailure({ ...result, error: result.error });
  return result.data;
}

/**
 * functions-js errors: FunctionsHttpError / FunctionsRelayError carry the Response in `context`
 * (our functions answer `{ "error": "<message>", "code": "<code>" }`); FunctionsFetchError carries
 * the fetch failure.
 */
export async function fromFunctionsError(error: unknown): Promise<ApiError> {
  const context: unknown = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    const { message, ...refusal } = await readErrorBody(context);
    return new ApiError(context.status, message || context.statusText || `HTTP ${context.status}`, refusal);
  }
  if (context instanceof Error) return new ApiError(0, withoutErrorName(context.message) || NETWORK_FAILURE);
  return toApiError(error);
}

async function readErrorBody(response: Response): Promise<ServerRefusal & { message: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { error, message, code, params } = body as Record<string, unknown>;
      const refusal: ServerRefusal = {
        ...(typeof code === 'string' ? { code } : {}),
        ...(params && typeof params === 'object' ? { params: params as MessageParams } : {}),
      };
      if (typeof error === 'string') return { message: error, ...refusal };
      if (typeof message === 'string') return { message };
    }
  } catch {
    // Not JSON: the text itself is the message, as in the seed's "{status}: {response text}".
  }
  return { message: text };
}

/** No session, or one the auth server no longer accepts (expired refresh token, deleted user). */
export function meansSignedOut(error: AuthError): boolean {
  return error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403;
}

/**
 * An auth-server refusal as an ApiError, with "Sign-in failed" when it gave no words. A refusal of
 * ours (the Before User Created hook's) gets its code again from its text, as PostgREST's do.
 */
export function fromAuthError(error: AuthError): ApiError {
  return new ApiError(error.status ?? 0, error.message || 'Sign-in failed', identify(error.message ?? ''));
}

/**
 * A failure of the way there, not a refusal: no HTTP answer (offline, DNS, an aborted or timed-out
 * request: status 0) or a gateway's 502/503/504. Sent again later; anything else is the server's
 * answer and is shown.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

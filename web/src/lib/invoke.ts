import { dataClients } from './clients';
import { fromFunctionsError } from './errors';

export type FunctionMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface InvokeOptions {
  headers?: Record<string, string>;
  /** JSON body; a GET never carries one. */
  body?: Record<string, unknown>;
  /** Milliseconds before the request is given up (a failure with status 0, like no connection). */
  timeout?: number;
}

/**
 * One call to an edge function (`path` is `<function>` or `<function>/<subpath>`). The answer's
 * type is the function's documented shape; a non-2xx answer becomes an ApiError with its
 * `{ "error": … }` message.
 */
export async function invokeFunction<T>(
  method: FunctionMethod,
  path: string,
  { headers = {}, body, timeout }: InvokeOptions = {},
): Promise<T> {
  const { functions } = await dataClients();
  const { data, error } = await functions.invoke<T>(path, {
    method,
    headers,
    ...(timeout === undefined ? {} : { timeout }),
    ...(body === undefined ? {} : { body }),
  });
  if (error) throw await fromFunctionsError(error);
  return data as T;
}

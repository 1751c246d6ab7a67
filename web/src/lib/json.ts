import type { Json } from './database';

/**
 * The answer of an SQL function that returns `json`: the generated types can only say `Json`, so
 * the endpoint module that calls it names the shape the function builds (one cast, in one place).
 */
export const jsonAs = <T>(value: Json): T => value as unknown as T;

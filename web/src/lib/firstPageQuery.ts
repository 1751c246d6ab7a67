/**
 * Options of a query a page reads as it first renders: should that read fail, the page shows the
 * failure with its "Try again" rather than sending the read again when another part of it mounts
 * and reads the same: the app never retries on its own.
 */
export const firstPageQuery = { retryOnMount: false } as const;

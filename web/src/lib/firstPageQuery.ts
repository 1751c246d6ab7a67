/**
 * Options of a query a student page reads at its first render, which app/firstPageData.ts starts
 * before the page mounts. Should that read fail before the page is drawn, the page shows the
 * failure with its "Try again", as it would have without the early start, rather than sending the
 * read again as it mounts: the app never retries on its own.
 */
export const firstPageQuery = { retryOnMount: false } as const;

/**
 * The course and session a feedback page's address names (`?courseId=…&sessionId=…`), trimmed, ''
 * when absent: read by the pages and by app/firstPageData.ts, which asks for the same data early.
 */
export function feedbackAddress(search: URLSearchParams): { courseId: string; sessionId: string } {
  return { courseId: search.get('courseId')?.trim() ?? '', sessionId: search.get('sessionId')?.trim() ?? '' };
}

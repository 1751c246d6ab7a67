import { type Cursor, PAGE_SIZE, type ProfessorSubmission, readSubmissions } from './submission-rows';

/**
 * GET /api/professor/submissions/export?courseId=: every matching submission, newest first, read
 * in pages of PostgREST's max-rows by keyset (created_at, id). Feedback that arrives during the
 * export is newer than its first row and is left out whole; nothing is skipped or repeated.
 * Not cached: each Export reads afresh.
 */
export async function exportSubmissions(courseId?: string): Promise<ProfessorSubmission[]> {
  const all: ProfessorSubmission[] = [];
  for (let after: Cursor | undefined; ;) {
    const page = await readSubmissions(courseId, PAGE_SIZE, after);
    all.push(...page);
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last) return all;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

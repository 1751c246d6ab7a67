// The targets of issue 52 for each page the bench measures (docs/performance.md): every student page,
// in every state of its course, and the public board's own; the professor app's pages have none.
// run.ts prints them beside the figures; a benchmark reports, it never fails.
import { kindOfPage, pageOfRow } from './demo-pages.ts';
import { STUDENT_BUDGET_BYTES, STUDENT_TARGET_BYTES } from './page-weight.ts';

export interface PageTargets {
  /** Lighthouse's performance score, at least. */
  performance?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  /** No main-thread task longer, from navigation to 10 s. */
  longestTaskMs?: number;
  /** JavaScript until idle, gzip: the target, and the budget past which a change fails review. */
  js?: { target: number; budget: number };
  repeatLcpMs?: number;
  /** From opening the page to a form field that keeps a keystroke. */
  acceptsInputMs?: number;
}

/** The course page's largest paint is its course's data, read as the page loads. */
const STUDENT_LCP_MS: Record<string, number> = { '/courses/{id}': 1500 };
/** A class link is timed from opening it, as a student does from a class QR code. */
const ACCEPTS_INPUT_MS: Record<string, number> = { '/class/{token}': 1500 };

/** The targets of a row: a page's name ("/class-session (note)", "/submit (es)"). */
export function targetsOf(name: string): PageTargets {
  const page = pageOfRow(name);
  switch (kindOfPage(page)) {
    case 'student':
      return {
        performance: 98,
        lcpMs: STUDENT_LCP_MS[page] ?? 1200,
        tbtMs: 100,
        cls: 0,
        longestTaskMs: 200,
        js: { target: STUDENT_TARGET_BYTES, budget: STUDENT_BUDGET_BYTES },
        repeatLcpMs: 500,
        acceptsInputMs: ACCEPTS_INPUT_MS[page] ?? 1000,
      };
    case 'board':
      return { lcpMs: 2500, tbtMs: 300 };
    case 'professor':
      return {};
  }
}

/**
 * A student page (docs/decisions/student-pages.md): one component, rendered to HTML at build time
 * (and by `npm start` on each request) in every language, its islands hydrated in the browser.
 * Plain data: the build's scripts, the service worker and the bench read it too.
 */
export interface StudentPage {
  /** The address it answers; with `addresses`, a family of them (`/courses/{id}`) answered by `file`. */
  path: string;
  /** The HTML file it is written to in the build: what hosts answer `path` with. */
  file: string;
  /** The addresses `file` answers, when not `path` alone: their id in the first group. */
  addresses?: RegExp;
  /** The document's title (English, its own key). */
  title: string;
  /** A form page: the browser's post without JavaScript sends the page's address (forms-before-the-app.md). */
  referrerPolicy?: string;
  /**
   * The module under web/src/student/ that declares the page's first reads (its default export:
   * `defineFirstReads`), sent by an inline script in <head> as the page loads (render/firstReads.ts).
   */
  firstReads?: string;
  /**
   * The host writes part of it for each request (nginx's SSI: a course's first screen, Session
   * Feedback's notes from the professor), so the service worker keeps each address's page as the
   * host served it and answers a repeat visit with that copy (web/service-worker/asServed.ts).
   */
  keptAsServed?: boolean;
  /** The page component's file under web/src/student/ (its default export: the whole body, shell included). */
  component: string;
}

export const definePages = <const T extends readonly StudentPage[]>(pages: T) => pages;

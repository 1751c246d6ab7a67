// The build's (and `npm start`'s) renderer of the student pages: each page to HTML in a language,
// with Preact (preact-render-to-string, through preact/compat), and the islands it drew
// (docs/decisions/student-pages.md). Built with Vite as an SSR module (web/scripts/student-pages.ts).
import type { ComponentType } from 'react';
import { renderToString } from 'preact-render-to-string';
import { islandModules } from '../islands.server';
import { renderIslandsWith } from '../runtime/Island';
import { setHostMarkup } from '../runtime/hostMarkup';
import { islandName } from '../runtime/islandMarks';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../i18n/languages';
import { noScriptCheckCommands } from './noScriptCheck';
import { hostedNotesCommands } from './hostedNotes';
import { hostedCourseCommands, hostedCourseFile, hostedCourseInclude } from './hostedCourse';
import { addCatalog, setLanguage, translate } from '../../i18n/translate';
import spanish from '../../locales/es';
import { STUDENT_PAGES } from '../pages';
import type { StudentPage } from '../page';

addCatalog('es', spanish);

const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/**/*Page.tsx');

const islandNames = new Map<ComponentType<never>, string>(
  Object.entries(islandModules).map(([file, module]) => [module.default as ComponentType<never>, islandName(file)]),
);

export interface RenderedPage {
  /** The page's body (what goes in #root). */
  html: string;
  /** Its document title. */
  title: string;
  /** The islands it drew: the browser loads their code. */
  islands: string[];
  /** Those of them that hydrate as the page loads: its code starts then (render/document.ts). */
  islandsAtLoad: string[];
}

export { STUDENT_PAGES };

let checkCommands: string | undefined;
let notesCommands: string | undefined;

/** A student page in a language, as a browser first gets it. */
export async function renderStudentPage(page: StudentPage, language: Language): Promise<RenderedPage> {
  const load = pageModules[`../${page.component}`];
  if (!load) throw new Error(`${page.path}: no page component at web/src/student/${page.component}`);
  const { default: Page } = await load();
  setLanguage(language);
  setHostMarkup({
    // Only the first language's markup is seen without JavaScript: the others wait in <template>s.
    check: language === DEFAULT_LANGUAGE ? (checkCommands ??= noScriptCheckCommands()) : '',
    // Every language's copy shows the notes (the first copy's commands read them for all).
    notes: (notesCommands ??= hostedNotesCommands()),
    // A course page's first screen, in each language's copy (its words are that language's).
    course: hostedCourseInclude(language),
  });
  const islands = new Set<string>();
  const islandsAtLoad = new Set<string>();
  renderIslandsWith(islandNames, islands, islandsAtLoad);
  try {
    const html = renderToString(<Page />);
    return { html, title: translate(page.title), islands: [...islands].sort(), islandsAtLoad: [...islandsAtLoad].sort() };
  } finally {
    renderIslandsWith(new Map(), new Set());
  }
}

/** The files of SSI commands a page includes (render/hostedCourse.tsx), by their path under the site's root. */
export function renderHostFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { code } of LANGUAGES) {
    setLanguage(code);
    files[hostedCourseFile(code)] = hostedCourseCommands();
  }
  setLanguage(DEFAULT_LANGUAGE);
  return files;
}

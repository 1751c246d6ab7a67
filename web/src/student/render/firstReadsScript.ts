// The build's (and `npm start`'s) side of a page's first reads (render/firstReads.ts): the page's
// declaration loaded with the student code's own Vite settings (the façade's address and key as the
// browser gets them), its URLs derived from the façade, and the inline script for its <head>.
import { type InlineConfig, runnerImport } from 'vite';
import { inlineScript } from '../../../scripts/inline-script.ts';
import type { StudentPage } from '../page.ts';
import { type FirstReads, firstReadsSetup } from './firstReads.ts';

const scripts = new Map<string, Promise<string | undefined>>();

async function build(page: StudentPage, vite: InlineConfig): Promise<string | undefined> {
  if (!page.firstReads) return undefined;
  const file = `/src/student/${page.firstReads}`;
  const { module } = await runnerImport<{ default?: FirstReads }>(file, { ...vite, logLevel: 'error' });
  if (!module.default) throw new Error(`${page.path}: ${file} exports no first reads (defineFirstReads)`);
  const setup = await firstReadsSetup(page.path, page.addresses, module.default);
  return inlineScript(new URL('./firstReads.inline.ts', import.meta.url), setup);
}

/**
 * The page's first-reads script, or undefined when it declares none. Made once per page, settings
 * and API in a process: a change to a façade's address needs a restart of `npm start`.
 */
export function firstReadsScript(page: StudentPage, vite: InlineConfig): Promise<string | undefined> {
  const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = process.env;
  const key = [vite.root, vite.mode, VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, page.path].join('\n');
  let script = scripts.get(key);
  if (!script) {
    script = build(page, vite);
    script.catch(() => scripts.delete(key));
    scripts.set(key, script);
  }
  return script;
}

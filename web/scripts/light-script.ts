/**
 * The light pages' scripts (web/src/student/pages/), each built on its own into one file: a page
 * loads only its own (what every page does, web/src/student/light.ts, and its own part), in one
 * request. Built with the app they would share chunks with it, and the bundler merges what the
 * app's pages share (React among it) into those chunks. Written into the client build's assets,
 * hashed like the rest.
 */
import path from 'node:path';
import { type ResolvedConfig, build } from 'vite';

/** Each light page's script, by the name a page gives (web/scripts/prerender.ts): its entry. */
export const LIGHT_SCRIPTS = {
  basic: 'src/student/pages/basic.ts',
  course: 'src/student/pages/course.ts',
  classLink: 'src/student/pages/classLink.ts',
  courseSearch: 'src/student/pages/courseSearch.ts',
  myFeedback: 'src/student/pages/myFeedback.ts',
  classSession: 'src/student/pages/classSession.ts',
  submit: 'src/student/pages/submit.ts',
  track: 'src/student/pages/track.ts',
  userStories: 'src/student/pages/userStories.ts',
  formPost: 'src/student/pages/formPost.ts',
  notSent: 'src/student/pages/notSent.ts',
} as const;
export type LightScript = keyof typeof LIGHT_SCRIPTS;

/** Well above the largest (about 20 KB, 7 KB gzip): past this, something heavy (React, say) came in through an import. */
const LIMIT_BYTES = 32 * 1024;

/** The light script's file in the build ("assets/light-….js"): not in the app's manifest, since it is built on its own. */
export const isLightScript = (file: string) => /^assets\/light-[\w-]+\.js$/.test(file);

/** Builds one page's script into `outDir/assets` and returns its address on the site ("/assets/light-<name>-….js"). */
async function buildLightScript(config: ResolvedConfig, outDir: string, name: LightScript): Promise<string> {
  const entry = LIGHT_SCRIPTS[name];
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    envDir: config.envDir,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      rollupOptions: { input: path.join(config.root, entry), output: { entryFileNames: `assets/light-${name}-[hash].js` } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const scripts = chunks.filter((chunk) => chunk.type === 'chunk');
  if (scripts.length !== 1)
    throw new Error(`the light script ${entry} built into ${scripts.length} files: ${scripts.map((s) => s.fileName).join(', ')}`);
  const [script] = scripts as [(typeof scripts)[number] & { code: string }];
  if (script.code.length > LIMIT_BYTES) {
    throw new Error(`the light script ${entry} is ${script.code.length} bytes (limit ${LIMIT_BYTES}): check what it imports`);
  }
  return `/${script.fileName}`;
}

/** Builds every light page's script; their addresses by name. */
export async function buildLightScripts(config: ResolvedConfig, outDir: string): Promise<Record<LightScript, string>> {
  const built: Partial<Record<LightScript, string>> = {};
  for (const name of Object.keys(LIGHT_SCRIPTS) as LightScript[]) built[name] = await buildLightScript(config, outDir, name);
  return built as Record<LightScript, string>;
}

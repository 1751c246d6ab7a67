/**
 * The light student pages' script (web/src/student/light.ts), built on its own into one file: in the
 * app's build it would share chunks with the app, and the bundler merges what the app's pages share
 * (React among it) into those chunks. Written into the client build's assets, hashed like the rest.
 */
import path from 'node:path';
import { type ResolvedConfig, build } from 'vite';

export const LIGHT_ENTRY = 'src/student/light.ts';

/** Well above what it is (36 KB, 11 KB gzip): past this, something heavy (React, say) came in through an import. */
const LIMIT_BYTES = 48 * 1024;

/** The light script's file in the build ("assets/light-….js"): not in the app's manifest, since it is built on its own. */
export const isLightScript = (file: string) => /^assets\/light-[\w-]+\.js$/.test(file);

/** Builds the script into `outDir/assets` and returns its address on the site ("/assets/light-….js"). */
export async function buildLightScript(config: ResolvedConfig, outDir: string): Promise<string> {
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
      rollupOptions: { input: path.join(config.root, LIGHT_ENTRY), output: { entryFileNames: 'assets/light-[hash].js' } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const scripts = chunks.filter((chunk) => chunk.type === 'chunk');
  if (scripts.length !== 1)
    throw new Error(`the light script built into ${scripts.length} files: ${scripts.map((s) => s.fileName).join(', ')}`);
  const [script] = scripts as [(typeof scripts)[number] & { code: string }];
  if (script.code.length > LIMIT_BYTES) {
    throw new Error(`the light script is ${script.code.length} bytes (limit ${LIMIT_BYTES}): check what ${LIGHT_ENTRY} imports`);
  }
  return `/${script.fileName}`;
}

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { minify, transformWithOxc } from 'vite';

/**
 * A TypeScript file as the body of an inline <script>: types stripped, minified, `SETUP` (what the
 * build tells it) defined inside. The file declares `SETUP` and imports nothing but types.
 */
export async function inlineScript(file: URL, setup: object): Promise<string> {
  const filePath = fileURLToPath(file);
  const { code } = await transformWithOxc(await readFile(filePath, 'utf8'), filePath, { lang: 'ts' });
  // The transform keeps the file a module (`export {}`); inline, it is a function's body.
  const body = code.replace(/^export\s*\{\s*\};?\s*$/m, '');
  const wrapped = `(()=>{const SETUP=${JSON.stringify(setup).replace(/</g, '\\u003c')};${body}})()`;
  const minified = await minify(filePath, wrapped, { compress: true, mangle: true });
  if (minified.errors.length > 0) throw new Error(`${filePath}: ${minified.errors.map((error) => error.message).join('; ')}`);
  return minified.code;
}

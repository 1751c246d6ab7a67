import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify, transformWithOxc } from 'vite';

/** `import { a, b } from './x.part';`: a sibling file whose functions an inline script shares. */
const PART_IMPORT = /^import\s*\{[^}]*\}\s*from\s*['"](\.\/[\w-]+\.part)(?:\.ts)?['"];?\s*$/gm;

/** A file's code with its types stripped, as one function's body: no `export`, nothing imported. */
async function bodyOf(filePath: string): Promise<string> {
  const { code } = await transformWithOxc(await readFile(filePath, 'utf8'), filePath, { lang: 'ts' });
  const parts = [...code.matchAll(PART_IMPORT)].map((match) => path.resolve(path.dirname(filePath), `${match[1]}.ts`));
  const own = code
    .replace(PART_IMPORT, '')
    // The transform keeps the file a module (`export {}`); inline, it is a function's body.
    .replace(/^export\s*\{\s*\};?\s*$/m, '')
    .replace(/^export\s+(?=function|const|let)/gm, '');
  return [...(await Promise.all(parts.map(bodyOf))), own].join('\n');
}

/**
 * A TypeScript file as the body of an inline <script>: types stripped, minified, `SETUP` (what the
 * build tells it) defined inside. The file declares `SETUP` and imports nothing but types, and the
 * functions of sibling `*.part.ts` files, whose bodies come first.
 */
export async function inlineScript(file: URL, setup: object): Promise<string> {
  const filePath = fileURLToPath(file);
  const body = await bodyOf(filePath);
  const wrapped = `(()=>{const SETUP=${JSON.stringify(setup).replace(/</g, '\\u003c')};${body}})()`;
  const minified = await minify(filePath, wrapped, { compress: true, mangle: true });
  if (minified.errors.length > 0) throw new Error(`${filePath}: ${minified.errors.map((error) => error.message).join('; ')}`);
  return minified.code;
}

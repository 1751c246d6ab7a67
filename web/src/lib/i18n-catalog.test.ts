import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from './serverMessages';
import spanish from '../locales/es';
import { STORY_STATUS_LABELS, TEAM_ROLE_LABELS } from './schemas';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const SCHEMA_FILES = [
  path.join(src, '../../supabase/functions/_shared/schemas.ts'),
  ...readdirSync(path.join(src, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-input.ts'))
    .map((file) => path.join(src, 'features', file)),
];

const unescape = (text: string) => text.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));

// `t('…')`, `i18n.t("…")`, `msg('…')` and `<Trans i18nKey="…">`: a text literal as the key.
const KEY_PATTERNS = [
  /\b(?:t|msg)\(\s*'((?:\\.|[^'\\])*)'/g,
  /\b(?:t|msg)\(\s*"((?:\\.|[^"\\])*)"/g,
  /\bi18nKey=\{?\s*['"]((?:\\.|[^'"\\])*)['"]/g,
];

/** Every English text the web app can show: the literals it translates, and the server's messages. */
function englishKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of sourceFiles(src)) {
    const code = readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of code.matchAll(pattern)) keys.set(unescape(match[1] ?? ''), path.relative(src, file));
    }
  }
  // The validation messages of the zod schemas the forms share with the edge functions (sentences).
  for (const file of SCHEMA_FILES) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([A-Z][^'\n]* [^'\n]*)'/g))
      keys.set(match[1] ?? '', path.relative(src, file));
  }
  // The server's refusals, which the app translates by their stable code (shared/errorMessage.ts).
  for (const text of Object.values(MESSAGES)) keys.set(text, 'supabase/functions/_shared/messages.ts');
  // Labels kept beside the zod schemas the edge functions share.
  for (const text of [...Object.values(STORY_STATUS_LABELS), ...Object.values(TEAM_ROLE_LABELS)]) keys.set(text, 'lib/schemas.ts');
  return keys;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

// Texts that are the same in every language.
const UNTRANSLATED = new Set(['ClassPulse']);
const TEXT_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'loadingText']);

/** Words in JSX that bypass `t`: text between tags, and literal labels, placeholders and titles. */
function bareJsxTexts(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src).filter((name) => name.endsWith('.tsx'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const where = (node: ts.Node) => `${path.relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text) && !UNTRANSLATED.has(node.text.trim())) {
        found.push(`${where(node)}: ${node.text.trim().replace(/\s+/g, ' ')}`);
      }
      if (
        ts.isJsxAttribute(node) &&
        TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        /\p{L}{2,}/u.test(node.initializer.text)
      ) {
        found.push(`${where(node)}: ${node.name.getText(source)}="${node.initializer.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the Spanish catalog', () => {
  test('every text the screens show goes through t (no bare words in JSX)', () => {
    expect(bareJsxTexts()).toEqual([]);
  });

  const english = englishKeys();

  test('finds the texts of the app (the scan itself works)', () => {
    expect(english.get('Submit Feedback')).toBeDefined();
    expect(english.size).toBeGreaterThan(300);
  });

  test('translates every English text', () => {
    const missing = [...english].filter(([key]) => !spanish[key]?.trim()).map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  test('keeps every {{placeholder}} and <tag> of the English text', () => {
    const broken = Object.entries(spanish)
      .filter(([key, value]) => placeholders(key).join() !== placeholders(value).join())
      .map(([key, value]) => `${key} → ${value}`);
    expect(broken).toEqual([]);
  });

  test('holds no text the app no longer shows', () => {
    expect(Object.keys(spanish).filter((key) => !english.has(key))).toEqual([]);
  });

  test('gives a text the same translation in every file', () => {
    const dir = path.join(src, 'locales/es');
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const entries = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
      for (const [key, value] of Object.entries(entries)) {
        if (seen.has(key) && seen.get(key) !== value) conflicts.push(`${file}: ${key}`);
        seen.set(key, value);
      }
    }
    expect(conflicts).toEqual([]);
  });
});

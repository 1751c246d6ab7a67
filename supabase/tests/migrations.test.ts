// Migrations are append-only: a migration that has been committed is never edited or deleted; a
// change to the database is a new migration. Checked against git history, so a committed edit is
// caught as well as an uncommitted one (CI runs in a clone where HEAD is the commit under test):
//
// - a migration that existed at BASELINE (main when this rule was introduced; older files were
//   edited and deleted freely before it) must still exist, with its content at BASELINE;
// - a migration added after BASELINE must still exist, with the content of the commit that added it;
// - a migration not committed yet is new, and free.
//
// Needs the repository's history: it fails in a shallow clone, and skips outside a git checkout.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MIGRATIONS = 'supabase/migrations';
/** main's tip when the rule was introduced: edits and deletions in commits up to it are history. */
const BASELINE = 'e1ea1c780483ce8c77ec8dc095e95981ac4accef';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

function inGitCheckout(): boolean {
  try {
    return git('rev-parse', '--is-inside-work-tree').trim() === 'true';
  } catch {
    return false;
  }
}

/** Every committed migration and the content it must keep, by path. */
function committedMigrations(): Map<string, { content: string; from: string }> {
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    throw new Error('this is a shallow clone: the migrations check needs the whole history (git fetch --unshallow)');
  }
  try {
    git('cat-file', '-e', `${BASELINE}^{commit}`);
  } catch {
    throw new Error(`commit ${BASELINE} (the migrations baseline) is not in this clone's history`);
  }
  const expected = new Map<string, { content: string; from: string }>();
  for (const file of git('ls-tree', '--name-only', BASELINE, `${MIGRATIONS}/`).split('\n').filter(Boolean)) {
    expected.set(file, { content: git('show', `${BASELINE}:${file}`), from: `${BASELINE.slice(0, 7)} (the baseline)` });
  }
  // Files added after the baseline, oldest commit first: each keeps the content it was added with.
  const log = git(
    'log',
    '--reverse',
    '--no-renames',
    '--diff-filter=A',
    '--format=commit %H',
    '--name-only',
    `${BASELINE}..HEAD`,
    '--',
    `${MIGRATIONS}/`,
  );
  let commit = '';
  for (const line of log.split('\n').filter(Boolean)) {
    if (line.startsWith('commit ')) commit = line.slice('commit '.length);
    else if (!expected.has(line)) expected.set(line, { content: git('show', `${commit}:${line}`), from: commit.slice(0, 7) });
  }
  return expected;
}

it('committed migrations are never edited or deleted (a change to the database is a new migration)', (ctx) => {
  if (!inGitCheckout()) ctx.skip('not a git checkout: the append-only check of supabase/migrations needs git history');
  const expected = committedMigrations();
  expect(expected.size).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const [file, { content, from }] of expected) {
    const onDisk = path.join(ROOT, file);
    if (!existsSync(onDisk)) problems.push(`${file}: deleted (committed in ${from})`);
    else if (readFileSync(onDisk, 'utf8') !== content)
      problems.push(`${file}: edited since ${from}; revert it and put the change in a new migration`);
  }
  expect(problems).toEqual([]);
});

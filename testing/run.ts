import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import pg from 'pg';
import getPort from 'get-port';
import { ROOT, SUPABASE_DIR } from '../stack/config.ts';
import { startStack, stackInfo, type Stack } from '../stack/stack.ts';
import { buildAndPreview } from '../stack/web.ts';
import { ensureChromium } from '../stack/chromium.ts';

const RESULTS = path.join(ROOT, 'test-results');

/**
 * Lets end-to-end tests cause an outage of the test stack (`POST /postgres/stop`, `POST
 * /postgres/start`). Only the resilience project uses it, after every other browser test ran.
 */
async function startControlServer(stack: Stack): Promise<{ url: string; close(): Promise<void> }> {
  const actions: Record<string, () => Promise<void>> = {
    '/postgres/stop': () => stack.stopPostgres(),
    '/postgres/start': () => stack.restartPostgres(),
  };
  const server = http.createServer((req, res) => {
    const action = req.method === 'POST' ? actions[req.url ?? ''] : undefined;
    if (!action) return void res.writeHead(404).end();
    action().then(
      () => res.writeHead(204).end(),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  const port = await getPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that fails outside a test (e.g. in beforeAll) fails no test itself: count it too.
  const failed = Math.max(r.numFailedTests, r.numFailedTestSuites);
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

/**
 * The user stories the integration suites created (the fuzz alone submits hundreds): the browser
 * tests start from the demo board, as a visitor would see it, rather than render every one of them.
 */
async function removeIntegrationStories(dbUrl: string, since: Date): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('delete from public.user_stories where created_at >= $1', [since]);
    console.log(`Removed ${rowCount} user stories the integration suites created, before the browser tests.`);
  } finally {
    await client.end();
  }
}

/**
 * `npm test`: one local stack on free ports with a throw-away database, then every suite
 * against it: Vitest (unit, database, functions, API, stack) and Playwright (Chromium).
 * Arguments: `unit`, `integration` or `e2e` to run only those suites; with exactly one suite,
 * the other arguments go to its runner (`npm test -- e2e web/e2e/shell.spec.ts`). Only `unit`
 * alone starts no stack. The whole run (no suite named) starts with `npm run lint` (types, ESLint with
 * the layer boundaries, `deno check`) and stops there if it fails.
 */
async function runTests(args: string[]): Promise<number> {
  const suites = ['unit', 'integration', 'e2e'];
  const only = new Set(args.filter((a) => suites.includes(a)));
  const extra = only.size === 1 ? args.filter((a) => !suites.includes(a)) : [];
  const wants = (suite: string) => only.size === 0 || only.has(suite);
  mkdirSync(RESULTS, { recursive: true });
  if (only.size === 0) {
    console.log('npm run lint…');
    const lint = await execa('npm', ['run', '--silent', 'lint'], { cwd: ROOT, stdio: 'inherit', reject: false });
    if (lint.exitCode !== 0) {
      console.log('\nLint failed: fix it before the tests run (`npm run lint`).\n0 passed, 1 failed, 0 skipped');
      return 1;
    }
  }
  if (wants('e2e')) await ensureChromium('the end-to-end tests (`npm test`)');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-test-'));
  const logFile = createWriteStream(path.join(RESULTS, 'stack.log'));
  const [apiPort, dbPort, inboxPort, webPort] = [await getPort(), await getPort(), await getPort(), await getPort()];
  const webUrl = `http://127.0.0.1:${webPort}`;
  const began = Date.now();
  const needsStack = wants('integration') || wants('e2e');
  const stack = needsStack
    ? await startStack({
        dataDir: path.join(dataDir, 'postgres'),
        apiPort,
        dbPort,
        inboxPort,
        supabaseDir: SUPABASE_DIR,
        siteUrl: webUrl,
        loopbackPush: true,
        log: (line) => logFile.write(`${line}\n`),
      })
    : undefined;
  const seededAt = new Date();
  if (stack)
    console.log(`Test stack up in ${((Date.now() - began) / 1000).toFixed(1)} s at ${stack.apiUrl} (logs: test-results/stack.log)`);

  const control = stack ? await startControlServer(stack) : undefined;
  const env = {
    CLASSPULSE_TEST_STACK: stack ? JSON.stringify(stackInfo(stack)) : '',
    CLASSPULSE_STACK_CONTROL: control?.url ?? '',
    CLASSPULSE_WEB_URL: webUrl,
    FORCE_COLOR: process.env.CI ? '0' : '1',
  };
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  };
  let exitCode = 0;
  try {
    const projects = [wants('unit') && 'unit', wants('integration') && 'integration'].filter(Boolean) as string[];
    if (projects.length) {
      const jsonFile = path.join(RESULTS, 'vitest.json');
      const vitest = await execa(
        'vitest',
        [
          'run',
          ...projects.flatMap((p) => ['--project', p]),
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${jsonFile}`,
          ...extra,
        ],
        { cwd: ROOT, preferLocal: true, stdio: 'inherit', reject: false, env },
      );
      add(vitestCounts(jsonFile));
      exitCode ||= vitest.exitCode ?? 1;
    }
    if (wants('e2e') && stack) {
      if (wants('integration')) await removeIntegrationStories(stack.dbUrl, seededAt);
      const web = await buildAndPreview({
        port: webPort,
        apiUrl: stack.apiUrl,
        anonKey: stack.anonKey,
        outDir: path.join(dataDir, 'web-dist'),
      });
      try {
        const jsonFile = path.join(RESULTS, 'playwright.json');
        const playwright = await execa('playwright', ['test', ...extra], {
          cwd: ROOT,
          preferLocal: true,
          stdio: 'inherit',
          reject: false,
          env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile },
        });
        add(playwrightCounts(jsonFile));
        exitCode ||= playwright.exitCode ?? 1;
      } finally {
        await web.close();
      }
    }
  } finally {
    await control?.close();
    await stack?.stop();
    logFile.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  // The plain closing line CI reads, for all suites together.
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return exitCode || (totals.failed > 0 ? 1 : 0);
}

runTests(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

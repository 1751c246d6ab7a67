import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import pg from 'pg';
import getPort from 'get-port';
import { DEMO_ANON_KEY, ROOT, SUPABASE_DIR } from '../stack/config.ts';
import { startStack, stackInfo, type Stack } from '../stack/stack.ts';
import { previewWeb } from '../stack/web.ts';
import { ensureChromium } from '../stack/chromium.ts';
import { ensureNginx, serveWithNginx } from '../bench/nginx.ts';
import { timingReport } from './timings.ts';
import {
  failedOutsideTests,
  failedWithoutFailures,
  failureReport,
  playwrightErrorsOutsideTests,
  vitestErrorsOutsideTests,
  type VitestFileResult,
} from './failures.ts';
import { testTimeZone } from './timeZone.ts';
import { CPU_GROUP_VARIABLE, WITH_CPU, cpuOfThisProcess, readStepCpu } from './cpu.ts';
import { type CpuGroup, cpuGroupForThisProcess, removeStaleGroups } from './cpuGroup.ts';
import { fileOf, namesTestFile, type Step, stepForFiles, type VitestProject } from './steps.ts';
import vitestConfig from '../vitest.config.ts';

const RESULTS = path.join(ROOT, 'test-results');
const ERRORS_REPORTER = path.join(ROOT, 'testing', 'unhandledErrorsReporter.ts');
/** The control groups of a run are named after it: `classpulse-test-<pid>`. */
const CPU_GROUP_PREFIX = 'classpulse-test-';

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

function vitestCounts(file: string, project: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails outside its tests (an import, a beforeAll) fails no test itself: count it
  // once. Vitest's numFailedTestSuites would count each describe around a failed test as well.
  const filesFailedOutsideTests = (r.testResults as VitestFileResult[]).filter(failedOutsideTests).length;
  const failed = r.numFailedTests + filesFailedOutsideTests + vitestErrorsOutsideTests(file, project).length;
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected + playwrightErrorsOutsideTests(file).length, skipped: s.skipped };
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
 * How long each step took, and the CPU seconds (user + system) of its processes, for the closing
 * timing lines (docs/testing.md, "What it costs"). The wall time doubles on a busy host; the CPU
 * time hardly moves, so it is the figure to watch and to cut.
 */
class StepTimes {
  private readonly began = Date.now();
  private readonly steps: [string, number][] = [];
  private readonly cpu = new Map<string, number>();
  private runs = 0;

  /**
   * `group`: the control group this runner put itself in (testing/cpuGroup.ts); each step's
   * command gets a group inside it. Without one, only waited-for processes are counted.
   */
  constructor(private readonly group: CpuGroup | undefined) {}

  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    const began = Date.now();
    try {
      return await work();
    } finally {
      this.steps.push([step, Date.now() - began]);
    }
  }

  /**
   * Where one command of `step` is counted: its control group (`group`, for testing/with-cpu.mjs
   * to enter), else the file with-cpu.mjs writes its waited-for children's CPU seconds to.
   */
  cpuFile(step: string): { file: string; group: string | undefined; collect(): void } {
    const file = path.join(RESULTS, `cpu-${step}-${++this.runs}.txt`);
    const group = this.group?.child(`${step}-${this.runs}`);
    const seconds = () => (group ? group.seconds() : readStepCpu(file));
    return { file, group: group?.path, collect: () => this.cpu.set(step, (this.cpu.get(step) ?? 0) + seconds()) };
  }

  private ordered<T>(entries: [string, T][]): [string, T][] {
    const order = ['lint', 'unit', 'integration', 'build', 'e2e'];
    return [...entries].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  }

  line(): string {
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const steps = this.ordered(this.steps);
    return `Timings: ${[...steps, ['total', Date.now() - this.began] as [string, number]].map(([step, ms]) => `${step} ${seconds(ms)}`).join(' · ')}`;
  }

  /**
   * CPU seconds per step, then the rest (the stack's Postgres, PostgREST, Deno and auth, and this
   * runner with the web server the browser tests load), once the stack has stopped: from the
   * control groups, else from this process's own and waited-for children's time, which misses
   * processes reparented to init (a browser's renderers), and the line says so.
   */
  cpuLine(): string {
    const { own, children } = cpuOfThisProcess();
    const total = this.group ? this.group.seconds() : own + children;
    const steps = this.ordered([...this.cpu]);
    const inSteps = steps.reduce((sum, [, s]) => sum + s, 0);
    const rest = Math.max(0, total - inSteps);
    const parts = [...steps, ['stack', rest] as [string, number], ['total', total] as [string, number]];
    const label = this.group ? 'CPU' : 'CPU (waited-for processes only: no control group could be made)';
    return `${label}: ${parts.map(([step, s]) => `${step} ${Math.round(s)} s`).join(' · ')}`;
  }
}

/** Tells testing/with-cpu.mjs which control group to run its command in. */
const cpuGroupEnv = (cpu?: { group: string | undefined }): Record<string, string> =>
  cpu?.group ? { [CPU_GROUP_VARIABLE]: cpu.group } : {};

/**
 * A step run as a child process beside the tests, whose output it would interleave: the output goes
 * to `test-results/<step>.log`, and the runner prints it when it is time. Returns the exit code.
 */
async function quietStep(
  step: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cpu?: ReturnType<StepTimes['cpuFile']>,
): Promise<number> {
  const [file, fileArgs] = cpu ? ['node', [WITH_CPU, cpu.file, command, ...args]] : [command, args];
  const result = await execa(file, fileArgs, {
    cwd: ROOT,
    preferLocal: true,
    all: true,
    reject: false,
    env: { ...env, ...cpuGroupEnv(cpu) },
  });
  cpu?.collect();
  writeFileSync(path.join(RESULTS, `${step}.log`), result.all ?? '');
  return result.exitCode ?? 1;
}

const printStepLog = (step: string) =>
  console.log(`\n${step} failed; its output (test-results/${step}.log):\n${readFileSync(path.join(RESULTS, `${step}.log`), 'utf8')}`);

/**
 * `npm test`: one local stack on free ports with a throw-away database, then every suite
 * against it: Vitest (unit, database, functions, API, stack) and Playwright (Chromium).
 * Arguments: `unit`, `integration` or `e2e` to run only those suites; with exactly one suite,
 * the other arguments go to its runner (`npm test -- e2e web/e2e/shell.spec.ts`). Only `unit`
 * alone starts no stack. The whole run (no suite named) also runs `npm run lint` (types, ESLint with
 * the layer boundaries, `deno check`); a lint failure fails the run and the browser tests are not run.
 *
 * On two cores the steps that wait the most overlap with those that compute: lint and the
 * production build (each a child process) run while Vitest's suites run, and the browser tests
 * start once all three are done. It ends with one timing line per step and the closing count.
 */
async function runTests(args: string[]): Promise<number> {
  const suites = ['unit', 'integration', 'e2e'];
  const only = new Set(args.filter((a) => suites.includes(a)));
  // A test file named runs in the step that holds it; naming one that step does not run is an error.
  const files = args.filter(namesTestFile);
  if (files.length > 0) {
    if (only.size > 1) return refuse('Name one step (unit, integration or e2e) with test files, or none.');
    const missing = files.map(fileOf).find((file) => !existsSync(path.join(ROOT, file)));
    if (missing) return refuse(`No such test file: ${missing}`);
    const step = stepForFiles(files, [...only][0] as Step | undefined, vitestProjects());
    if (typeof step !== 'string') return refuse(step.error);
    only.add(step);
  }
  const extra = only.size === 1 ? args.filter((a) => !suites.includes(a)) : [];
  const wants = (suite: string) => only.size === 0 || only.has(suite);
  // Everything this run starts is counted in one control group (testing/cpuGroup.ts).
  removeStaleGroups(CPU_GROUP_PREFIX);
  const cpuGroup = cpuGroupForThisProcess(`${CPU_GROUP_PREFIX}${process.pid}`);
  const times = new StepTimes(cpuGroup);
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'classpulse-test-'));
  // nginx's worker runs as `nobody` under root: it passes through here to the build.
  await chmod(dataDir, 0o711);
  const [apiPort, dbPort, inboxPort, webPort, nginxPort] = [
    await getPort(),
    await getPort(),
    await getPort(),
    await getPort(),
    await getPort(),
  ];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const webDist = path.join(dataDir, 'web-dist');

  if (only.size === 0) console.log('npm run lint and the production build run beside the unit tests (test-results/lint.log, build.log)…');
  const lint =
    only.size === 0
      ? times.time('lint', async () => (await quietStep('lint', 'npm', ['run', '--silent', 'lint'], {}, times.cpuFile('lint'))) === 0)
      : Promise.resolve(true);
  // The build needs only the API's address, known before the stack starts.
  const build = wants('e2e')
    ? times.time(
        'build',
        async () =>
          (await quietStep(
            'build',
            'vite',
            ['build', '--config', 'web/vite.config.ts', '--outDir', webDist, '--emptyOutDir'],
            { VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: DEMO_ANON_KEY },
            times.cpuFile('build'),
          )) === 0,
      )
    : Promise.resolve(true);
  if (wants('e2e')) {
    await ensureChromium('the end-to-end tests (`npm test`)');
    await ensureNginx('the end-to-end tests (`npm test`)');
  }

  const logFile = createWriteStream(path.join(RESULTS, 'stack.log'));
  const began = Date.now();
  const needsStack = wants('integration') || wants('e2e');
  const timeZone = process.env.CLASSPULSE_TEST_TIME_ZONE || testTimeZone();
  const stack = needsStack
    ? await startStack({
        dataDir: path.join(dataDir, 'postgres'),
        apiPort,
        dbPort,
        inboxPort,
        supabaseDir: SUPABASE_DIR,
        siteUrl: webUrl,
        loopbackPush: true,
        testClock: true,
        hourlyRetention: false,
        minutelySummaries: false,
        demoTimeZone: timeZone,
        log: (line) => logFile.write(`${line}\n`),
      })
    : undefined;
  const seededAt = new Date();
  if (stack)
    console.log(
      `Test stack up in ${((Date.now() - began) / 1000).toFixed(1)} s at ${stack.apiUrl}, courses and browsers in ${timeZone} (logs: test-results/stack.log)`,
    );

  const control = stack ? await startControlServer(stack) : undefined;
  const env = {
    CLASSPULSE_TEST_TIME_ZONE: timeZone,
    CLASSPULSE_TEST_STACK: stack ? JSON.stringify(stackInfo(stack)) : '',
    CLASSPULSE_STACK_CONTROL: control?.url ?? '',
    CLASSPULSE_WEB_URL: webUrl,
    // The same build on nginx with the configuration hosts are given (bench/nginx-site.conf): for
    // what only such a host does, the forms' check questions without JavaScript and Session
    // Feedback served with its notes.
    CLASSPULSE_NGINX_URL: `http://127.0.0.1:${nginxPort}`,
    FORCE_COLOR: process.env.CI ? '0' : '1',
  };
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  };
  let exitCode = 0;
  const stepFailures: string[] = [];
  const addStep = (what: string, code: number, report: string, counted: Counts) => {
    const failure = failedWithoutFailures(what, code, counted.failed, existsSync(report));
    if (failure) stepFailures.push(failure);
    add(failure ? { ...counted, failed: 1 } : counted);
    exitCode ||= code;
  };
  const vitest = async (step: string, project: string, output: 'inherit' | 'log' = 'inherit', alongside: string[] = []) => {
    const jsonFile = path.join(RESULTS, `vitest-${project}.json`);
    const projects = [project, ...alongside].flatMap((name) => ['--project', name]);
    const args = [
      'run',
      ...projects,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${ERRORS_REPORTER}`,
      `--outputFile.json=${jsonFile}`,
    ];
    // A file named on the command line belongs to one of the two integration projects only.
    if (project !== 'unit') args.push('--passWithNoTests');
    const cpu = times.cpuFile(step);
    let code: number;
    if (output === 'log') code = await quietStep(`vitest-${project}`, 'vitest', [...args, ...extra], env, cpu);
    else {
      const run = await execa('node', [WITH_CPU, cpu.file, 'vitest', ...args, ...extra], {
        cwd: ROOT,
        preferLocal: true,
        stdio: 'inherit',
        reject: false,
        env: { ...env, ...cpuGroupEnv(cpu) },
      });
      cpu.collect();
      code = run.exitCode ?? 1;
    }
    addStep(`Vitest (${[project, ...alongside].join(', ')})`, code, jsonFile, vitestCounts(jsonFile, project));
  };
  // The files that start stacks of their own mostly wait on them: they run in a second Vitest
  // process beside the integration project, their output printed after it.
  const integration = async () => {
    await Promise.all([vitest('integration', 'integration'), vitest('integration', 'stacks', 'log')]);
    console.log(`\n${readFileSync(path.join(RESULTS, 'vitest-stacks.log'), 'utf8')}`);
  };
  try {
    // The components' tests (the professor app's in React, the student pages' in Preact; a DOM) run
    // with the unit tests, in the same process.
    if (wants('unit')) await times.time('unit', () => vitest('unit', 'unit', 'inherit', ['app-components', 'components']));
    // Lint and the build take both cores for a minute or more. The integration step's fault tests
    // start stacks of their own and give each part a time to be ready, so it waits for them: beside
    // them, a fault stack's PostgREST was not ready within 60 s (docs/decisions/testing.md).
    if (wants('integration')) {
      await Promise.all([lint, build]);
      await times.time('integration', integration);
    }
    const [linted, built] = await Promise.all([lint, build]);
    if (!linted) {
      printStepLog('lint');
      console.log('Lint failed: fix it (`npm run lint`); the browser tests were not run.');
      add({ passed: 0, failed: 1, skipped: 0 });
    } else if (!built && wants('e2e')) {
      printStepLog('build');
      add({ passed: 0, failed: 1, skipped: 0 });
    } else if (wants('e2e') && stack) {
      if (wants('integration')) await removeIntegrationStories(stack.dbUrl, seededAt);
      const web = await previewWeb({ port: webPort, outDir: webDist });
      const nginx = await serveWithNginx(webDist, nginxPort, `${stack.apiUrl}/functions/v1`);
      try {
        await times.time('e2e', async () => {
          const jsonFile = path.join(RESULTS, 'playwright.json');
          const cpu = times.cpuFile('e2e');
          const playwright = await execa('node', [WITH_CPU, cpu.file, 'playwright', 'test', ...extra], {
            cwd: ROOT,
            preferLocal: true,
            stdio: 'inherit',
            reject: false,
            env: { ...env, ...cpuGroupEnv(cpu), PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile },
          });
          cpu.collect();
          addStep('Playwright', playwright.exitCode ?? 1, jsonFile, playwrightCounts(jsonFile));
        });
      } finally {
        await Promise.all([web.close(), nginx.close()]);
      }
    }
  } finally {
    await Promise.all([lint, build]);
    await control?.close();
    await stack?.stop();
    logFile.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${timingReport(RESULTS, ROOT)}\n(every test: test-results/timings.txt)`);
  console.log(`\n${times.line()}`);
  console.log(times.cpuLine());
  cpuGroup?.leave();
  cpuGroup?.remove();
  const failures = failureReport(RESULTS, ROOT, stepFailures);
  if (failures) console.log(`\n${failures}`);
  // The plain closing line CI reads, for all suites together.
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return exitCode || (totals.failed > 0 ? 1 : 0);
}

function refuse(reason: string): number {
  console.error(reason);
  return 1;
}

/** The Vitest projects of vitest.config.ts, with what each includes. */
function vitestProjects(): VitestProject[] {
  const projects = (vitestConfig.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[] } }[];
  return projects.map(({ test }) => ({ name: test.name, include: test.include, exclude: test.exclude }));
}

runTests(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

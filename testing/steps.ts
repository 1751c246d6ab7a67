// Which step of `npm test` runs a test file named on the command line, so that naming a file the
// chosen step does not hold is an error rather than a run of nothing ("0 passed, 0 failed").
import { matchesGlob } from 'node:path';

export type Step = 'unit' | 'integration' | 'e2e';

/** Vitest's projects as vitest.config.ts declares them: name, include and exclude globs. */
export interface VitestProject {
  name: string;
  include: string[];
  exclude?: string[];
}

/** The Vitest projects each step runs (testing/run.ts); the browser specs are Playwright's. */
const STEP_OF_PROJECT: Record<string, Step> = {
  unit: 'unit',
  'app-components': 'unit',
  components: 'unit',
  integration: 'integration',
  stacks: 'integration',
};
const BROWSER_SPECS = 'web/e2e/**/*.spec.ts';

/** `web/e2e/a.spec.ts:12` → `web/e2e/a.spec.ts`; a leading `./` dropped. */
export const fileOf = (arg: string) => arg.replace(/^\.\//, '').replace(/:\d+(:\d+)?$/, '');

/** An argument that names a test file rather than a runner option. */
export const namesTestFile = (arg: string) => !arg.startsWith('-') && /\.(test|spec)\.tsx?$/.test(fileOf(arg));

/** The step whose runner includes `file`, or undefined when none does. */
export function stepOf(file: string, projects: readonly VitestProject[]): Step | undefined {
  const path = fileOf(file);
  if (matchesGlob(path, BROWSER_SPECS)) return 'e2e';
  const project = projects.find(
    (p) => p.include.some((glob) => matchesGlob(path, glob)) && !(p.exclude ?? []).some((glob) => matchesGlob(path, glob)),
  );
  return project ? STEP_OF_PROJECT[project.name] : undefined;
}

/**
 * What to run for the named files: the step that holds them all (when none was named, or the one
 * named), or the reason to stop (a file no step runs, files of two steps, a file of another step).
 */
export function stepForFiles(
  files: readonly string[],
  named: Step | undefined,
  projects: readonly VitestProject[],
): Step | { error: string } {
  const steps = new Map(files.map((file) => [file, stepOf(file, projects)]));
  const orphan = [...steps].find(([, step]) => !step);
  if (orphan) return { error: `No step of npm test runs ${fileOf(orphan[0])}: check its name, or the include lists of vitest.config.ts.` };
  const held = new Set(steps.values());
  if (held.size > 1) return { error: `These files are run by different steps (${[...held].join(', ')}): name one step's files at a time.` };
  const [step] = held as Set<Step>;
  if (named && named !== step) {
    return { error: `${fileOf(files[0]!)} is run by the ${step} step, not ${named}: npm test -- ${step} ${files.join(' ')}` };
  }
  return step;
}

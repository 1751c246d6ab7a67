// Vitest's JSON report counts tests only. An error thrown outside every test (a promise rejected
// after its test ended, a timer's throw) fails the run, exit code 1, while the report says all
// passed: the run's closing line read "0 failed" beside a failed run. This reporter keeps those
// errors beside the JSON report (`vitest-<project>.errors.json`), where the runner counts and
// names them (testing/failures.ts).
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, Vitest } from 'vitest/node';

export interface UnhandledError {
  name?: string;
  message: string;
  stack?: string;
}

/** `vitest-unit.json` → `vitest-unit.errors.json`. */
export const errorsFileOf = (jsonReport: string) => jsonReport.replace(/(\.json)?$/, '.errors.json');

export default class UnhandledErrorsReporter implements Reporter {
  private file: string | undefined;

  onInit(vitest: Vitest) {
    const output = vitest.config.outputFile;
    const json = typeof output === 'string' ? output : output?.json;
    this.file = json ? errorsFileOf(json) : undefined;
  }

  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<SerializedError>) {
    if (!this.file) return;
    const errors: UnhandledError[] = unhandledErrors.map((e) => ({ name: e.name, message: e.message ?? String(e), stack: e.stack }));
    writeFileSync(this.file, JSON.stringify(errors, null, 2));
  }
}

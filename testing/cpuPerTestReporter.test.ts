import { describe, expect, it } from 'vitest';
import { cpuPerTestReport } from './cpuPerTestReporter.ts';

describe('cpuPerTestReport', () => {
  const rows = [
    { browser: 0.4, withStack: 0.5, spec: 'shell.spec.ts', what: '[desktop] shell.spec.ts › the header' },
    { browser: 9.9, withStack: 10.57, spec: 'keyboard-walk.spec.ts', what: '[mobile] keyboard-walk.spec.ts › a professor' },
    { browser: 1.25, withStack: 1.3, spec: 'shell.spec.ts', what: '[desktop] shell.spec.ts › the footer' },
  ];

  it('gives the totals, every test most expensive first, then each spec', () => {
    expect(cpuPerTestReport(rows).split('\n')).toEqual([
      'CPU seconds of 3 browser tests: 11.6 in the browser step, 12.4 with the stack',
      '',
      'browser   +stack  test',
      '   9.90   10.57  [mobile] keyboard-walk.spec.ts › a professor',
      '   1.25    1.30  [desktop] shell.spec.ts › the footer',
      '   0.40    0.50  [desktop] shell.spec.ts › the header',
      '',
      'browser   +stack  spec (tests)',
      '   9.90   10.57  keyboard-walk.spec.ts (1)',
      '   1.65    1.80  shell.spec.ts (2)',
    ]);
  });
});

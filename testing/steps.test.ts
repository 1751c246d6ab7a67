import { describe, expect, it } from 'vitest';
import { fileOf, namesTestFile, stepForFiles, stepOf, type VitestProject } from './steps.ts';

const PROJECTS: VitestProject[] = [
  { name: 'unit', include: ['web/src/**/*.test.{ts,tsx}', 'supabase/tests/migrations.test.ts'], exclude: ['web/src/student/**'] },
  { name: 'components', include: ['web/src/student/**/*.test.{ts,tsx}'] },
  {
    name: 'integration',
    include: ['stack/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
    exclude: ['supabase/tests/migrations.test.ts', 'stack/tests/faults.test.ts'],
  },
  { name: 'stacks', include: ['stack/tests/faults.test.ts'] },
];

describe('stepOf', () => {
  it('finds the step of each kind of file, by the projects’ includes and excludes', () => {
    expect(stepOf('supabase/tests/migrations.test.ts', PROJECTS)).toBe('unit');
    expect(stepOf('supabase/tests/rls.test.ts', PROJECTS)).toBe('integration');
    expect(stepOf('stack/tests/faults.test.ts', PROJECTS)).toBe('integration');
    expect(stepOf('web/src/student/ui/Checkbox.test.tsx', PROJECTS)).toBe('unit');
    expect(stepOf('./web/e2e/shell.spec.ts:12', PROJECTS)).toBe('e2e');
    expect(stepOf('somewhere/else.test.ts', PROJECTS)).toBeUndefined();
  });
});

describe('stepForFiles', () => {
  it('runs the step that holds the files when none is named, or the one named', () => {
    expect(stepForFiles(['supabase/tests/migrations.test.ts'], undefined, PROJECTS)).toBe('unit');
    expect(stepForFiles(['supabase/tests/rls.test.ts', 'stack/tests/faults.test.ts'], 'integration', PROJECTS)).toBe('integration');
  });

  it('refuses a file of another step, naming the command that runs it', () => {
    expect(stepForFiles(['supabase/tests/migrations.test.ts'], 'integration', PROJECTS)).toEqual({
      error:
        'supabase/tests/migrations.test.ts is run by the unit step, not integration: npm test -- unit supabase/tests/migrations.test.ts',
    });
  });

  it('refuses a file no step runs, and files of two steps', () => {
    expect(stepForFiles(['supabase/tests/rsl.test.ts.bak'], undefined, PROJECTS)).toMatchObject({
      error: expect.stringContaining('No step'),
    });
    expect(stepForFiles(['web/e2e/shell.spec.ts', 'supabase/tests/rls.test.ts'], undefined, PROJECTS)).toMatchObject({
      error: expect.stringContaining('different steps'),
    });
  });
});

describe('namesTestFile', () => {
  it('tells files from runner options', () => {
    expect(namesTestFile('web/e2e/shell.spec.ts:12')).toBe(true);
    expect(namesTestFile('--repeat-each=3')).toBe(false);
    expect(namesTestFile('-t')).toBe(false);
    expect(fileOf('./a.test.ts:3:1')).toBe('a.test.ts');
  });
});

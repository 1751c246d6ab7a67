import { describe, expect, it } from 'vitest';
import { cpuOfStat } from './cpu.ts';

describe('cpuOfStat', () => {
  it('reads utime, stime, cutime and cstime after the command name, spaces and parentheses in it', () => {
    const stat = '4242 (node (a) b) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 1200 300 20 0 11 0 999 0 0';
    expect(cpuOfStat(stat, 100)).toEqual({ own: 3, children: 15 });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { parseStaffDomain, staffDomainSchema } from './staff-domain-input';

describe('a staff e-mail domain', () => {
  it('is trimmed and lower-cased; a pasted address or @domain gives its domain', () => {
    expect(parseStaffDomain('  Example.EDU ')).toBe('example.edu');
    expect(parseStaffDomain('@staff.example.edu')).toBe('staff.example.edu');
    expect(parseStaffDomain('Someone@CS.State.edu')).toBe('cs.state.edu');
  });

  it('needs at least two labels of letters, digits and hyphens, as the table checks', () => {
    for (const bad of [
      '',
      ' ',
      'edu',
      'example .edu',
      'example..edu',
      'exa_mple.edu',
      '*.example.edu',
      'example.edu.',
      `${'a'.repeat(250)}.edu`,
    ]) {
      const parsed = staffDomainSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Enter a domain like example.edu');
    }
    expect(() => parseStaffDomain('not a domain')).toThrow(new ApiError(400, 'Enter a domain like example.edu'));
  });
});

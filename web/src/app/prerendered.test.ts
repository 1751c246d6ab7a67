import { describe, expect, it } from 'vitest';
import { samePage } from './prerendered';

describe('samePage', () => {
  it('treats a trailing slash as the same page', () => {
    expect(samePage('/course-search', '/course-search/')).toBe(true);
    expect(samePage('/', '/')).toBe(true);
  });

  it('tells other pages apart, the landing page included', () => {
    expect(samePage('/', '/courses/1')).toBe(false);
    expect(samePage('/submit', '/submit/extra')).toBe(false);
    expect(samePage('/course-search', '/')).toBe(false);
  });
});

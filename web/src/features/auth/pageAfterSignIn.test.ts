import { describe, expect, it } from 'vitest';
import { pageAfterSignIn } from './pageAfterSignIn';

describe('pageAfterSignIn', () => {
  it('follows a professor page of this site, with its query', () => {
    expect(pageAfterSignIn('?next=%2Fprofessor%2Flti%2Flink%3Frequest%3Dab_C-9')).toBe('/professor/lti/link?request=ab_C-9');
    expect(pageAfterSignIn('?next=/professor/live/4a0c-11')).toBe('/professor/live/4a0c-11');
    expect(pageAfterSignIn('?next=/professor')).toBe('/professor');
  });

  it('goes to Course Management for anything else', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https://evil.example/professor',
      '?next=//evil.example',
      '?next=/admin',
      '?next=/professorx',
      '?next=javascript:alert(1)',
      '?next=/professor/../admin',
    ]) {
      expect(pageAfterSignIn(search), search).toBe('/professor');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { domainTrusted, launchEmail, linkPagePath, liveViewPath, noEmailPage, notSignedInPage, signInRedirect } from './lti-instructor.ts';

describe('launchEmail', () => {
  it('keeps a plausible address, lower-cased and trimmed, and nothing else', () => {
    expect(launchEmail(' Ada@Faculty.Example.EDU ')).toBe('ada@faculty.example.edu');
    for (const claim of [
      undefined,
      null,
      7,
      '',
      'ada',
      'ada@',
      '@x.edu',
      'a b@x.edu',
      'a\u0000@x.edu',
      'a@x\u0007.edu',
      `${'a'.repeat(250)}@x.edu`,
      ['a@x.edu'],
    ]) {
      expect(launchEmail(claim), String(claim)).toBeUndefined();
    }
  });
});

describe('domainTrusted', () => {
  it('trusts a registered domain and its subdomains, not a look-alike', () => {
    const domains = ['state.edu'];
    expect(domainTrusted('ada@state.edu', domains)).toBe(true);
    expect(domainTrusted('ada@cs.state.edu', domains)).toBe(true);
    expect(domainTrusted('ada@notstate.edu', domains)).toBe(false);
    expect(domainTrusted('ada@state.edu.evil.com', domains)).toBe(false);
    expect(domainTrusted('ada@state.edu', [])).toBe(false);
  });
});

describe('after sign-in', () => {
  it('lands on the site’s sign-in page, which opens the professor page named', () => {
    const url = new URL(signInRedirect('https://classpulse.example', linkPagePath('a-b_c')));
    expect(url.origin + url.pathname).toBe('https://classpulse.example/api/login');
    expect(url.searchParams.get('next')).toBe('/professor/lti/link?request=a-b_c');
    expect(liveViewPath('4a0c')).toBe('/professor/live/4a0c');
  });
});

describe('pages', () => {
  it('say what to change in Canvas and Moodle when no e-mail was shared', () => {
    const html = noEmailPage('https://classpulse.example');
    expect(html).toContain('Privacy Level');
    expect(html).toContain('Share launcher’s email with tool');
  });

  it('escape the course code and link the course’s live view through the sign-in page', () => {
    const html = notSignedInPage('https://classpulse.example', { id: 'c1', code: '<B&W>' });
    expect(html).toContain('&lt;B&amp;W&gt;');
    expect(html).not.toContain('<B&W>');
    expect(html).toContain('/api/login?next=%2Fprofessor%2Flive%2Fc1');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { ltiPlatformInputSchema, parseLtiPlatformInput } from './lti-platform-input';

const valid = {
  name: ' Canvas at State U ',
  issuer: ' https://canvas.instructure.com ',
  clientId: ' 10000000000123 ',
  deploymentIds: '123:8865aa05b4b79b64a91a86042e43af5ea8ae79eb\n\n  456:abc  \n',
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  emailDomains: 'State.EDU\r\ncs.state.edu\n',
};

/** The messages of a refused payload, by field. */
function refusals(input: unknown): Record<string, string[]> {
  const parsed = ltiPlatformInputSchema.safeParse(input);
  if (parsed.success) throw new Error('accepted');
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('the learning platform payload', () => {
  it('trims the values, splits the lines, lower-cases the domains', () => {
    expect(parseLtiPlatformInput(valid)).toEqual({
      name: 'Canvas at State U',
      issuer: 'https://canvas.instructure.com',
      clientId: '10000000000123',
      deploymentIds: ['123:8865aa05b4b79b64a91a86042e43af5ea8ae79eb', '456:abc'],
      authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      emailDomains: ['state.edu', 'cs.state.edu'],
    });
  });

  it('takes lists as well as lines, and no token URL and no domains', () => {
    const parsed = parseLtiPlatformInput({ ...valid, deploymentIds: [' 1 '], tokenUrl: '  ', emailDomains: [] });
    expect(parsed.deploymentIds).toEqual(['1']);
    expect(parsed.tokenUrl).toBeNull();
    expect(parsed.emailDomains).toEqual([]);
    expect(parseLtiPlatformInput({ ...valid, emailDomains: '\n \n' }).emailDomains).toEqual([]);
  });

  it('needs a name of at most 200 characters and a client id of at most 255', () => {
    expect(refusals({ ...valid, name: '  ' }).name).toEqual(['Name is required']);
    expect(refusals({ ...valid, name: 'n'.repeat(201) }).name).toEqual(['Name is too long (at most 200 characters)']);
    expect(parseLtiPlatformInput({ ...valid, name: 'n'.repeat(200) }).name).toHaveLength(200);
    expect(refusals({ ...valid, clientId: '' }).clientId).toEqual(['Client ID is required']);
    expect(refusals({ ...valid, clientId: 'c'.repeat(256) }).clientId).toEqual(['Client ID is too long (at most 255 characters)']);
  });

  it('needs at least one deployment id, each at most 255 characters', () => {
    expect(refusals({ ...valid, deploymentIds: ' \n ' }).deploymentIds).toEqual(['Enter at least one deployment ID']);
    expect(refusals({ ...valid, deploymentIds: `ok\n${'d'.repeat(256)}` }).deploymentIds).toEqual([
      'Each deployment ID must be at most 255 characters',
    ]);
  });

  it('needs https addresses, http only on the machine itself, within the table’s lengths', () => {
    const message = 'Enter an address that starts with https:// (http:// only on 127.0.0.1 or localhost)';
    for (const issuer of [
      'canvas.instructure.com',
      'http://canvas.instructure.com',
      'https://has space.edu',
      'javascript:alert(1)',
      'ftp://x.edu',
    ])
      expect(refusals({ ...valid, issuer }).issuer).toEqual([message]);
    for (const issuer of ['http://127.0.0.1:9999', 'http://localhost:8080/moodle', 'https://moodle.state.edu'])
      expect(parseLtiPlatformInput({ ...valid, issuer }).issuer).toBe(issuer);
    expect(refusals({ ...valid, jwksUrl: 'http://example.edu/jwks' }).jwksUrl).toEqual([message]);
    expect(refusals({ ...valid, tokenUrl: 'nope' }).tokenUrl).toEqual([message]);
    expect(refusals({ ...valid, issuer: `https://x.edu/${'a'.repeat(490)}` }).issuer).toContain(
      'The address is too long (at most 500 characters)',
    );
    const long = `https://x.edu/${'a'.repeat(990)}`;
    expect(refusals({ ...valid, authLoginUrl: long }).authLoginUrl).toContain('The address is too long (at most 1000 characters)');
    expect(parseLtiPlatformInput({ ...valid, authLoginUrl: long.slice(0, 1000) }).authLoginUrl).toHaveLength(1000);
  });

  it('takes e-mail domains as the table does: a dot, letters, digits and hyphens, at most 50', () => {
    const message = 'Enter each e-mail domain on its own line, like state.edu';
    for (const domain of ['state', 'not a domain', '@state.edu', 'state.edu.', 'st_ate.edu', 'prof@state.edu'])
      expect(refusals({ ...valid, emailDomains: domain }).emailDomains).toEqual([message]);
    expect(parseLtiPlatformInput({ ...valid, emailDomains: 'my-uni.ac.uk' }).emailDomains).toEqual(['my-uni.ac.uk']);
    const many = Array.from({ length: 51 }, (_, i) => `d${i}.edu`).join('\n');
    expect(refusals({ ...valid, emailDomains: many }).emailDomains).toEqual(['Enter at most 50 e-mail domains']);
  });

  it('answers a refusal as a 400 with the first message', () => {
    expect(() => parseLtiPlatformInput({ ...valid, name: '' })).toThrow(ApiError);
    expect(() => parseLtiPlatformInput({ ...valid, name: '' })).toThrow('400: Name is required');
  });
});

import { describe, expect, it } from 'vitest';
import {
  audienceAccepted,
  authRedirectUrl,
  autoPostPage,
  CLAIMS,
  classSessionUrl,
  deepLinkingResponseClaims,
  isOnSite,
  LtiRefusal,
  readLaunch,
  refusalPage,
  REFUSALS,
} from './lti.ts';

const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const TA = 'http://purl.imsglobal.org/vocab/lis/v2/membership#TeachingAssistant';
const TA_SUB_ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant';

const resourceLink = (extra: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.edu',
  [CLAIMS.deploymentId]: 'dep-1',
  [CLAIMS.messageType]: 'LtiResourceLinkRequest',
  [CLAIMS.version]: '1.3.0',
  [CLAIMS.roles]: [LEARNER],
  [CLAIMS.resourceLink]: { id: 'rl-1' },
  [CLAIMS.targetLinkUri]: 'https://api.example/functions/v1/lti/launch',
  [CLAIMS.context]: { id: 'ctx-1', label: 'COSC 1337' },
  ...extra,
});

const reason = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof LtiRefusal ? error.reason : String(error);
  }
  return 'accepted';
};

describe('readLaunch', () => {
  it('keeps the deployment, context and whether the user teaches, and nothing of the person', () => {
    const launch = readLaunch(resourceLink(), ['dep-1']);
    expect(launch).toEqual({
      messageType: 'LtiResourceLinkRequest',
      deploymentId: 'dep-1',
      contextId: 'ctx-1',
      context: { label: 'COSC 1337', title: '' },
      teaches: false,
      assistant: false,
    });
    expect(JSON.stringify(launch)).not.toMatch(/user-1|Ada|ada@/);
    expect(readLaunch(resourceLink({ [CLAIMS.roles]: [INSTRUCTOR] }), ['dep-1']).teaches).toBe(true);
  });

  it('tells a teaching assistant from an instructor (one with both roles is an instructor)', () => {
    const roles = (...r: string[]) => readLaunch(resourceLink({ [CLAIMS.roles]: r }), ['dep-1']);
    expect(roles(TA)).toMatchObject({ teaches: true, assistant: true });
    expect(roles(TA_SUB_ROLE)).toMatchObject({ teaches: true, assistant: true });
    expect(roles(INSTRUCTOR, TA)).toMatchObject({ teaches: true, assistant: false });
    expect(roles(INSTRUCTOR)).toMatchObject({ teaches: true, assistant: false });
  });

  it('keeps the LMS course’s label and title trimmed to what the database takes', () => {
    const launch = readLaunch(resourceLink({ [CLAIMS.context]: { id: 'ctx-1', label: ' MATH 2 ', title: 'x'.repeat(600) } }), ['dep-1']);
    expect(launch.context).toEqual({ label: 'MATH 2', title: 'x'.repeat(500) });
    expect(readLaunch(resourceLink({ [CLAIMS.context]: { id: 'ctx-1', label: 7 } }), ['dep-1']).context).toEqual({ label: '', title: '' });
  });

  it('refuses an unregistered deployment, another message type or version, and missing claims', () => {
    expect(reason(() => readLaunch(resourceLink(), ['dep-2']))).toBe('unknown_deployment');
    expect(reason(() => readLaunch(resourceLink({ [CLAIMS.messageType]: 'LtiSubmissionReviewRequest' }), ['dep-1']))).toBe(
      'unsupported_message',
    );
    expect(reason(() => readLaunch(resourceLink({ [CLAIMS.version]: '1.1' }), ['dep-1']))).toBe('wrong_version');
    for (const claim of [
      CLAIMS.deploymentId,
      CLAIMS.messageType,
      CLAIMS.version,
      CLAIMS.roles,
      CLAIMS.resourceLink,
      CLAIMS.targetLinkUri,
    ]) {
      expect(
        reason(() => readLaunch(resourceLink({ [claim]: undefined }), ['dep-1'])),
        claim,
      ).toBe('missing_claim');
    }
  });

  it('reads a deep-linking request, which must accept ltiResourceLink', () => {
    const settings = { deep_link_return_url: 'https://lms.example/dl', accept_types: ['ltiResourceLink'], data: 'opaque' };
    const request = resourceLink({
      [CLAIMS.messageType]: 'LtiDeepLinkingRequest',
      [CLAIMS.resourceLink]: undefined,
      [CLAIMS.deepLinkingSettings]: settings,
    });
    expect(readLaunch(request, ['dep-1']).deepLinking).toEqual({ returnUrl: 'https://lms.example/dl', data: 'opaque' });
    expect(reason(() => readLaunch({ ...request, [CLAIMS.deepLinkingSettings]: { ...settings, accept_types: ['file'] } }, ['dep-1']))).toBe(
      'unsupported_message',
    );
    expect(reason(() => readLaunch({ ...request, [CLAIMS.deepLinkingSettings]: undefined }, ['dep-1']))).toBe('missing_claim');
  });
});

describe('audienceAccepted', () => {
  it('takes a string or an array, and with several audiences wants azp to be the client', () => {
    expect(audienceAccepted('c1', undefined, 'c1')).toBe(true);
    expect(audienceAccepted(['c1'], undefined, 'c1')).toBe(true);
    expect(audienceAccepted(['c1', 'other'], 'c1', 'c1')).toBe(true);
    expect(audienceAccepted(['c1', 'other'], undefined, 'c1')).toBe(false);
    expect(audienceAccepted(['c1', 'other'], 'other', 'c1')).toBe(false);
    expect(audienceAccepted('c2', undefined, 'c1')).toBe(false);
    expect(audienceAccepted('c1', 'c2', 'c1')).toBe(false);
  });
});

describe('addresses and pages', () => {
  it('accepts a target only on the allowed origins', () => {
    const origins = ['https://app.example', 'https://ref.supabase.co'];
    expect(isOnSite('https://app.example/x', origins)).toBe(true);
    expect(isOnSite('https://ref.supabase.co/functions/v1/lti/launch', origins)).toBe(true);
    expect(isOnSite('https://evil.example/', origins)).toBe(false);
    expect(isOnSite('https://app.example.evil.example/', origins)).toBe(false);
    expect(isOnSite('javascript:alert(1)', origins)).toBe(false);
    expect(isOnSite('https://user@app.example/', origins)).toBe(false);
    expect(isOnSite(undefined, origins)).toBe(false);
  });

  it('builds the OIDC redirect with form_post, prompt=none, state and nonce', () => {
    const url = new URL(
      authRedirectUrl({
        authLoginUrl: 'https://lms.example/auth?x=1',
        clientId: 'c1',
        redirectUri: 'https://api.example/functions/v1/lti/launch',
        loginHint: 'hint',
        ltiMessageHint: 'mh',
        state: 's',
        nonce: 'n',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'c1',
      redirect_uri: 'https://api.example/functions/v1/lti/launch',
      login_hint: 'hint',
      lti_message_hint: 'mh',
      state: 's',
      nonce: 'n',
    });
  });

  it('escapes what it puts in pages, and every refusal is a 4xx (or 502) page', () => {
    expect(autoPostPage('t', 'https://lms.example/dl?a=1&b="2"', { JWT: '<x>' }, 'Go')).toContain(
      'action="https://lms.example/dl?a=1&amp;b=&quot;2&quot;"',
    );
    for (const key of Object.keys(REFUSALS) as (keyof typeof REFUSALS)[]) {
      const { status, html } = refusalPage(key);
      expect(status === 502 || (status >= 400 && status < 500)).toBe(true);
      expect(html).toContain(REFUSALS[key].text.replace(/'/g, '&#39;'));
    }
  });

  it('sends learners to the class-session form and echoes data in the deep-linking response', () => {
    expect(classSessionUrl('https://app.example', 'c-1', '2026-11-26')).toBe(
      'https://app.example/class-session?courseId=c-1&sessionId=2026-11-26',
    );
    const claims = deepLinkingResponseClaims({
      clientId: 'c1',
      issuer: 'https://lms.example',
      deploymentId: 'd',
      nonce: 'n',
      data: 'opaque',
      launchUrl: 'https://api.example/functions/v1/lti/launch',
    });
    expect(claims).toMatchObject({ iss: 'c1', aud: 'https://lms.example', [CLAIMS.data]: 'opaque' });
    expect(claims[CLAIMS.messageType]).toBe('LtiDeepLinkingResponse');
  });
});

describe('the deep-linking return address', () => {
  it('must be a web address: the answer is a form that posts there', () => {
    for (const url of ['javascript:alert(document.domain)//', 'data:text/html,hi', 'not a url', '']) {
      const request = {
        sub: 'user-1',
        [CLAIMS.deploymentId]: 'dep-1',
        [CLAIMS.messageType]: 'LtiDeepLinkingRequest',
        [CLAIMS.version]: '1.3.0',
        [CLAIMS.roles]: [INSTRUCTOR],
        [CLAIMS.deepLinkingSettings]: { deep_link_return_url: url, accept_types: ['ltiResourceLink'] },
      };
      expect(
        reason(() => readLaunch(request, ['dep-1'])),
        url,
      ).toBe('missing_claim');
    }
  });
});

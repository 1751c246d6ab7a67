// /admin's learning platforms (LTI 1.3), with the façade's list and save given by the test (no
// stack): the tool's addresses, the list, what the form refuses word for word, what it registers,
// and what it says when the server answers or does not. Editing and removing:
// LtiPlatformsSection.edit.test.tsx.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiConfig } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { closeToast, expectToast } from '../../test/toasts';
import type { LtiPlatform } from './api/get-lti-platforms';

const read = vi.hoisted(() => ({ data: undefined as LtiPlatform[] | undefined, isPending: false, isError: false, refetch: vi.fn() }));
const save = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/get-lti-platforms', async (original) => ({ ...(await original<object>()), useLtiPlatforms: () => read }));
vi.mock('./api/save-lti-platform', async (original) => ({ ...(await original<object>()), useSaveLtiPlatform: () => save }));

const { LtiPlatformsSection } = await import('./LtiPlatformsSection');

const CANVAS: LtiPlatform = {
  id: 'p1',
  name: 'Canvas at State U',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000123',
  deploymentIds: ['1:abc', '2:def'],
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  tokenUrl: null,
  emailDomains: ['state.edu', 'cs.state.edu'],
  createdAt: '2026-09-01T12:00:00Z',
  linkedCourses: 2,
};
const ADDRESS = 'Enter an address that starts with https:// (http:// only on 127.0.0.1 or localhost)';
const MOODLE = {
  Name: ' Moodle at Tech ',
  Issuer: 'https://moodle.tech.edu',
  'Client ID': 'abc123',
  'Deployment IDs': '1\n\n2 ',
  'Authentication request URL': 'https://moodle.tech.edu/mod/lti/auth.php',
  'Public keyset': 'https://moodle.tech.edu/mod/lti/certs.php',
  'Access token URL': '',
  'E-mail domains whose instructors': 'Tech.EDU\ncs.tech.edu',
};

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(read, { data: [CANVAS], isPending: false, isError: false });
  save.mutateAsync.mockResolvedValue('p-new');
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () => ({ unmount } = await renderInApp(<LtiPlatformsSection />));
const form = () => screen.getByRole('form', { name: 'Register a platform' });
const field = (label: string) => within(form()).getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
const errorsIn = (element: HTMLElement) => [...element.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);

/** Fills the fields by their labels' first words, as pasted. */
async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) {
      await user.click(field(label));
      await user.paste(value);
    }
  }
}
const register = () => userEvent.setup().click(within(form()).getByRole('button', { name: 'Register Platform' }));

describe('LtiPlatformsSection', () => {
  it('gives the tool’s three addresses to paste into the learning platform', async () => {
    await show();
    const base = `${apiConfig.supabaseUrl}/functions/v1/lti`;
    for (const [label, url] of [
      ['Login URL (OpenID Connect login initiation)', `${base}/login`],
      ['Launch URL (redirect URI, target link URI, deep linking)', `${base}/launch`],
      ['Public keyset (JWKS) URL of ClassPulse', `${base}/jwks`],
    ]) {
      expect(screen.getByText(label!).nextElementSibling?.textContent).toBe(url);
    }
  });

  it('lists each platform with its issuer, client, deployments, domains and linked courses', async () => {
    read.data = [CANVAS, { ...CANVAS, id: 'p2', name: 'Moodle', emailDomains: [], linkedCourses: 0 }];
    await show();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Canvas at State U', 'https://canvas.instructure.com', '10000000000123', '1:abc, 2:def', 'state.edu, cs.state.edu', '2'],
      ['Moodle', 'https://canvas.instructure.com', '10000000000123', '1:abc, 2:def', 'None', '0'],
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Canvas at State U' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Moodle' })).toBeTruthy();
  });

  it('says when there is none, and when the list could not be read', async () => {
    read.data = [];
    await show();
    expect(screen.getByText('No platform is registered yet.')).toBeTruthy();
    await unmount?.();

    Object.assign(read, { data: undefined, isError: true });
    await show();
    expect(screen.getByText('Unable to load the learning platforms')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(read.refetch).toHaveBeenCalledOnce();
  });

  it('says what is missing or wrong, field by field, word for word, and sends nothing', async () => {
    await show();
    await register();
    await waitFor(() =>
      expect(errorsIn(form())).toEqual([
        'Name is required',
        ADDRESS,
        'Client ID is required',
        'Enter at least one deployment ID',
        ADDRESS,
        ADDRESS,
      ]),
    );
    await fill({ ...MOODLE, Issuer: 'http://moodle.tech.edu', 'Access token URL': 'moodle.tech.edu/token' });
    await fill({ 'E-mail domains whose instructors': 'state.edu\nnot a domain' });
    await register();
    await waitFor(() => expect(errorsIn(form())).toEqual([ADDRESS, ADDRESS, 'Enter each e-mail domain on its own line, like state.edu']));
    expect(field('E-mail domains whose instructors').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(save.mutateAsync).not.toHaveBeenCalled();
  });

  it('registers the platform as checked (trimmed, one per line, domains lower-cased), says so and empties the form', async () => {
    await show();
    await fill(MOODLE);
    await register();
    await expectToast('Success', 'Platform registered');
    expect(save.mutateAsync).toHaveBeenCalledExactlyOnceWith({
      id: null,
      input: {
        name: 'Moodle at Tech',
        issuer: 'https://moodle.tech.edu',
        clientId: 'abc123',
        deploymentIds: ['1', '2'],
        authLoginUrl: 'https://moodle.tech.edu/mod/lti/auth.php',
        jwksUrl: 'https://moodle.tech.edu/mod/lti/certs.php',
        tokenUrl: '',
        emailDomains: ['tech.edu', 'cs.tech.edu'],
      },
    });
    expect(Object.keys(MOODLE).map((label) => (field(label) as HTMLInputElement).value)).toEqual(Object.keys(MOODLE).map(() => ''));
  });

  it('puts a duplicate issuer and client id under the client ID, and says it', async () => {
    save.mutateAsync.mockRejectedValue(new ApiError(409, 'This issuer and client id are already registered.'));
    await show();
    await fill(MOODLE);
    await register();
    await expectToast('Error', 'This issuer and client id are already registered.');
    expect(errorsIn(form())).toEqual(['This issuer and client id are already registered.']);
    expect(field('Client ID').getAttribute('aria-invalid')).toBe('true');
    expect((field('Name') as HTMLInputElement).value).toBe(MOODLE.Name);
  });

  it('says other refusals in the toast alone, and a try-again when no answer came', async () => {
    save.mutateAsync.mockRejectedValueOnce(new ApiError(403, 'Only an app owner can manage learning platforms'));
    save.mutateAsync.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    await show();
    await fill(MOODLE);
    await register();
    await closeToast(await expectToast('Error', 'Only an app owner can manage learning platforms'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(errorsIn(form())).toEqual([]);
    await register();
    await expectToast('Error', 'The platform was not saved. Please try again.');
  });
});

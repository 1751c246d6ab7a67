// /admin's learning platforms, editing and removing one, with the façade's list, save and remove
// given by the test (no stack): the form takes the platform's values and saves them under its id,
// Cancel leaves it, and Remove asks first. Focus goes back to the Edit button the form came from.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { closeToast, expectToast } from '../../test/toasts';
import type { LtiPlatform } from './api/get-lti-platforms';

const read = vi.hoisted(() => ({ data: [] as LtiPlatform[], isPending: false, isError: false }));
const save = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const remove = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/get-lti-platforms', async (original) => ({ ...(await original<object>()), useLtiPlatforms: () => read }));
vi.mock('./api/save-lti-platform', async (original) => ({ ...(await original<object>()), useSaveLtiPlatform: () => save }));
vi.mock('./api/remove-lti-platform', async (original) => ({ ...(await original<object>()), useRemoveLtiPlatform: () => remove }));

const { LtiPlatformsSection } = await import('./LtiPlatformsSection');

const CANVAS: LtiPlatform = {
  id: 'p1',
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000123',
  deploymentIds: ['1:abc', '2:def'],
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  tokenUrl: null,
  emailDomains: ['state.edu'],
  createdAt: '2026-09-01T12:00:00Z',
  linkedCourses: 2,
};

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  read.data = [CANVAS];
  save.mutateAsync.mockResolvedValue('p1');
  remove.mutateAsync.mockResolvedValue({ id: 'p1' });
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () => ({ unmount } = await renderInApp(<LtiPlatformsSection />));
const value = (form: HTMLElement, label: RegExp) => (within(form).getByRole('textbox', { name: label }) as HTMLInputElement).value;

describe('LtiPlatformsSection, editing', () => {
  it('fills the form with the platform, saves it under its id, says so and goes back to registering', async () => {
    await show();
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: 'Edit Canvas' });
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Edit a platform' });
    expect(value(form, /^Deployment IDs/)).toBe('1:abc\n2:def');
    expect(value(form, /^Access token URL/)).toBe('');
    expect(value(form, /^E-mail domains/)).toBe('state.edu');
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.type(name, 'Canvas (edited)');
    await user.clear(within(form).getByRole('textbox', { name: /^Deployment IDs/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Deployment IDs/ }), '3:ghi');
    await user.click(within(form).getByRole('button', { name: 'Save Platform' }));
    expect(await screen.findByRole('form', { name: 'Register a platform' })).toBeTruthy();
    expect(document.activeElement).toBe(edit);
    await expectToast('Success', 'Platform saved');
    expect(save.mutateAsync).toHaveBeenCalledExactlyOnceWith({
      id: 'p1',
      input: {
        name: 'Canvas (edited)',
        issuer: CANVAS.issuer,
        clientId: CANVAS.clientId,
        deploymentIds: ['3:ghi'],
        authLoginUrl: CANVAS.authLoginUrl,
        jwksUrl: CANVAS.jwksUrl,
        tokenUrl: '',
        emailDomains: ['state.edu'],
      },
    });
  });

  it('Cancel leaves the platform as it was and goes back to registering, focus on its Edit button', async () => {
    await show();
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: 'Edit Canvas' });
    await user.click(edit);
    await user.type(within(screen.getByRole('form', { name: 'Edit a platform' })).getByRole('textbox', { name: /^Name/ }), ' 2');
    await user.click(within(screen.getByRole('form', { name: 'Edit a platform' })).getByRole('button', { name: 'Cancel' }));
    const form = screen.getByRole('form', { name: 'Register a platform' });
    expect(value(form, /^Name/)).toBe('');
    expect(within(form).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(save.mutateAsync).not.toHaveBeenCalled();
  });
});

describe('LtiPlatformsSection, removing', () => {
  const open = async () => {
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Canvas' }));
    return screen.findByRole('alertdialog', { name: 'Remove Canvas?' });
  };

  it('asks first, saying what goes with the platform; Cancel removes nothing', async () => {
    const dialog = await open();
    expect(within(dialog).getByText(/^Launches from this platform will be refused/).textContent).toBe(
      'Launches from this platform will be refused, and the LMS courses linked through it will be unlinked (linked courses: 2). The ClassPulse courses and their feedback stay.',
    );
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove.mutateAsync).not.toHaveBeenCalled();
  });

  it('removes it by its id once confirmed, says so and closes', async () => {
    const dialog = await open();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Remove Platform' }));
    await expectToast('Success', 'Platform removed');
    expect(remove.mutateAsync).toHaveBeenCalledExactlyOnceWith('p1');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says why it was not removed, and stays open to try again', async () => {
    remove.mutateAsync.mockRejectedValueOnce(new ApiError(404, 'Platform not found'));
    remove.mutateAsync.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    const dialog = await open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Platform' }));
    await closeToast(await expectToast('Error', 'Platform not found'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Remove Platform' }));
    await expectToast('Error', 'The platform was not removed. Please try again.');
    expect(screen.getByRole('alertdialog', { name: 'Remove Canvas?' })).toBeTruthy();
  });
});

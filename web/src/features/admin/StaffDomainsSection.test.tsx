// /admin's "Who may sign in as a professor", with the façade's list, add and remove given by the
// test (no stack): the list and its states, what the form refuses word for word, what add and
// remove are called with, and what they say when the server answers or does not.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { renderInApp, screen } from '../../test/renderInApp';
import { closeToast, expectToast } from '../../test/toasts';
import type { StaffEmailDomain } from './api/get-staff-email-domains';

const read = vi.hoisted(() => ({ data: undefined as StaffEmailDomain[] | undefined, isPending: false, isError: false, refetch: vi.fn() }));
const add = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const remove = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/get-staff-email-domains', async (original) => ({ ...(await original<object>()), useStaffEmailDomains: () => read }));
vi.mock('./api/add-staff-email-domain', async (original) => ({ ...(await original<object>()), useAddStaffEmailDomain: () => add }));
vi.mock('./api/remove-staff-email-domain', async (original) => ({
  ...(await original<object>()),
  useRemoveStaffEmailDomain: () => remove,
}));

const { StaffDomainsSection } = await import('./StaffDomainsSection');

const listed = (domain: string) => ({ domain, createdAt: '2026-09-01T12:00:00Z' });
let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(read, { data: [listed('cs.state.edu'), listed('state.edu')], isPending: false, isError: false });
  add.mutateAsync.mockImplementation(async ({ domain }: { domain: string }) => domain);
  remove.mutateAsync.mockImplementation(async (domain: string) => ({ domain }));
});
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
  toaster.remove();
  vi.clearAllMocks();
});

async function show() {
  ({ unmount } = await renderInApp(<StaffDomainsSection />));
  const form = screen.getByRole('form', { name: 'Add a staff e-mail domain' });
  return { form, field: within(form).getByRole('textbox', { name: /^E-mail domain/ }) as HTMLInputElement };
}
const errorsIn = (form: HTMLElement) => [...form.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);
async function addDomain(form: HTMLElement, field: HTMLInputElement, value: string) {
  const user = userEvent.setup();
  await user.clear(field);
  if (value) await user.type(field, value);
  await user.click(within(form).getByRole('button', { name: 'Add Domain' }));
}

describe('StaffDomainsSection', () => {
  it('lists the domains, each with its Remove, or says anyone may sign in when there is none', async () => {
    await show();
    const list = screen.getByRole('list', { name: 'Staff e-mail domains' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['cs.state.edu' + 'Remove', 'state.edu' + 'Remove']);
    expect(within(list).getByRole('button', { name: 'Remove state.edu' })).toBeTruthy();
    await unmount?.();

    read.data = [];
    await show();
    expect(screen.getByText('No domain is listed: anyone may sign in as a professor.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Staff e-mail domains' })).toBeNull();
  });

  it('says when the list could not be read, and tries again on request', async () => {
    Object.assign(read, { data: undefined, isError: true });
    await show();
    expect(screen.getByText('Unable to load the staff e-mail domains')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(read.refetch).toHaveBeenCalledOnce();
  });

  it('refuses what is not a domain, word for word, and sends nothing', async () => {
    const { form, field } = await show();
    for (const bad of ['', 'edu', 'not a domain', '*.state.edu']) {
      await addDomain(form, field, bad);
      await waitFor(() => expect(errorsIn(form)).toEqual(['Enter a domain like example.edu']));
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(add.mutateAsync).not.toHaveBeenCalled();
  });

  it('adds the domain of a pasted address, lower-cased, says so and empties the field', async () => {
    const { form, field } = await show();
    await addDomain(form, field, ' Someone@Staff.Example.EDU ');
    await expectToast('Success', 'staff.example.edu added');
    expect(add.mutateAsync).toHaveBeenCalledWith({ domain: 'staff.example.edu' });
    expect(field.value).toBe('');
    expect(errorsIn(form)).toEqual([]);
  });

  it('puts the server’s refusal of the domain under the field and in the toast', async () => {
    add.mutateAsync.mockRejectedValue(new ApiError(400, 'At most 50 domains can be listed.'));
    const { form, field } = await show();
    await addDomain(form, field, 'state.org');
    await expectToast('Error', 'At most 50 domains can be listed.');
    expect(errorsIn(form)).toEqual(['At most 50 domains can be listed.']);
    expect(field.value).toBe('state.org');
  });

  it('says the domain was not added when no answer came, with nothing under the field', async () => {
    add.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { form, field } = await show();
    await addDomain(form, field, 'state.org');
    await expectToast('Error', 'The domain was not added. Please try again.');
    expect(errorsIn(form)).toEqual([]);
  });

  it('removes a domain by its Remove, and says so', async () => {
    await show();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove state.edu' }));
    await expectToast('Success', 'state.edu removed');
    expect(remove.mutateAsync).toHaveBeenCalledExactlyOnceWith('state.edu');
  });

  it('says why a domain was not removed: the server’s words, or a try-again when no answer came', async () => {
    remove.mutateAsync.mockRejectedValueOnce(new ApiError(403, 'Only the app owner can do this'));
    await show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove state.edu' }));
    await closeToast(await expectToast('Error', 'Only the app owner can do this'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    remove.mutateAsync.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Remove cs.state.edu' }));
    await expectToast('Error', 'The domain was not removed. Please try again.');
  });
});

// The confusion alarm's thresholds on the live view, with the façade's update given by the test (no
// stack): the course's settings as the form opens, the bounds it refuses word for word (the same
// as the database's checks), what it sends, and what it says when the server answers or does not.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors';
import { toaster } from '../../../shared/ui/toaster';
import { QUIET } from '../../../test/liveSnapshot';
import { renderInApp, screen } from '../../../test/renderInApp';
import { expectToast } from '../../../test/toasts';

const update = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('../api/update-alarm-settings', async (original) => ({ ...(await original<object>()), useUpdateAlarmSettings: () => update }));

const { AlarmSettingsForm } = await import('./AlarmSettingsForm');

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  update.mutateAsync.mockResolvedValue(undefined);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  vi.clearAllMocks();
});

async function show() {
  ({ unmount } = await renderInApp(<AlarmSettingsForm courseId="c1" alarm={{ ...QUIET, threshold: 0.29 }} />));
  const form = screen.getByRole('form', { name: 'Alarm settings' });
  const field = (name: string) => within(form).getByRole('spinbutton', { name }) as HTMLInputElement;
  return { form, minutes: field('Minutes'), minimum: field('Minimum responses'), share: field('Lost share (%)') };
}
const errorsIn = (form: HTMLElement) => [...form.querySelectorAll('[data-part="error-text"]')].map((error) => error.textContent);

async function enter(input: HTMLInputElement, value: string) {
  const user = userEvent.setup();
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('AlarmSettingsForm', () => {
  it('opens with the course’s window, minimum and share (as a whole percentage)', async () => {
    const { minutes, minimum, share } = await show();
    expect([minutes.value, minimum.value, share.value]).toEqual(['10', '5', '29']);
  });

  it('refuses values out of bounds, word for word, and sends nothing', async () => {
    const { form, minutes, minimum, share } = await show();
    await enter(minutes, '0');
    await enter(minimum, '1001');
    await enter(share, '101');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save alarm settings' }));
    await waitFor(() => expect(errorsIn(form)).toEqual(['From 1 to 120 minutes', 'From 1 to 1000 responses', 'From 1 to 100 %']));
    expect(minutes.getAttribute('aria-invalid')).toBe('true');

    await enter(minutes, '121');
    await enter(minimum, '');
    await enter(share, '0');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save alarm settings' }));
    await waitFor(() => expect(errorsIn(form)).toEqual(['From 1 to 120 minutes', 'From 1 to 1000 responses', 'From 1 to 100 %']));
    expect(update.mutateAsync).not.toHaveBeenCalled();
  });

  it('takes the bounds themselves, sends the three numbers and says they are saved', async () => {
    const { form, minutes, minimum, share } = await show();
    await enter(minutes, '120');
    await enter(minimum, '1');
    await enter(share, '100');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save alarm settings' }));
    await expectToast('Success', 'Alarm settings saved');
    expect(update.mutateAsync).toHaveBeenCalledWith({
      courseId: 'c1',
      settings: { windowMinutes: 120, minResponses: 1, lostPercent: 100 },
    });
    expect(errorsIn(form)).toEqual([]);
  });

  it('says a refusal in the server’s words', async () => {
    update.mutateAsync.mockRejectedValue(new ApiError(404, 'Course not found'));
    const { form } = await show();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save alarm settings' }));
    await expectToast('Error', 'Course not found');
    expect(update.mutateAsync).toHaveBeenCalledWith({ courseId: 'c1', settings: { windowMinutes: 10, minResponses: 5, lostPercent: 29 } });
  });

  it('says the settings were not saved when no answer came', async () => {
    update.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { form } = await show();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save alarm settings' }));
    await expectToast('Error', 'Failed to save alarm settings');
  });
});

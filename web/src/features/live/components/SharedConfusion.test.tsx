// The live view's shared confusion and its corrections, with the façade given data by the test (no
// stack): "Merge" into another group, "Not this group" beside each text of a group, and the
// texts still waiting to be grouped.
import { waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfusionGroup, SharedConfusion as Shared } from '../../../shared/api/get-shared-confusion';
import { ApiError } from '../../../lib/errors';
import { toaster } from '../../../shared/ui/toaster';
import { renderInApp, screen } from '../../../test/renderInApp';

const shared = vi.hoisted(() => ({ current: undefined as Shared | undefined }));
const merge = vi.hoisted(() => vi.fn());
const takeOut = vi.hoisted(() => vi.fn());

vi.mock('../../../shared/api/get-shared-confusion', async (original) => ({
  ...(await original<object>()),
  useSharedConfusion: () => ({ data: shared.current, isPending: false, isError: false }),
}));
vi.mock('../api/merge-confusion-groups', async (original) => ({
  ...(await original<object>()),
  useMergeConfusionGroups: () => ({ mutateAsync: merge, isPending: false }),
}));
vi.mock('../api/take-out-of-confusion-group', async (original) => ({
  ...(await original<object>()),
  useTakeOutOfConfusionGroup: () => ({ mutateAsync: takeOut, isPending: false }),
}));

const { SharedConfusion } = await import('./SharedConfusion');

const text = (id: string, body: string) => ({ id, kind: 'quick' as const, text: body, students: 1 });
const BASE: ConfusionGroup = {
  id: 'g-base',
  students: 2,
  texts: 2,
  top: text('t1', 'The base case of recursion'),
  others: [text('t2', 'no entendí el caso base')],
};
const STACK: ConfusionGroup = { id: 'g-stack', students: 1, texts: 1, top: text('t3', 'What is a stack frame?'), others: [] };

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  shared.current = { sessionId: 's', texts: 3, students: 3, pending: 0, groups: [BASE, STACK] };
  merge.mockResolvedValue({ groupId: 'g-base' });
  takeOut.mockResolvedValue({ groupId: 'g-new' });
});
afterEach(async () => {
  await unmount?.();
  // The toaster is one for the app: the next test starts with none shown or queued.
  toaster.remove();
  vi.clearAllMocks();
});

const show = async () => ({ unmount } = await renderInApp(<SharedConfusion courseId="c1" replied={{}} />));

describe('SharedConfusion', () => {
  it('"Merge" puts a group into the one the team picks', async () => {
    await show();
    const user = userEvent.setup();
    const stackGroup = (await screen.findByText('What is a stack frame?')).closest('li')!;
    await user.click(stackGroup.querySelector('button')!);
    const into = screen.getByLabelText('Merge this group into') as HTMLSelectElement;
    expect([...into.options].map((option) => option.textContent)).toEqual(['The base case of recursion']);
    await user.click(screen.getAllByRole('button', { name: 'Merge' }).at(-1)!);
    await waitFor(() => expect(merge).toHaveBeenCalledWith({ courseId: 'c1', groupId: 'g-stack', intoGroupId: 'g-base' }));
    expect(await screen.findByText('Groups merged')).toBeTruthy();
  });

  it('"Not this group" is beside each text of a group of two or more, and takes that text out', async () => {
    await show();
    const user = userEvent.setup();
    await screen.findByText('The base case of recursion');
    const buttons = screen.getAllByRole('button', { name: /^Not this group/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Not this group: The base case of recursion',
      'Not this group: no entendí el caso base',
    ]);
    await user.click(buttons[1]!);
    await waitFor(() => expect(takeOut).toHaveBeenCalledWith({ courseId: 'c1', submissionId: 't2' }));
    expect(await screen.findByText('Text taken out of the group')).toBeTruthy();
  });

  it('says how many texts are still to be grouped', async () => {
    shared.current = { ...shared.current!, pending: 3 };
    await show();
    expect(await screen.findByText('Grouping 3 more texts…')).toBeTruthy();
  });

  it('says a refused merge in the server’s words, and keeps the choice open', async () => {
    merge.mockRejectedValue(new ApiError(404, 'Group not found'));
    await show();
    const user = userEvent.setup();
    await user.click((await screen.findByText('What is a stack frame?')).closest('li')!.querySelector('button')!);
    await user.click(screen.getAllByRole('button', { name: 'Merge' }).at(-1)!);
    expect(await screen.findByText('Group not found')).toBeTruthy();
    expect(screen.getByLabelText('Merge this group into')).toBeTruthy();
  });
});

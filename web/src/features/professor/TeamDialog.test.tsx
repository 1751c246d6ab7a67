// The owner's team dialog, with the façade's team, invite, remove and revoke given by the test (no
// stack): the list, the invitation form's checks and answers, and removing or revoking.
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { toaster } from '../../shared/ui/toaster';
import { professorCourse } from '../../test/professorCourse';
import { renderInApp, screen } from '../../test/renderInApp';
import { expectToast } from '../../test/toasts';
import type { CourseTeam } from './api/get-course-team';

const team = vi.hoisted(() => ({ data: undefined as CourseTeam | undefined, isLoading: false, isError: false, refetch: vi.fn() }));
const invite = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const remove = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
const revoke = vi.hoisted(() => ({ mutateAsync: vi.fn(), isPending: false }));
vi.mock('./api/get-course-team', async (original) => ({ ...(await original<object>()), useCourseTeam: () => team }));
vi.mock('./api/invite-team-member', async (original) => ({ ...(await original<object>()), useInviteTeamMember: () => invite }));
vi.mock('./api/remove-team-member', async (original) => ({ ...(await original<object>()), useRemoveTeamMember: () => remove }));
vi.mock('./api/revoke-invitation', async (original) => ({ ...(await original<object>()), useRevokeInvitation: () => revoke }));

const { TeamDialog } = await import('./TeamDialog');

const COURSE = professorCourse();
const OWNER = { userId: null, email: 'prof@example.edu', role: 'owner' as const, since: null };
const CO = { userId: 'u-co', email: 'co@example.edu', role: 'co_instructor' as const, since: '2026-08-21T10:00:00Z' };
const TA_INVITED = { id: 'inv-1', email: 'ta@example.edu', role: 'ta' as const, createdAt: '2026-08-22T10:00:00Z' };

let unmount: (() => Promise<void>) | undefined;
beforeEach(() => {
  Object.assign(team, { data: { members: [OWNER, CO], invitations: [] }, isLoading: false, isError: false });
  invite.mutateAsync.mockImplementation(async ({ email, role }: { email: string; role: string }) => ({ id: 'inv-2', email, role }));
  remove.mutateAsync.mockResolvedValue(undefined);
  revoke.mutateAsync.mockResolvedValue(undefined);
});
afterEach(async () => {
  await unmount?.();
  toaster.remove();
  invite.isPending = false;
  vi.clearAllMocks();
});

const show = async () => {
  ({ unmount } = await renderInApp(<TeamDialog course={COURSE} open onClose={() => {}} />));
  return screen.findByRole('dialog', { name: 'Team of COSC 1337 · Section 002' });
};
const inviteForm = (dialog: HTMLElement) => within(dialog).getByRole('form', { name: 'Invite a team member' });

describe('TeamDialog, the team', () => {
  it('lists the members with their roles (the owner cannot be removed) and says when no one is invited', async () => {
    const dialog = await show();
    const members = within(within(dialog).getByRole('list', { name: 'Team members' })).getAllByRole('listitem');
    expect(members.map((member) => [member.getAttribute('aria-label'), member.textContent])).toEqual([
      ['prof@example.edu', 'prof@example.eduOwner'],
      ['co@example.edu', 'co@example.eduCo-instructorRemove'],
    ]);
    expect(within(dialog).getByText('No pending invitations.')).toBeTruthy();
  });

  it('lists a pending invitation, and "Revoke" withdraws it', async () => {
    team.data = { members: [OWNER], invitations: [TA_INVITED] };
    const dialog = await show();
    const pending = within(within(dialog).getByRole('list', { name: 'Pending invitations' })).getByRole('listitem', {
      name: 'ta@example.edu',
    });
    expect(within(pending).getByText('TA')).toBeTruthy();
    await userEvent.setup().click(within(pending).getByRole('button', { name: 'Revoke' }));
    await expectToast('Success', 'The invitation to ta@example.edu was revoked');
    expect(revoke.mutateAsync).toHaveBeenCalledWith({ courseId: COURSE.id, invitationId: 'inv-1' });
  });

  it('a team that does not load says so, with a way to try again', async () => {
    Object.assign(team, { data: undefined, isError: true });
    const dialog = await show();
    expect(within(dialog).getByText('Unable to load the team.')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(team.refetch).toHaveBeenCalledOnce();
  });
});

describe('TeamDialog, inviting', () => {
  it('refuses an invalid address under the field, word for word, and invites nobody', async () => {
    const dialog = await show();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(invite.mutateAsync).not.toHaveBeenCalled();
    expect(within(dialog).getByText('No pending invitations.')).toBeTruthy();
  });

  it('sends the address as the server wants it, with the chosen role, says so and empties the field', async () => {
    const dialog = await show();
    const user = userEvent.setup();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail address' }) as HTMLInputElement;
    await user.type(email, '  New.TA@Example.EDU ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Co-instructor');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await expectToast('Success', 'Invitation sent to new.ta@example.edu');
    expect(invite.mutateAsync).toHaveBeenCalledWith({ courseId: COURSE.id, email: 'new.ta@example.edu', role: 'co_instructor' });
    expect(email.value).toBe('');
  });

  // Was the browser test "inviting oneself shows the server's refusal and adds nobody" (e2e/team.spec.ts).
  it('shows the server’s refusal in the form’s alert, and no invitation', async () => {
    invite.mutateAsync.mockRejectedValue(new ApiError(400, 'You cannot invite yourself: you own this course.', { code: 'invite_self' }));
    const dialog = await show();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'prof@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(inviteForm(dialog)).findByRole('alert')).textContent).toBe('You cannot invite yourself: you own this course.');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).getByText('No pending invitations.')).toBeTruthy();
  });

  it('without a server answer, the alert asks to try again', async () => {
    invite.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const dialog = await show();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'ta@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect((await within(inviteForm(dialog)).findByRole('alert')).textContent).toBe('Failed to send the invitation. Please try again.');
  });

  it('while it sends, the button says "Sending..." and cannot be pressed', async () => {
    invite.isPending = true;
    const dialog = await show();
    expect((within(dialog).getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('TeamDialog, removing a member', () => {
  const startRemoving = async (dialog: HTMLElement) => {
    const user = userEvent.setup();
    await user.click(within(within(dialog).getByRole('listitem', { name: 'co@example.edu' })).getByRole('button', { name: 'Remove' }));
    const confirmation = within(dialog).getByRole('group', { name: 'Confirm removal' });
    expect(within(confirmation).getByText('Remove co@example.edu from the team? They lose access at once.')).toBeTruthy();
    return { user, confirmation };
  };

  it('asks first, then removes them and says so', async () => {
    const { user, confirmation } = await startRemoving(await show());
    await user.click(within(confirmation).getByRole('button', { name: 'Yes, remove' }));
    await expectToast('Success', 'co@example.edu was removed from the team');
    expect(remove.mutateAsync).toHaveBeenCalledWith({ courseId: COURSE.id, userId: 'u-co' });
  });

  it('"Cancel" takes the question back and removes no one', async () => {
    const dialog = await show();
    const { user, confirmation } = await startRemoving(dialog);
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Confirm removal' })).toBeNull();
    expect(remove.mutateAsync).not.toHaveBeenCalled();
  });

  it('a failure says the seed’s text and gives the "Remove" button back', async () => {
    remove.mutateAsync.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const dialog = await show();
    const { user, confirmation } = await startRemoving(dialog);
    await user.click(within(confirmation).getByRole('button', { name: 'Yes, remove' }));
    await expectToast('Error', 'Failed to remove the team member');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeTruthy());
  });
});

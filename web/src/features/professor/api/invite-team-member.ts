import { currentLanguage } from '../../../i18n/i18n';
import { invokeFunction } from '../../../lib/invoke';
import { ApiError } from '../../../lib/errors';
import { queryKeys } from '../../../lib/queryKeys';
import { type MutationConfig, useEndpointMutation } from '../../../lib/reactQuery';
import { type TeamInvitation, teamInvitationSchema } from '../../../lib/schemas';

/** What the team function answers: the pending invitation. */
export interface SentInvitation {
  id: string;
  courseId: string;
  email: string;
  role: TeamInvitation['role'];
  createdAt: string;
  /** Whether the address already had an account (it then got a sign-in e-mail, not an invitation). */
  accountExists: boolean;
}

/**
 * POST /api/courses/{id}/team/invitations {email, role, language}: the owner invites a co-instructor
 * or TA; the team function writes the invitation as the caller and e-mails the address, in the
 * language the owner uses the app in (a new account starts in it).
 */
export async function inviteTeamMember(input: TeamInvitation): Promise<SentInvitation> {
  const parsed = teamInvitationSchema.safeParse({ language: currentLanguage(), ...input });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid invitation');
  return invokeFunction<SentInvitation>('POST', 'team', { body: parsed.data });
}

export function useInviteTeamMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof inviteTeamMember> } = {}) {
  return useEndpointMutation(inviteTeamMember, mutationConfig, (queryClient, _data, { courseId }) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.courses.team(courseId) }),
  );
}

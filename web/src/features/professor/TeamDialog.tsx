import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { translated } from '../../shared/translatedResolver';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/errors';
import { TEAM_ROLE_LABELS, teamInvitationSchema } from '../../lib/schemas';
import { type ProfessorCourse, ROLE_LABELS } from '../../shared/api/get-my-courses';
import { msg } from '../../i18n/msg';
import { refusalMessage, withoutStatus } from '../../shared/errorMessage';
import { ERROR_COLOR } from '../../shared/ui/colors';
import { RetryLine } from './RetryLine';
import { courseWithSection } from '../../shared/terms';
import { toaster } from '../../shared/ui/toaster';
import { type TeamInvitationRow, type TeamMember, useCourseTeam } from './api/get-course-team';
import { useInviteTeamMember } from './api/invite-team-member';
import { useRemoveTeamMember } from './api/remove-team-member';
import { useRevokeInvitation } from './api/revoke-invitation';
import { useTranslation } from 'react-i18next';

// The form's part of the shared payload schema (the course comes from the card).
const inviteFormSchema = teamInvitationSchema.pick({ email: true, role: true });

interface TeamDialogProps {
  course: ProfessorCourse;
  open: boolean;
  onClose: () => void;
}

/** The owner's team of one course: members, pending invitations, and the invitation form. */
export function TeamDialog({ course, open, onClose }: TeamDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('Team of {{code}}', { code: courseWithSection(course.code, course.section, t('Section')) })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{open && <TeamContent course={course} />}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('Close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TeamContent({ course }: { course: ProfessorCourse }) {
  const { t } = useTranslation();
  const team = useCourseTeam(course.id);
  return (
    <Stack gap="6">
      <Text fontSize="sm" color="fg.muted">
        {t(
          'Co-instructors can do everything you can except delete the course and manage the team. TAs read the feedback, reply and mark it reviewed; they cannot edit the course or create class links.',
        )}
      </Text>
      {team.isLoading && <Skeleton role="status" height="24" aria-label={t('Loading the team')} />}
      {team.isError && <RetryLine fontSize="sm" message={t('Unable to load the team.')} onRetry={() => void team.refetch()} />}
      {team.data && (
        <>
          <Box as="section" aria-labelledby={`team-members-${course.id}`}>
            <Heading as="h3" size="sm" id={`team-members-${course.id}`} mb="2">
              {t('Members')}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Team members')}>
              {team.data.members.map((member) => (
                <MemberRow key={member.userId ?? 'owner'} courseId={course.id} member={member} />
              ))}
            </Stack>
          </Box>
          <Box as="section" aria-labelledby={`team-invitations-${course.id}`}>
            <Heading as="h3" size="sm" id={`team-invitations-${course.id}`} mb="2">
              {t('Pending invitations')}
            </Heading>
            {team.data.invitations.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('No pending invitations.')}
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Pending invitations')}>
                {team.data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} courseId={course.id} invitation={invitation} />
                ))}
              </Stack>
            )}
          </Box>
        </>
      )}
      <InviteForm courseId={course.id} />
    </Stack>
  );
}

/**
 * Makes a change to the team and says how it went in a toast: `done`, or the server's refusal
 * (`failed` when it gave none). Resolves to whether the change was made.
 */
async function changeTeam(change: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
  try {
    await change();
    toaster.create({ type: 'success', title: msg('Success'), description: done });
    return true;
  } catch (error) {
    toaster.create({ type: 'error', title: msg('Error'), description: refusalMessage(error, failed) });
    return false;
  }
}

function MemberRow({ courseId, member }: { courseId: string; member: TeamMember }) {
  const { t } = useTranslation();
  const remove = useRemoveTeamMember();
  const [confirming, setConfirming] = useState(false);
  const userId = member.userId;

  const confirm = async () => {
    if (!userId) return;
    const removed = await changeTeam(
      () => remove.mutateAsync({ courseId, userId }),
      t('{{email}} was removed from the team', { email: member.email }),
      t('Failed to remove the team member'),
    );
    if (!removed) setConfirming(false);
  };

  return (
    <TeamRow
      email={member.email}
      badge={
        <Badge variant="subtle" colorPalette={member.role === 'owner' ? 'purple' : member.role === 'co_instructor' ? 'blue' : 'gray'}>
          {t(ROLE_LABELS[member.role])}
        </Badge>
      }
      action={
        userId &&
        !confirming && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            {t('Remove')}
          </Button>
        )
      }
    >
      {userId && confirming && (
        <Stack direction="row" align="center" gap="2" mt="2" wrap="wrap" role="group" aria-label={t('Confirm removal')}>
          <Text fontSize="sm">{t('Remove {{email}} from the team? They lose access at once.', { email: member.email })}</Text>
          <Button size="xs" colorPalette="red" onClick={confirm} loading={remove.isPending} loadingText={t('Removing...')}>
            {t('Yes, remove')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('Cancel')}
          </Button>
        </Stack>
      )}
    </TeamRow>
  );
}

function InvitationRow({ courseId, invitation }: { courseId: string; invitation: TeamInvitationRow }) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation();
  const run = () =>
    changeTeam(
      () => revoke.mutateAsync({ courseId, invitationId: invitation.id }),
      t('The invitation to {{email}} was revoked', { email: invitation.email }),
      t('Failed to revoke the invitation'),
    );
  return (
    <TeamRow
      email={invitation.email}
      badge={<Badge variant="subtle">{t(ROLE_LABELS[invitation.role])}</Badge>}
      action={
        <Button size="xs" variant="outline" onClick={run} loading={revoke.isPending} loadingText={t('Revoking...')}>
          {t('Revoke')}
        </Button>
      }
    />
  );
}

interface TeamRowProps {
  email: string;
  badge: ReactNode;
  /** The row's button, at its end. */
  action: ReactNode;
  /** Below the row: a member's removal confirmation. */
  children?: ReactNode;
}

/** One line of the team list, a member or a pending invitation: the address, its role, its button. */
function TeamRow({ email, badge, action, children }: TeamRowProps) {
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="2" aria-label={email}>
      <Stack direction="row" justify="space-between" align="center" gap="2" wrap="wrap">
        <Stack direction="row" align="center" gap="2" minW="0">
          <Text fontSize="sm" wordBreak="break-all">
            {email}
          </Text>
          {badge}
        </Stack>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

function InviteForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const invite = useInviteTeamMember();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ resolver: translated(zodResolver(inviteFormSchema)), defaultValues: { email: '', role: 'ta' as const } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ email, role }) => {
    setServerError(null);
    try {
      const sent = await invite.mutateAsync({ courseId, email, role });
      toaster.create({ type: 'success', title: t('Success'), description: t('Invitation sent to {{email}}', { email: sent.email }) });
      form.reset({ email: '', role });
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0;
      setServerError(answered ? withoutStatus(error) : t('Failed to send the invitation. Please try again.'));
    }
  });

  return (
    <Box as="section" aria-labelledby={`team-invite-${courseId}`}>
      <Heading as="h3" size="sm" id={`team-invite-${courseId}`} mb="2">
        {t('Invite a team member')}
      </Heading>
      <form onSubmit={submit} noValidate aria-label={t('Invite a team member')}>
        <Stack gap="3">
          {serverError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{serverError}</Alert.Description>
            </Alert.Root>
          )}
          <Field.Root required invalid={Boolean(errors.email)}>
            <Field.Label>{t('E-mail address')}</Field.Label>
            <Input type="email" autoComplete="off" inputMode="email" maxLength={254} {...form.register('email')} />
            <Field.ErrorText color={ERROR_COLOR}>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.role)}>
            <Field.Label>{t('Role')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('role')}>
                <option value="co_instructor">{t(TEAM_ROLE_LABELS.co_instructor)}</option>
                <option value="ta">{t(TEAM_ROLE_LABELS.ta)}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText color={ERROR_COLOR}>{errors.role?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" alignSelf="flex-start" loading={invite.isPending} loadingText={t('Sending...')}>
            {t('Send Invitation')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

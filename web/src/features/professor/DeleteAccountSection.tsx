import { Box, Button, Dialog, Heading, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { RetryLine } from './RetryLine';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toaster } from '../../shared/ui/toaster';
import { useDeleteAccount } from './api/delete-account';
import { type AccountDeletionPreview, useAccountDeletionPreview } from './api/get-account-deletion-preview';
import { DestructiveDialog, DestructiveFooter } from './DestructiveDialog';
import { useTranslation } from 'react-i18next';

const courseLabel = (course: { code: string; name: string }) => `${course.code} — ${course.name}`;

/** The bottom of /professor: "Delete my account", after a confirmation that names what goes with it. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Box as="section" aria-labelledby="delete-account" mt="12" pt="6" borderTopWidth="1px">
      <Heading as="h2" size="md" id="delete-account" mb="2">
        {t('Delete Account')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t(
          "Deleting your account also deletes the courses you own, with all of their class links and feedback, and ends your memberships of other courses' teaching teams. This cannot be undone.",
        )}
      </Text>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        {t('Delete my account')}
      </Button>
      {/* Each opening reads the courses afresh. */}
      <DestructiveDialog open={open} pending={remove.isPending} onDismiss={() => setOpen(false)} size="md" freshEachOpening>
        <Confirmation remove={remove} />
      </DestructiveDialog>
    </Box>
  );
}

function Confirmation({ remove }: { remove: ReturnType<typeof useDeleteAccount> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, preview, failed, retry } = useAccountDeletionPreview({ enabled: true });
  // Once confirmed, the text stays as it was confirmed.
  const [confirmed, setConfirmed] = useState<AccountDeletionPreview | null>(null);
  const shown = confirmed ?? (loading ? undefined : preview);

  const confirm = async () => {
    setConfirmed(preview ?? null);
    try {
      await remove.mutateAsync(undefined);
      toaster.create({
        type: 'success',
        title: t('Account deleted'),
        description: t('Your account and the courses you owned were deleted'),
      });
      // Signing out drops the session and everything cached for it, then lands on the home page.
      navigate('/api/logout', { replace: true });
    } catch {
      toaster.create({ type: 'error', title: t('Error'), description: t('Failed to delete your account') });
      setConfirmed(null);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('Delete your account?')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {failed && !shown ? (
          <RetryLine message={t('Unable to load your courses.')} onRetry={() => retry()} />
        ) : !shown ? (
          <Skeleton role="status" height="16" aria-label={t('Loading your courses')} />
        ) : (
          <Stack gap="3">
            {shown.ownedCourses.length > 0 ? (
              <>
                <Text>{t('These courses will be deleted with your account, with all of their class links and feedback:')}</Text>
                <List.Root ps="5" aria-label={t('Courses deleted with your account')}>
                  {shown.ownedCourses.map((course) => (
                    <List.Item key={course.id}>
                      <strong>{courseLabel(course)}</strong>
                    </List.Item>
                  ))}
                </List.Root>
              </>
            ) : (
              <Text>{t('You own no courses: none will be deleted.')}</Text>
            )}
            {shown.memberships.length > 0 ? (
              <>
                <Text>{t('Your team memberships end: you leave the teaching teams of')}</Text>
                <List.Root ps="5" aria-label={t('Teaching teams you leave')}>
                  {shown.memberships.map((course) => (
                    <List.Item key={course.id}>{courseLabel(course)}</List.Item>
                  ))}
                </List.Root>
              </>
            ) : (
              <Text>{t("Your team memberships end too (you are on no other course's teaching team).")}</Text>
            )}
            <Text fontWeight="semibold">{t('This cannot be undone.')}</Text>
          </Stack>
        )}
      </Dialog.Body>
      <DestructiveFooter onConfirm={confirm} pending={remove.isPending} disabled={!shown}>
        {t('Delete my account')}
      </DestructiveFooter>
    </>
  );
}

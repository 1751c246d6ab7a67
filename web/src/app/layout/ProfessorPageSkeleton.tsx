import { Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * Where a professor page's content goes while the sign-in is checked (or before the redirect to
 * /api/login), below the page's own header: a screen tall, so the footer does not jump up and back.
 */
export function ProfessorPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('Loading')} minH="100dvh">
      <Skeleton height="10" width={{ base: '70%', md: '40%' }} />
      <Skeleton height="32" />
      <Skeleton height="48" />
    </Stack>
  );
}

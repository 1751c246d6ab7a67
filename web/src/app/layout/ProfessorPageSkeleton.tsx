import { Container, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What a professor page shows while the sign-in is checked (or before the redirect to /api/login). */
export function ProfessorPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="4" role="status" aria-busy="true" aria-label={t('Loading')}>
        <Skeleton height="10" width={{ base: '70%', md: '40%' }} />
        <Skeleton height="32" />
        <Skeleton height="48" />
      </Stack>
    </Container>
  );
}

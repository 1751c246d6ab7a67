import { Box, Container, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, Navigate } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { TitledCard } from '../../shared/ui/TitledCard';
import { useCurrentUser } from '../../shared/api/current-user';
import { useTranslation } from 'react-i18next';
import { StudentsLink } from './StudentsLink';
import { msg } from '../../i18n/msg';

const BENEFITS = [
  msg('Course management with daily feedback links'),
  msg('Student feedback analytics'),
  msg('Privacy-first: students stay anonymous'),
];

/** /auth: the professor sign-in screen (docs/product.md, Screen texts). */
export function AuthPage() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <Container maxW="md" py="12">
        <Stack gap="4" role="status" aria-busy="true" aria-label={t('Loading sign-in')}>
          <Skeleton height="8" width="70%" />
          <Skeleton height="24" />
          <Skeleton height="10" />
        </Stack>
      </Container>
    );
  }
  if (isSignedIn) return <Navigate to="/professor" replace />;

  return (
    <Container maxW="md" py={{ base: '8', md: '12' }}>
      <title>{t('Professor Sign In · ClassPulse')}</title>
      <TitledCard
        as="h1"
        size="2xl"
        title={t('Professor Sign In')}
        description={t('Access your courses, class links and student feedback.')}
      >
        <Stack gap="5">
          <Box borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" color="blue.fg" rounded="md" p="3">
            <Text fontWeight="semibold">{t('For Professors Only')}</Text>
            <Text fontSize="sm">{t('This sign-in is for instructors who manage courses and read feedback.')}</Text>
          </Box>
          <Stack as="ul" gap="2" listStyleType="none">
            {BENEFITS.map((benefit) => (
              <Text as="li" key={benefit}>
                <Box as="span" aria-hidden="true" color="green.fg" fontWeight="bold" me="2">
                  ✓
                </Box>
                {t(benefit)}
              </Text>
            ))}
          </Stack>
          <LinkButton asChild size="lg" width="full">
            <RouterLink to="/api/login">{t('Sign In')}</RouterLink>
          </LinkButton>
          <Text fontSize="sm" color="fg.muted">
            {t("Students don't need to sign in. To give feedback, use the")} <StudentsLink>{t('course search page')}</StudentsLink>.
          </Text>
        </Stack>
      </TitledCard>
    </Container>
  );
}

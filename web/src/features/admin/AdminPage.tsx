import type { ReactNode } from 'react';
import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../shared/ui/LinkButton';
import { TitledCard } from '../../shared/ui/TitledCard';
import { useTranslation } from 'react-i18next';
import { TitledAlert } from '../../shared/ui/TitledAlert';
import { useCurrentUser } from '../../shared/api/current-user';
import { useAppOwner } from './api/get-app-owner';
import { LtiPlatformsSection } from './LtiPlatformsSection';
import { StaffDomainsSection } from './StaffDomainsSection';

/**
 * /admin: the seed's placeholder panel, linked from the landing footer; no role check for it by
 * design. Below it, for a signed-in app owner only, who may sign in as a professor and the
 * learning platforms (LTI 1.3).
 */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <title>{t('Admin Panel · ClassPulse')}</title>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" color="fg.muted">
          <RouterLink to="/">{t('← Back to Home')}</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {t('Admin Panel')}
        </Heading>
        <TitledAlert status="info" title={t('Anonymous Mode Active')}>
          {t(
            'Admin functionality is disabled while ClassPulse runs in anonymous mode. No student accounts or personal data exist to manage.',
          )}
        </TitledAlert>
        <TitledCard title={t('Quick Links')}>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
            <LinkButton asChild variant="outline">
              <RouterLink to="/professor">{t('Professor Dashboard')}</RouterLink>
            </LinkButton>
            <LinkButton asChild variant="outline">
              <RouterLink to="/user-stories">{t('User Stories Management')}</RouterLink>
            </LinkButton>
            <LinkButton asChild variant="solid" colorPalette="red">
              <RouterLink to="/api/logout">{t('Sign Out')}</RouterLink>
            </LinkButton>
          </Stack>
        </TitledCard>
        <TitledAlert status="warning" title={t('Admin Features Disabled')}>
          {t(
            'User management and system settings are not available in this version. Professors export their own feedback as CSV with Export on the',
          )}{' '}
          <DashboardLink>{t('Feedback Dashboard')}</DashboardLink>.
        </TitledAlert>
        <Text fontSize="sm" color="fg.muted">
          {t('Professors manage their own courses and feedback from the professor pages.')}
        </Text>
        <OwnerSections />
      </Stack>
    </Container>
  );
}

/**
 * What only a signed-in app owner sees: who may sign in as a professor, and the learning
 * platforms. Nobody else sees anything more.
 */
function OwnerSections() {
  const { isSignedIn } = useCurrentUser();
  const owner = useAppOwner(isSignedIn);
  if (!isSignedIn || owner.data?.isOwner !== true) return null;
  return (
    <>
      <StaffDomainsSection />
      <LtiPlatformsSection />
    </>
  );
}

function DashboardLink({ children }: { children?: ReactNode }) {
  return (
    <Link asChild color="inherit" textDecoration="underline">
      <RouterLink to="/professor/dashboard">{children}</RouterLink>
    </Link>
  );
}

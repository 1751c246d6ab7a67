import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Outlet, Link as RouterLink, useMatches } from 'react-router';
import { useRequireProfessor } from '../../features/auth/useRequireProfessor';
import type { AuthUser } from '../../shared/api/current-user';
import { LinkButton } from '../../shared/ui/LinkButton';
import { ProfessorPageSkeleton } from './ProfessorPageSkeleton';
import { SignInCheckFailed } from './SignInCheckFailed';
import { useTranslation } from 'react-i18next';

/** What a professor page's route `handle` says about the page around it. */
export interface ProfessorPage {
  /** The tab title, before " · ClassPulse". */
  documentTitle: string;
  heading: string;
  /** A line under the heading; a function when it depends on who is signed in. */
  subtitle?: string | ((user: AuthUser) => string);
  links: { to: string; label: string; variant: 'solid' | 'outline' }[];
}

export interface ProfessorRouteHandle {
  professorPage?: ProfessorPage;
}

function useProfessorPage(): ProfessorPage {
  const page = useMatches()
    .map((match) => (match.handle as ProfessorRouteHandle | undefined)?.professorPage)
    .findLast(Boolean);
  if (!page) throw new Error('A professor route needs handle.professorPage');
  return page;
}

/**
 * Every professor page: the sign-in guard (signed out → toast and /api/login; a failed check → Try
 * again), the skeleton while it is checked, and the page header; the page itself renders below.
 */
export function ProfessorLayout() {
  const { t } = useTranslation();
  const page = useProfessorPage();
  const { user, isChecking, checkFailed, retry } = useRequireProfessor();

  if (checkFailed) return <SignInCheckFailed title={t(page.documentTitle)} onRetry={retry} />;
  if (isChecking || !user) return <ProfessorPageSkeleton />;
  const subtitle = typeof page.subtitle === 'function' ? page.subtitle(user) : page.subtitle && t(page.subtitle);

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{`${t(page.documentTitle)} · ClassPulse`}</title>
      <Stack gap="6">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
          <Box>
            <Heading as="h1" size="2xl">
              {t(page.heading)}
            </Heading>
            {subtitle && (
              <Text color="fg.muted" mt="1">
                {subtitle}
              </Text>
            )}
          </Box>
          <Stack direction="row" gap="2" wrap="wrap">
            {page.links.map((link) => (
              <LinkButton key={link.to} asChild variant={link.variant}>
                <RouterLink to={link.to}>{t(link.label)}</RouterLink>
              </LinkButton>
            ))}
          </Stack>
        </Stack>
        <Outlet />
      </Stack>
    </Container>
  );
}

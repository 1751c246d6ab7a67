import { Box, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
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
 * again) and the page header, drawn at once; below it the page itself, or a skeleton while the
 * sign-in is checked.
 */
export function ProfessorLayout() {
  const { t } = useTranslation();
  const page = useProfessorPage();
  const { user, isChecking, checkFailed, retry } = useRequireProfessor();

  if (checkFailed) return <SignInCheckFailed title={t(page.documentTitle)} onRetry={retry} />;
  const signedIn = !isChecking && user !== null;
  // A subtitle that names the professor waits for them in a line of its own height.
  const subtitle = typeof page.subtitle === 'function' ? (user ? page.subtitle(user) : undefined) : page.subtitle && t(page.subtitle);

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{`${t(page.documentTitle)} · ClassPulse`}</title>
      <Stack gap="6">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4">
          <Box>
            <Heading as="h1" size="2xl">
              {t(page.heading)}
            </Heading>
            {subtitle ? (
              <Text color="fg.muted" mt="1">
                {subtitle}
              </Text>
            ) : (
              typeof page.subtitle === 'function' && !user && <Skeleton height="6" width="16rem" maxW="full" mt="1" />
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
        {signedIn ? <Outlet /> : <ProfessorPageSkeleton />}
      </Stack>
    </Container>
  );
}

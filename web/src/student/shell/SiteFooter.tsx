import { Island } from '../runtime/Island';
import { useT } from '../runtime/useT';
import { AppLink } from '../ui/AppLink';
import { Box, Container, HStack, Link, Stack } from '../ui/primitives';
import LanguageSelect from './LanguageSelect.island';

/** The footer of every page but the landing page: the copyright line to /user-stories, Privacy, Accessibility, the language. */
export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useT();
  return (
    <Box as="footer" borderTopWidth="1px" py="6" textAlign="center" fontSize="sm">
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="center" align="center" gap="4">
          <Link as={AppLink} href="/user-stories" color="fg.muted">
            {t('© {{year}} ClassPulse. All rights reserved.', { year })}
          </Link>
          <HStack as="nav" aria-label={t('Footer')} flexWrap="wrap" justify="center" gap="4">
            <Link as={AppLink} href="/privacy" color="fg.muted">
              {t('Privacy Policy')}
            </Link>
            <Link as={AppLink} href="/accessibility" color="fg.muted">
              {t('Accessibility')}
            </Link>
          </HStack>
          {/* A native select: the first change hydrates it, and the change is made then (shell/settings.tsx). */}
          <Island of={LanguageSelect} props={{}} onFirstUse={{}} />
        </Stack>
      </Container>
    </Box>
  );
}

import { Box, Container, HStack, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSelect } from '../../shared/ui/SettingsSelects';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box as="footer" borderTopWidth="1px" py="6" textAlign="center" fontSize="sm">
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="center" align="center" gap="4">
          <Link asChild color="fg.muted">
            <RouterLink to="/user-stories">
              {t('© {{year}} ClassPulse. All rights reserved.', { year: new Date().getFullYear() })}
            </RouterLink>
          </Link>
          <HStack as="nav" aria-label={t('Footer')} wrap="wrap" justify="center" gap="4">
            <Link asChild color="fg.muted">
              <RouterLink to="/privacy">{t('Privacy Policy')}</RouterLink>
            </Link>
            <Link asChild color="fg.muted">
              <RouterLink to="/accessibility">{t('Accessibility')}</RouterLink>
            </Link>
          </HStack>
          <LanguageSelect />
        </Stack>
      </Container>
    </Box>
  );
}

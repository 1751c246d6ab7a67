import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../shared/ui/LinkButton';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py="16">
      <title>{t('404 Page Not Found · ClassPulse')}</title>
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          {t('404 Page Not Found')}
        </Heading>
        <Text color="fg.muted">{t('The page you are looking for does not exist or has moved.')}</Text>
        <LinkButton asChild variant="outline">
          <RouterLink to="/">{t('Back to Home')}</RouterLink>
        </LinkButton>
      </Stack>
    </Container>
  );
}

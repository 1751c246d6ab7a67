import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { AppShell } from './layout/AppShell';
import { useTranslation } from 'react-i18next';

/** Shown when a page throws or its code fails to load (often: a new version was deployed). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <AppShell>
        <NotFoundPage />
      </AppShell>
    );
  }
  return (
    <AppShell>
      <Container maxW="3xl" py="16">
        <Stack gap="4" align="flex-start">
          <Heading as="h1" size="2xl">
            {t('Something went wrong')}
          </Heading>
          <Text color="fg.muted">{t('This page could not be shown. Reloading usually fixes it.')}</Text>
          <Button onClick={() => window.location.reload()}>{t('Reload page')}</Button>
        </Stack>
      </Container>
    </AppShell>
  );
}

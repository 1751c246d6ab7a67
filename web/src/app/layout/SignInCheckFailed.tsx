import { Alert, Button, Container } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A professor page when the sign-in check itself failed (offline, server error): the visitor may
 * well be signed in, so they are offered a retry rather than sent to sign in again.
 */
export function SignInCheckFailed({ title, onRetry }: { title: string; onRetry: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{`${title} · ClassPulse`}</title>
      <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
        <Alert.Indicator />
        <Alert.Content minW="48">
          <Alert.Title>{t('Unable to check your sign-in')}</Alert.Title>
          <Alert.Description>{t('Please check your connection and try again.')}</Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          loading={retrying}
          loadingText={t('Checking...')}
          onClick={async () => {
            setRetrying(true);
            await onRetry().finally(() => setRetrying(false));
          }}
        >
          {t('Try again')}
        </Button>
      </Alert.Root>
    </Container>
  );
}

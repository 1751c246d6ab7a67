import { Alert, Button, Container } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * A professor page when the sign-in check itself failed (offline, server error): the visitor may
 * well be signed in, so they are offered a retry rather than sent to sign in again.
 */
export function SignInCheckFailed({ title, onRetry }: { title: string; onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{`${title} · ClassPulse`}</title>
      <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
        <Alert.Indicator />
        <Alert.Content minW="48">
          <Alert.Title>Unable to check your sign-in</Alert.Title>
          <Alert.Description>Please check your connection and try again.</Alert.Description>
        </Alert.Content>
        <Button
          size="sm"
          variant="outline"
          loading={retrying}
          loadingText="Checking..."
          onClick={async () => {
            setRetrying(true);
            await onRetry().finally(() => setRetrying(false));
          }}
        >
          Try again
        </Button>
      </Alert.Root>
    </Container>
  );
}

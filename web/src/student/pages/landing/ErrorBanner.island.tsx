import { useEffect, useState } from 'react';
import { useT } from '../../runtime/useT';
import { Alert } from '../../ui/Alert';
import { Container } from '../../ui/primitives';

/**
 * The seed's `?error=` banner: the message, in the page's language (it comes as its English key),
 * once, and the parameter leaves the address bar.
 */
export default function ErrorBanner() {
  const { t } = useT();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const message = url.searchParams.get('error');
    if (message === null) return;
    setError(message);
    url.searchParams.delete('error');
    window.history.replaceState(window.history.state, '', url);
  }, []);
  if (!error) return null;
  return (
    <Container maxW="6xl" pt="6">
      <Alert.Root status="error" variant="solid" role="alert">
        <Alert.Indicator />
        <Alert.Description>{t(error)}</Alert.Description>
      </Alert.Root>
    </Container>
  );
}

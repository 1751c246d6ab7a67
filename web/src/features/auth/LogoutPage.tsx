import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from './api/sign-out';
import { useSessionChanged } from './useSessionChanged';
import { useTranslation } from 'react-i18next';

/** /api/logout: ends the session, forgets everything cached for it, then goes home. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await signOut();
      } catch (error) {
        // The local session is gone either way; the server forgets it when the token expires.
        console.error('Sign-out', error);
      }
      await sessionChanged();
      navigate('/', { replace: true });
    })();
  }, [navigate, sessionChanged]);

  return (
    <Center py="16">
      <Stack align="center" gap="3">
        <Spinner size="lg" aria-hidden="true" />
        <Text role="status">{t('Signing out...')}</Text>
      </Stack>
    </Center>
  );
}

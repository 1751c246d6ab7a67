import { Box, Button, Container, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../shared/api/current-user';
import { ApiError } from '../../lib/errors';
import { withoutStatus } from '../../shared/errorMessage';
import { finishRedirectSignIn } from './api/finish-redirect-sign-in';
import { sendSignInEmail } from './api/send-sign-in-email';
import { CODE_REQUIRED, emailSchema } from './api/sign-in-input';
import { signInWithProvider } from './api/sign-in-with-provider';
import { verifySignInCode } from './api/verify-sign-in-code';
import { authProviders } from './authProviders';
import { useSessionChanged } from './useSessionChanged';
import { pageAfterSignIn } from './pageAfterSignIn';
import { useTranslation } from 'react-i18next';
import { StudentsLink } from './StudentsLink';
import { withNodes } from '../../shared/ui/withNodes';
import { TitledCard } from '../../shared/ui/TitledCard';
import { FormField } from '../../shared/forms/fields';
import { TitledAlert } from '../../shared/ui/TitledAlert';

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'finishing' };

/**
 * A magic link or OAuth provider sent the browser back here with `?code=` or an error, or an
 * invitation link with the session in the fragment (`#access_token=`).
 */
function isRedirectReturn(): boolean {
  const params = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.slice(1));
  return ['code', 'error', 'error_description'].some((name) => params.has(name) || hash.has(name)) || hash.has('access_token');
}

/** /api/login: e-mail sign-in (6-digit code or magic link) and the configured OAuth providers. */
export function LoginPage() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const [step, setStep] = useState<Step>(() => (isRedirectReturn() ? { name: 'finishing' } : { name: 'email' }));
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The address is not one of the staff domains (docs/decisions/staff-domains.md): the alert also
  // links to the course search, where students go without an account.
  const [notStaff, setNotStaff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const finishing = useRef(false);
  const [afterSignIn] = useState(() => pageAfterSignIn(window.location.search));

  const signedIn = async () => {
    await sessionChanged();
    navigate(afterSignIn, { replace: true });
  };

  useEffect(() => {
    if (step.name !== 'finishing' || finishing.current) return;
    finishing.current = true;
    void (async () => {
      try {
        const result = await finishRedirectSignIn();
        if (result.signedIn) return await signedIn();
        setError(t('This sign-in link could not be used. Please ask for a new one.'));
      } catch (failure) {
        setError(withoutStatus(failure) || t('This sign-in link could not be used. Please ask for a new one.'));
      }
      window.history.replaceState(null, '', '/api/login');
      setStep({ name: 'email' });
    })();
    // Runs once, for the URL the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.name]);

  if (step.name !== 'finishing' && !isLoading && isSignedIn && !busy) return <Navigate to={afterSignIn} replace />;

  const sendEmail = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    setNotStaff(false);
    setNotice(null);
    const address = email.trim();
    const checked = emailSchema.safeParse(address);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await sendSignInEmail({ email: address });
      setCode('');
      setStep({ name: 'code', email: address });
      if (step.name === 'code') setNotice(t('We sent a new e-mail.'));
    } catch (failure) {
      setError(withoutStatus(failure) || t('Could not send the sign-in e-mail. Please try again.'));
      setNotStaff(failure instanceof ApiError && failure.code === 'staff_only');
    } finally {
      setBusy(false);
    }
  };

  const verifyCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'code') return;
    setError(null);
    setNotice(null);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(CODE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await verifySignInCode({ email: step.email, code });
      await signedIn();
    } catch (failure) {
      setError(withoutStatus(failure) || t('Sign-in failed. Please try again.'));
      setBusy(false);
    }
  };

  const continueWith = async (provider: string) => {
    setError(null);
    setBusy(true);
    try {
      await signInWithProvider({ provider });
    } catch (failure) {
      setError(withoutStatus(failure) || t('Sign-in failed. Please try again.'));
      setBusy(false);
    }
  };

  const errorAlert = error && (
    <TitledAlert status="error" role="alert" title={t('Sign-in problem')}>
      {error}
      {notStaff && (
        <>
          {' '}
          <StudentsLink>{t('Go to the course search')}</StudentsLink>
        </>
      )}
    </TitledAlert>
  );

  return (
    <Container maxW="md" py={{ base: '8', md: '12' }}>
      <title>{t('Sign In · ClassPulse')}</title>
      <TitledCard as="h1" size="2xl" title={step.name === 'code' ? t('Check your e-mail') : t('Professor Sign In')}>
        {step.name === 'finishing' && (
          <Text role="status" aria-live="polite">
            {t('Signing you in...')}
          </Text>
        )}

        {step.name === 'email' && (
          <Stack gap="5">
            <Text color="fg.muted">
              {t("Enter your e-mail address. We'll send you a 6-digit sign-in code and a sign-in link, so you don't need a password.")}
            </Text>
            {errorAlert}
            <OneFieldForm
              onSubmit={sendEmail}
              label={t('E-mail address')}
              invalid={Boolean(error)}
              busy={busy}
              submit={t('Send sign-in code')}
              submitting={t('Sending...')}
            >
              <Input
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t('you@university.edu')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </OneFieldForm>
            {authProviders.length > 0 && (
              <Stack gap="3" borderTopWidth="1px" pt="4">
                {authProviders.map((provider) => (
                  <Button key={provider.id} variant="outline" width="full" disabled={busy} onClick={() => continueWith(provider.id)}>
                    {t('Continue with {{provider}}', { provider: provider.label })}
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        )}

        {step.name === 'code' && (
          <Stack gap="5">
            <Box role="status" aria-live="polite">
              <Text>{withNodes(t('We sent a sign-in e-mail to {{email}}.'), { email: <strong>{step.email}</strong> })}</Text>
              <Text color="fg.muted" fontSize="sm" mt="1">
                {t(
                  'Type the 6-digit code below, or open the link in the e-mail on this device. The code and the link work once and expire soon.',
                )}
              </Text>
              {notice && (
                <Text fontSize="sm" mt="1">
                  {notice}
                </Text>
              )}
            </Box>
            {errorAlert}
            <OneFieldForm
              onSubmit={verifyCode}
              label={t('Sign-in code')}
              invalid={Boolean(error)}
              busy={busy}
              submit={t('Sign In')}
              submitting={t('Signing in...')}
            >
              <Input
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                placeholder="123456"
                letterSpacing="widest"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/[^\d ]/g, ''))}
              />
            </OneFieldForm>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
              <Button variant="outline" size="sm" disabled={busy} onClick={() => void sendEmail()}>
                {t('Send a new code')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  setNotStaff(false);
                  setNotice(null);
                  setStep({ name: 'email' });
                }}
              >
                {t('Use a different e-mail')}
              </Button>
            </Stack>
          </Stack>
        )}
      </TitledCard>
      <Text fontSize="sm" color="fg.muted" mt="4" textAlign="center">
        {t("Students don't need an account.")} <StudentsLink>{t('Find your course')}</StudentsLink>
      </Text>
    </Container>
  );
}

interface OneFieldFormProps {
  onSubmit: (event: FormEvent) => void;
  label: string;
  invalid: boolean;
  busy: boolean;
  /** The button's text, and what it says while busy. */
  submit: string;
  submitting: string;
  /** The field's input. */
  children: ReactNode;
}

/** A sign-in step's form: one field and a full-width button. */
function OneFieldForm({ onSubmit, label, invalid, busy, submit, submitting, children }: OneFieldFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label={label} invalid={invalid} requiredIndicator={false}>
          {children}
        </FormField>
        <Button type="submit" loading={busy} loadingText={submitting} width="full">
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

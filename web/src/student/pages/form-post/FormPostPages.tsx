import type { ReactNode } from 'react';
import { Island } from '../../runtime/Island';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import { Container, Heading, Stack, Text } from '../../ui/primitives';
import { Notice } from '../../ui/states';
import type { FormPage } from './outcome';
import BackToForm from './BackToForm.island';
import RefusalDetails from './RefusalDetails.island';
import SentFollowUp from './SentFollowUp.island';

/**
 * Where a feedback form posted without JavaScript lands (`/submit/sent`, `/class-session/not-sent`, …,
 * the submissions function's 303): the outcome in plain HTML, which a browser without scripts shows
 * as it is; with them, the private link of what was sent, or the refusal by field with a way back to
 * the form that keeps what was typed.
 */
export function SentPage({ form }: { form: FormPage }) {
  const { t } = useT();
  return (
    <PageShell>
      {/* A screen tall, so the private link's card (drawn from data, last) moves no footer in sight. */}
      <Container maxW="3xl" py={{ base: '8', md: '12' }} minH="100dvh">
        <Stack gap="6">
          <OutcomeNotice tone="success" title={form === 'submit' ? t('Submission Sent!') : t('Submitted!')}>
            <Text>
              {form === 'submit'
                ? t('Thank you for your feedback. Your submission has been sent anonymously.')
                : t('Your feedback has been submitted anonymously.')}
            </Text>
          </OutcomeNotice>
          <Island of={SentFollowUp} props={{ form }} />
        </Stack>
      </Container>
    </PageShell>
  );
}

export function NotSentPage({ form }: { form: FormPage }) {
  const { t } = useT();
  return (
    <PageShell>
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <Stack gap="6">
          <OutcomeNotice tone="error" title={t('Your feedback was not sent')}>
            <Text>{t('Nothing was saved. Go back to the form, where what you typed is kept, and send it again.')}</Text>
            <Island of={RefusalDetails} props={{}} />
          </OutcomeNotice>
          <Island of={BackToForm} props={{ form }} />
        </Stack>
      </Container>
    </PageShell>
  );
}

/** The outcome of a form post, said first on its page: a status when sent, an alert when not. */
function OutcomeNotice({ tone, title, children }: { tone: 'success' | 'error'; title: string; children: ReactNode }) {
  return (
    <Notice tone={tone} role={tone === 'success' ? 'status' : 'alert'}>
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Notice>
  );
}

import { Island } from '../../runtime/Island';
import { PageShell } from '../../shell/PageShell';
import { Container } from '../../ui/primitives';
import SessionFeedback from './SessionFeedback.island';

/**
 * What a class QR code opens, /class/{token}: Session Feedback itself, its form usable from the
 * first paint, while its island finds the class session the token names (issue 52: one page load).
 */
export default function ClassLinkPage() {
  return (
    <PageShell>
      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Island of={SessionFeedback} props={{ classLink: true }} />
      </Container>
    </PageShell>
  );
}

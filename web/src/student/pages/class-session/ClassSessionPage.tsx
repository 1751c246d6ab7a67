import { Island } from '../../runtime/Island';
import { PageShell } from '../../shell/PageShell';
import { Container } from '../../ui/primitives';
import SessionFeedback from './SessionFeedback.island';

/** The seed's Variant B "Session Feedback" at /class-session?courseId=…&sessionId=…. */
export default function ClassSessionPage() {
  return (
    <PageShell>
      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Island of={SessionFeedback} props={{ classLink: false }} />
      </Container>
    </PageShell>
  );
}

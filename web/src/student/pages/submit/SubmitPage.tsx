import { Island } from '../../runtime/Island';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import NewSubmission from './NewSubmission.island';
import { QuickFeedbackLayout } from './QuickFeedbackLayout';

/** The seed's Variant A ("submission screen") at /submit: `?courseId=` preselects the course, `?sessionId=` names the session. */
export default function SubmitPage() {
  const { t } = useT();
  return (
    <PageShell>
      <QuickFeedbackLayout title={t('Share What Confused You')}>
        <Island of={NewSubmission} props={{}} />
      </QuickFeedbackLayout>
    </PageShell>
  );
}

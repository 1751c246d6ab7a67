import { Island } from '../../runtime/Island';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import { QuickFeedbackLayout } from '../submit/QuickFeedbackLayout';
import TrackedSubmission from './TrackedSubmission.island';

/** /track/{editToken}: the submission that private link opens, of either variant (docs/product.md, Web routes). */
export default function TrackPage() {
  const { t } = useT();
  return (
    <PageShell>
      <QuickFeedbackLayout title={t('Your Anonymous Feedback')}>
        <Island of={TrackedSubmission} props={{}} />
      </QuickFeedbackLayout>
    </PageShell>
  );
}

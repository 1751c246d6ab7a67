import { useT } from '../../runtime/useT';
import { Badge } from '../../ui/primitives';
import type { StoryStatus } from './api/get-user-stories';
import { STATUS_PALETTE, STORY_STATUS_LABELS } from './status';

export function StatusBadge({ status }: { status: StoryStatus }) {
  const { t } = useT();
  return (
    <Badge className={STATUS_PALETTE[status]} variant="subtle" data-status={status}>
      {t(STORY_STATUS_LABELS[status] ?? status)}
    </Badge>
  );
}

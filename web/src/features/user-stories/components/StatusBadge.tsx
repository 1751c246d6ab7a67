import { Badge } from '@chakra-ui/react';
import type { StoryStatus } from '../api/get-user-stories';
import { STATUS_COLOR, STORY_STATUS_LABELS } from '../status';

export function StatusBadge({ status }: { status: StoryStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-status={status}>
      {STORY_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

import { Badge } from '@chakra-ui/react';
import type { StoryStatus } from '../api/get-user-stories';
import { STATUS_COLOR, STORY_STATUS_LABELS } from '../status';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ status }: { status: StoryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-status={status}>
      {t(STORY_STATUS_LABELS[status] ?? status)}
    </Badge>
  );
}

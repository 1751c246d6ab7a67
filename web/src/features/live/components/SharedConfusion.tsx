import { Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSharedConfusion } from '../../../shared/api/get-shared-confusion';
import { SectionCard } from '../../../shared/ui/SectionCard';
import { SharedConfusionList } from '../../../shared/ui/SharedConfusionList';
import { LIVE_POLL_MS } from '../api/get-live-session';
import { GroupReply } from './GroupReply';

/** Today's texts ranked by how many students share them, similar ones grouped; refreshed with the live view. */
export function SharedConfusion({ courseId, replied }: { courseId: string; replied: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shared = useSharedConfusion(courseId, { pollMs: LIVE_POLL_MS });
  return (
    <SectionCard
      id="shared-confusion"
      title={t('Shared confusion')}
      description={t('Ranked by how many students share each confusion: the one who wrote it and those who said "Me too".')}
    >
      {shared.isPending && <Skeleton role="status" height="24" aria-label={t('Loading shared confusion')} />}
      {shared.isError && !shared.data && <Text color="fg.muted">{t('Unable to load shared confusion')}</Text>}
      {shared.data && shared.data.groups.length === 0 && <Text color="fg.muted">{t('No comments yet.')}</Text>}
      {shared.data && shared.data.groups.length > 0 && (
        <SharedConfusionList groups={shared.data.groups} renderActions={(group) => <GroupReply group={group} replied={replied} />} />
      )}
    </SectionCard>
  );
}

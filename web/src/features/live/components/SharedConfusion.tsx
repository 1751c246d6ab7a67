import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSharedConfusion } from '../../../shared/api/get-shared-confusion';
import { SectionCard } from '../../../shared/ui/SectionCard';
import { SharedConfusionList } from '../../../shared/ui/SharedConfusionList';
import { LIVE_POLL_MS } from '../api/get-live-session';
import { GroupReply } from './GroupReply';
import { MergeGroup } from './MergeGroup';
import { NotThisGroup } from './NotThisGroup';

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
        <SharedConfusionList
          groups={shared.data.groups}
          renderActions={(group) => (
            <Stack gap="0" align="start">
              <MergeGroup courseId={courseId} group={group} groups={shared.data.groups} />
              <GroupReply group={group} replied={replied} />
            </Stack>
          )}
          renderTextActions={(_, text) => <NotThisGroup courseId={courseId} text={text} />}
        />
      )}
      {shared.data && shared.data.pending > 0 && (
        <Text color="fg.muted" fontSize="sm" mt="2">
          {t('Grouping {{n}} more texts…', { n: shared.data.pending })}
        </Text>
      )}
    </SectionCard>
  );
}

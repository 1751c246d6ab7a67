import { Box, Stack, Text } from '@chakra-ui/react';
import { msg } from '../../../i18n/msg';
import { ReplyBox } from '../../../shared/ui/ReplyBox';
import type { LiveSnapshot } from '../api/get-live-session';
import { SectionCard } from '../../../shared/ui/SectionCard';
import { useTranslation } from 'react-i18next';

export const TIMING_NOTE = msg(
  'Comments appear in shuffled groups of three, without times, so no one can be recognised by when they wrote.',
);

/** What students found unclear, newest group first, each with Reply. */
export function LiveTexts({ live }: { live: LiveSnapshot }) {
  const { t } = useTranslation();
  const batches = [...live.texts].reverse();
  return (
    <SectionCard id="live-texts" title={t('What students found unclear')} description={t(TIMING_NOTE)}>
      <Stack gap="4">
        {live.pendingTexts > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="pending-texts">
            {live.pendingTexts === 1
              ? t('1 comment is waiting for a group of three.')
              : t('{{n}} comments are waiting for a group of three.', { n: live.pendingTexts })}
          </Text>
        )}
        {batches.length === 0 && live.pendingTexts === 0 && <Text color="fg.muted">{t('No comments yet.')}</Text>}
        {batches.map((batch) => (
          <Stack as="ul" key={batch.batch} gap="2" listStyleType="none" aria-label={t('Group {{n}}', { n: batch.batch + 1 })}>
            {batch.items.map((item) => (
              <Box as="li" key={item.id} borderWidth="1px" rounded="md" p="3" data-testid="live-text">
                <Text whiteSpace="pre-line" wordBreak="break-word">
                  {item.text}
                </Text>
                <ReplyBox
                  submissionId={item.id}
                  reply={live.replies[item.id] ? { submissionId: item.id, ...live.replies[item.id]! } : null}
                  about={item.text.slice(0, 60)}
                />
              </Box>
            ))}
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}

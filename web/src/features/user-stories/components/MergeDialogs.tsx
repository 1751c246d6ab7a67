import { Box, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { UserStory } from '../api/get-user-stories';
import { useMergeStories } from '../storyActions';
import { StoryDialog } from './StoryDialog';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';

interface MergeDialogsProps {
  /** The story whose Merge button was pressed; null when closed. */
  source: UserStory | null;
  stories: UserStory[];
  onClose: () => void;
}

const votes = (n: number) => (n === 1 ? i18n.t('{{n}} vote', { n }) : i18n.t('{{n}} votes', { n }));

/**
 * Merge, in two steps (docs/product.md, Screen texts): pick the other story ("Select Story to Merge With", a 300 px list of
 * the other stories with votes and ICE), then choose which one to keep ("Merge User Stories"). The
 * other is marked merged; its votes move to the kept story, each voter counted once.
 */
export function MergeDialogs({ source, stories, onClose }: MergeDialogsProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<UserStory | null>(null);
  const merge = useMergeStories();
  const close = () => {
    setTarget(null);
    onClose();
  };
  const others = source ? stories.filter((story) => story.id !== source.id) : [];

  const keep = (kept: UserStory, merged: UserStory) => merge.mutate({ keepId: kept.id, mergeId: merged.id }, { onSuccess: close });

  return (
    <>
      <StoryDialog
        open={source !== null && target === null}
        onClose={close}
        title={t('Select Story to Merge With')}
        description={source && t('Choose the story that duplicates “{{title}}”.', { title: source.title })}
        footer={
          <Button variant="outline" onClick={close}>
            {t('Cancel')}
          </Button>
        }
      >
        {others.length === 0 ? (
          <Text color="fg.muted">{t('There are no other stories to merge with.')}</Text>
        ) : (
          <Box h="300px" overflowY="auto" borderWidth="1px" borderRadius="md" data-testid="merge-picker">
            <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
              {others.map((story) => (
                <Box as="li" key={story.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                  <Button
                    variant="ghost"
                    w="full"
                    h="auto"
                    py="2"
                    px="3"
                    justifyContent="space-between"
                    textAlign="start"
                    whiteSpace="normal"
                    onClick={() => setTarget(story)}
                  >
                    <Text as="span" flex="1" fontWeight="normal">
                      {story.title}
                    </Text>
                    <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                      {votes(story.upvoteCount)} · {t('ICE {{score}}', { score: story.iceScore })}
                    </Text>
                  </Button>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </StoryDialog>

      <StoryDialog
        open={source !== null && target !== null}
        onClose={close}
        title={t('Merge User Stories')}
        description={t(
          'Choose which story to keep as the primary. The other will be marked as merged, and its votes move to the primary story (each voter counted once).',
        )}
        footer={
          <Button variant="outline" onClick={close} disabled={merge.isPending}>
            {t('Cancel')}
          </Button>
        }
      >
        {source && target && (
          <Stack gap="3">
            {(
              [
                [source, target],
                [target, source],
              ] as const
            ).map(([kept, merged]) => (
              <Card.Root key={kept.id} variant="outline" size="sm">
                <Card.Body gap="2">
                  <Text fontWeight="medium">{kept.title}</Text>
                  <Flex align="center" justify="space-between" gap="2" wrap="wrap">
                    <Text fontSize="sm" color="fg.muted">
                      {votes(kept.upvoteCount)} · {t('ICE {{score}}', { score: kept.iceScore })}
                    </Text>
                    <Button
                      size="sm"
                      onClick={() => keep(kept, merged)}
                      loading={merge.isPending && merge.variables?.keepId === kept.id}
                      disabled={merge.isPending}
                      aria-label={t('Keep “{{title}}” as primary', { title: kept.title })}
                    >
                      {t('Keep as Primary')}
                    </Button>
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </StoryDialog>
    </>
  );
}

import { useState } from 'react';
import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { styled } from 'styled-system/jsx';
import { Box, Button, Flex, Stack, Text } from '../../ui/primitives';
import type { UserStory } from './api/get-user-stories';
import { mergeStories } from './storyActions';
import { StoryDialog } from './StoryDialog';

interface MergeDialogsProps {
  /** The story whose Merge button was pressed; null when closed. */
  source: UserStory | null;
  stories: UserStory[];
  onClose: () => void;
  /** After the two stories were merged. */
  onMerged: () => void;
}

/** "5 votes · ICE 23" */
function useStoryFigures() {
  const { t } = useT();
  return ({ upvoteCount: n, iceScore: score }: UserStory) =>
    `${n === 1 ? t('{{n}} vote', { n }) : t('{{n}} votes', { n })} · ${t('ICE {{score}}', { score })}`;
}

/**
 * Merge, in two steps (docs/product.md, Screen texts): pick the other story ("Select Story to Merge With", a 300 px list of
 * the other stories with votes and ICE), then choose which one to keep ("Merge User Stories"). The
 * other is marked merged; its votes move to the kept story, each voter counted once.
 */
export function MergeDialogs({ source, stories, onClose, onMerged }: MergeDialogsProps) {
  const { t } = useT();
  const figures = useStoryFigures();
  const [target, setTarget] = useState<UserStory | null>(null);
  const [keeping, setKeeping] = useState<string | null>(null);
  const close = () => {
    setTarget(null);
    onClose();
  };
  const others = source ? stories.filter((story) => story.id !== source.id) : [];

  const keep = async (kept: UserStory, merged: UserStory) => {
    setKeeping(kept.id);
    const done = await mergeStories(kept.id, merged.id);
    setKeeping(null);
    if (!done) return;
    close();
    onMerged();
  };

  return (
    <>
      <StoryDialog
        id="merge-picker"
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
                <Box as="li" key={story.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
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
                    <styled.span flex="1" fontWeight="normal">
                      {story.title}
                    </styled.span>
                    <styled.span fontSize="xs" color="fg.muted" flexShrink="0">
                      {figures(story)}
                    </styled.span>
                  </Button>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </StoryDialog>

      <StoryDialog
        id="merge-confirm"
        open={source !== null && target !== null}
        onClose={close}
        title={t('Merge User Stories')}
        description={t(
          'Choose which story to keep as the primary. The other will be marked as merged, and its votes move to the primary story (each voter counted once).',
        )}
        footer={
          <Button variant="outline" onClick={close} disabled={keeping !== null}>
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
                      {figures(kept)}
                    </Text>
                    <Button
                      size="sm"
                      onClick={() => void keep(kept, merged)}
                      loading={keeping === kept.id}
                      disabled={keeping !== null}
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

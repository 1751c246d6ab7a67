import { Button, Flex } from '@chakra-ui/react';
import type { UserStory } from '../api/get-user-stories';
import { useDeleteStory } from '../storyActions';
import { StoryDialog } from './StoryDialog';
import { useTranslation } from 'react-i18next';

/** Asks before a story, its votes and the duplicates merged into it are removed for good. */
export function DeleteDialog({ story, onClose }: { story: UserStory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteStory();
  return (
    <StoryDialog
      open={story !== null}
      onClose={onClose}
      title={t('Delete User Story')}
      description={
        story && t('“{{title}}”, its votes and any stories merged into it will be removed. This cannot be undone.', { title: story.title })
      }
      footer={
        <Flex gap="3">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('Cancel')}
          </Button>
          <Button colorPalette="red" loading={remove.isPending} onClick={() => story && remove.mutate(story.id, { onSettled: onClose })}>
            {t('Delete')}
          </Button>
        </Flex>
      }
    />
  );
}

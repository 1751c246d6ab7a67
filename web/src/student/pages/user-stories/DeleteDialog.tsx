import { useState } from 'react';
import { useT } from '../../runtime/useT';
import { Button, Flex } from '../../ui/primitives';
import type { UserStory } from './api/get-user-stories';
import { deleteStory } from './storyActions';
import { StoryDialog } from './StoryDialog';

interface DeleteDialogProps {
  /** The story whose Delete was pressed; null when closed. */
  story: UserStory | null;
  onClose: () => void;
  /** After the story was deleted. */
  onDeleted: () => void;
}

/** Asks before a story, its votes and the duplicates merged into it are removed for good. */
export function DeleteDialog({ story, onClose, onDeleted }: DeleteDialogProps) {
  const { t } = useT();
  const [pending, setPending] = useState(false);
  const remove = async (id: string) => {
    setPending(true);
    const deleted = await deleteStory(id);
    setPending(false);
    onClose();
    if (deleted) onDeleted();
  };
  return (
    <StoryDialog
      id="delete-story"
      open={story !== null}
      onClose={onClose}
      title={t('Delete User Story')}
      description={
        story && t('“{{title}}”, its votes and any stories merged into it will be removed. This cannot be undone.', { title: story.title })
      }
      footer={
        <Flex gap="3">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button colorPalette="red" loading={pending} onClick={() => story && void remove(story.id)}>
            {t('Delete')}
          </Button>
        </Flex>
      }
    />
  );
}

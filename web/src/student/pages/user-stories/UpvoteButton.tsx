import { useT } from '../../runtime/useT';
import { Button, VisuallyHidden } from '../../ui/primitives';
import type { UserStory } from './api/get-user-stories';
import { votesWord } from './storyOrder';
import { Tooltip } from './Tooltip';

interface UpvoteButtonProps {
  story: UserStory;
  onVote: (story: UserStory) => void;
  pending: boolean;
  /** The kanban's smaller button. */
  compact?: boolean;
  /** Unique on the page with the story's id: the list and the kanban are two places. */
  place: 'list' | 'kanban';
}

/**
 * Toggles this browser's vote; pressed while it counts. Its name reads "Upvote, N votes"; the
 * tooltip (the seed's 700 ms open delay) says what pressing it does, since it shows only an arrow.
 */
export function UpvoteButton({ story, onVote, pending, compact = false, place }: UpvoteButtonProps) {
  const { t } = useT();
  return (
    <Tooltip id={`upvote-tip-${place}-${story.id}`} content={story.hasUpvoted ? t('Remove your vote') : t('Vote for this story')}>
      {(trigger) => (
        <Button
          {...trigger}
          size={compact ? 'xs' : 'sm'}
          variant={story.hasUpvoted ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={story.hasUpvoted}
          loading={pending}
          onClick={() => onVote(story)}
          data-testid="upvote"
        >
          <svg
            aria-hidden="true"
            focusable="false"
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 19V5M5 12l7-7 7 7" />
          </svg>
          {/* The spaces (unseen in the flex box) keep the name "Upvote, 2 votes" wherever it is read. */}
          <VisuallyHidden>{t('Upvote,')}</VisuallyHidden> <span data-testid="upvote-count">{story.upvoteCount}</span>{' '}
          <VisuallyHidden>{t(votesWord(story.upvoteCount))}</VisuallyHidden>
        </Button>
      )}
    </Tooltip>
  );
}

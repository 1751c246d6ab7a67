import { useEffect, useMemo, useRef, useState } from 'react';
import { useDrawnInSteps } from '../../runtime/useDrawnInSteps';
import { useMounted } from '../../runtime/useMounted';
import { useRead } from '../../runtime/useRead';
import { useT } from '../../runtime/useT';
import { AppLink } from '../../ui/AppLink';
import { Box, Button, Flex, Heading, LinkButton, Text } from '../../ui/primitives';
import { readOwnerFlag } from './api/browser-state';
import { getOwnerStatus } from './api/get-owner-status';
import { type UserStory, getUserStories } from './api/get-user-stories';
import { BoardTabs } from './BoardTabs';
import { LoadingStories, NoStoriesYet, StoriesFailed, StoryList } from './BoardStates';
import { DeleteDialog } from './DeleteDialog';
import { KanbanBoard } from './KanbanBoard';
import { MergeDialogs } from './MergeDialogs';
import { type OwnerActions, StoryCard } from './StoryCard';
import { StoryForm } from './StoryForm';
import { updateStory, vote } from './storyActions';
import { byIce } from './storyOrder';

/** The owner flag: read from this browser once the island runs, and again once a signed-in account's ownership is known. */
function useOwnerFlag(): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    setFlag(readOwnerFlag());
    getOwnerStatus().then(
      () => setFlag(readOwnerFlag()),
      () => undefined,
    );
  }, []);
  return flag;
}

/**
 * The seed's user stories board: its title and buttons (Sign In, the owner's mode, New Story), the
 * story form, the List and Kanban views of the stories (highest ICE first) with their votes and,
 * in Owner Mode, the owner's controls and dialogs. After every change that was made the list is
 * read again.
 */
export default function StoryBoard() {
  const { t } = useT();
  const mounted = useMounted();
  const board = useRead('user-stories', getUserStories);
  const stories = useMemo(() => byIce(board.data?.stories ?? []), [board.data]);
  // The list's box shows about four cards: the rest are drawn in later tasks, out of sight.
  const drawn = useDrawnInSteps(stories.length, { first: 4, step: 4 });
  const ownerFlag = useOwnerFlag();
  const [ownerMode, setOwnerMode] = useState(true);
  // The open form: a new story (null) or the story edited.
  const [form, setForm] = useState<{ story: UserStory | null } | null>(null);
  const [tab, setTab] = useState<'list' | 'kanban'>('list');
  const [merging, setMerging] = useState<UserStory | null>(null);
  const [deleting, setDeleting] = useState<UserStory | null>(null);
  const [votingFor, setVotingFor] = useState<string>();
  const [, setStatusChanging] = useState<string>();
  // Counts the board's changes: the form's similar stories are read again after one.
  const [version, setVersion] = useState(0);
  const newStoryButton = useRef<HTMLButtonElement>(null);
  const formOpener = useRef<HTMLElement | null>(null);

  const changed = () => {
    setVersion((count) => count + 1);
    board.refetch();
  };

  const openForm = (story: UserStory | null) => {
    formOpener.current = story ? (document.activeElement as HTMLElement | null) : newStoryButton.current;
    setForm({ story });
  };
  // Sent or cancelled: the form goes, and focus goes back to the button that opened it.
  const closeForm = (saved: boolean) => {
    setForm(null);
    if (saved) changed();
    if (formOpener.current?.isConnected) formOpener.current.focus();
  };

  const onVote = async (story: UserStory) => {
    setVotingFor(story.id);
    const result = await vote(story);
    setVotingFor(undefined);
    if (result === null) return;
    // The new count at once, then the list as the server has it.
    if (result !== 'read again' && board.data) {
      board.set({ ...board.data, stories: board.data.stories.map((shown) => (shown.id === story.id ? { ...shown, ...result } : shown)) });
    }
    board.refetch();
  };

  const owner: OwnerActions | undefined =
    ownerFlag && ownerMode
      ? {
          onStatusChange: async (story, status) => {
            // Drawn again either way: a refused change puts the dropdown back on the story's status.
            setStatusChanging(story.id);
            const done = await updateStory(story.id, { status });
            setStatusChanging(undefined);
            if (done) changed();
          },
          onEdit: openForm,
          onMerge: setMerging,
          onDelete: setDeleting,
        }
      : undefined;

  // Loading, failure and empty read the same in both views.
  const boardState =
    board.status === 'pending' ? (
      <LoadingStories />
    ) : board.status === 'error' ? (
      <StoriesFailed onRetry={board.refetch} retrying={board.fetching} />
    ) : stories.length === 0 ? (
      <NoStoriesYet />
    ) : null;

  return (
    <>
      <Flex gap="4" align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Box>
          <Heading as="h1" size="3xl">
            {t('User Stories')}
          </Heading>
          <Text color="fg.muted" mt="1">
            {t('Suggest and vote on features using the ICE framework')}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <LinkButton as={AppLink} href="/api/login" variant="outline">
            {t('Sign In')}
          </LinkButton>
          {ownerFlag && (
            <Button
              variant={ownerMode ? 'solid' : 'outline'}
              colorPalette="purple"
              onClick={() => setOwnerMode((on) => !on)}
              title={ownerMode ? t('Switch to User Mode') : t('Switch to Owner Mode')}
            >
              {ownerMode ? t('Owner Mode') : t('User Mode')}
            </Button>
          )}
          <Button
            ref={newStoryButton}
            aria-expanded={form !== null}
            // Until this island runs the button could do nothing: it says so.
            disabled={!mounted}
            onClick={() => (form ? setForm(null) : openForm(null))}
          >
            {t('New Story')}
          </Button>
        </Flex>
      </Flex>

      {form && <StoryForm key={form.story?.id ?? 'new'} story={form.story} onDone={closeForm} boardVersion={version} />}

      <BoardTabs
        id="stories"
        value={tab}
        onChange={setTab}
        tabs={[
          {
            value: 'list',
            label: t('List'),
            panel: () => (
              <>
                {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
                <Heading as="h2" srOnly>
                  {t('All stories, highest ICE score first')}
                </Heading>
                {boardState ?? (
                  <StoryList>
                    {stories.slice(0, drawn).map((story) => (
                      <StoryCard key={story.id} story={story} onVote={onVote} votePending={votingFor === story.id} owner={owner} />
                    ))}
                  </StoryList>
                )}
              </>
            ),
          },
          {
            value: 'kanban',
            label: t('Kanban'),
            panel: () => (
              <>
                <Heading as="h2" srOnly>
                  {t('Stories by status')}
                </Heading>
                {boardState ?? <KanbanBoard stories={stories} onVote={onVote} pendingVoteId={votingFor} owner={owner} />}
              </>
            ),
          },
        ]}
      />

      <MergeDialogs source={merging} stories={stories} onClose={() => setMerging(null)} onMerged={changed} />
      <DeleteDialog story={deleting} onClose={() => setDeleting(null)} onDeleted={changed} />
    </>
  );
}

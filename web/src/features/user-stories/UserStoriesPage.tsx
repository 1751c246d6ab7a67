import { Alert, Box, Button, Container, Flex, Heading, Link, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { byIce } from './storyOrder';
import { Link as RouterLink } from 'react-router';
import { readOwnerFlag } from './api/browser-state';
import { useOwnerStatus } from './api/get-owner-status';
import { type StoryStatus, type UserStory, useUserStories } from './api/get-user-stories';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useCurrentUser } from '../../shared/api/current-user';
import { useUpdateStory, useVote } from './storyActions';
import { DeleteDialog } from './components/DeleteDialog';
import { KanbanBoard } from './components/KanbanBoard';
import { MergeDialogs } from './components/MergeDialogs';
import { type OwnerActions, StoryCard } from './components/StoryCard';
import { StoryForm } from './components/StoryForm';
import { useTranslation } from 'react-i18next';

/** The list view's scrolling box, and the loading box before it. */
const LIST_HEIGHT = '600px';

/** The list view's scrolling box of cards (also a light page's template, web/src/student/userStories.ts). */
export function StoryList({ children }: { children?: ReactNode }) {
  return (
    <Box h={LIST_HEIGHT} overflowY="auto" borderWidth="1px" borderRadius="md" p={{ base: '2', md: '3' }} data-testid="story-list">
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

/** The board without a story. */
export function NoStoriesYet() {
  const { t } = useTranslation();
  return (
    <Text textAlign="center" py="16" color="fg.muted">
      {t('No user stories yet. Be the first to submit one!')}
    </Text>
  );
}

/** The owner flag: read from the browser, refreshed when a signed-in account's ownership is known. */
function useOwnerFlag(): boolean {
  const { isSignedIn } = useCurrentUser();
  const ownerStatus = useOwnerStatus(isSignedIn);
  const [flag, setFlag] = useState(readOwnerFlag);
  useEffect(() => {
    if (ownerStatus.data) setFlag(readOwnerFlag());
  }, [ownerStatus.data]);
  return flag;
}

export function UserStoriesPage() {
  const { t } = useTranslation();
  const light = useLightPage();
  const stories = useUserStories();
  const ownerFlag = useOwnerFlag();
  const [ownerMode, setOwnerMode] = useState(true);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserStory | null>(null);
  const [tab, setTab] = useState('list');
  const [merging, setMerging] = useState<UserStory | null>(null);
  const [deleting, setDeleting] = useState<UserStory | null>(null);
  const { vote, pendingId } = useVote();
  const update = useUpdateStory();

  const sorted = useMemo(() => byIce(stories.data?.stories ?? []), [stories.data]);
  const showOwnerControls = ownerFlag && ownerMode;

  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
  };
  // A new story sent or cancelled: the form goes, and focus back to the button that opened it.
  const newStoryButton = useRef<HTMLButtonElement>(null);
  const formDone = () => {
    if (!editing) newStoryButton.current?.focus();
    closeForm();
  };

  const owner: OwnerActions | undefined = showOwnerControls
    ? {
        onStatusChange: (story: UserStory, status: StoryStatus) => update.mutate({ id: story.id, changes: { status } }),
        onEdit: (story: UserStory) => {
          setEditing(story);
          setFormOpen(true);
        },
        onMerge: setMerging,
        onDelete: setDeleting,
      }
    : undefined;

  // Loading, failure and empty read the same in both views.
  // The loading line sits in a box of the list's own size (the page's first screen, prerendered), so
  // nothing moves when the stories arrive.
  const boardState = stories.isPending ? (
    <Flex
      role="status"
      align="flex-start"
      justify="center"
      gap="3"
      py="16"
      color="fg.muted"
      h={LIST_HEIGHT}
      borderWidth="1px"
      borderRadius="md"
    >
      <Spinner size="sm" />
      <Text>{t('Loading user stories...')}</Text>
    </Flex>
  ) : stories.isError ? (
    <Alert.Root status="error" alignItems="center" my="6">
      <Alert.Indicator />
      <Alert.Title flex="1">{t('Failed to load user stories')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={() => stories.refetch()} loading={stories.isFetching}>
        {t('Try again')}
      </Button>
    </Alert.Root>
  ) : sorted.length === 0 ? (
    <NoStoriesYet />
  ) : null;

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{t('User Stories · ClassPulse')}</title>
      <Stack gap="6">
        <Flex as="nav" aria-label={t('User stories')} align="center" gap="2" fontSize="sm" color="fg.muted">
          <Link asChild color="fg.muted">
            <RouterLink to="/">{t('← Home')}</RouterLink>
          </Link>
          <Text aria-hidden="true">/</Text>
          <Text fontWeight="semibold" color="fg">
            {t('ClassPulse')}
          </Text>
        </Flex>

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
            <LinkButton asChild variant="outline">
              <RouterLink to="/api/login">{t('Sign In')}</RouterLink>
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
              aria-expanded={formOpen}
              onClick={() => {
                if (formOpen) closeForm();
                else {
                  setEditing(null);
                  setFormOpen(true);
                }
              }}
            >
              {t('New Story')}
            </Button>
          </Flex>
        </Flex>

        {formOpen && <StoryForm key={editing?.id ?? 'new'} story={editing} onDone={formDone} />}

        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line">
          <Tabs.List>
            <Tabs.Trigger value="list">{t('List')}</Tabs.Trigger>
            <Tabs.Trigger value="kanban">{t('Kanban')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="list" pt="4">
            {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
            <Heading as="h2" srOnly>
              {t('All stories, highest ICE score first')}
            </Heading>
            {/* A light page draws the board there (web/src/student/userStories.ts). */}
            <Box display="contents" {...(light ? { [LIGHT.storyBoard]: '' } : {})}>
              {tab === 'list' &&
                (boardState ?? (
                  <StoryList>
                    {sorted.map((story) => (
                      <StoryCard key={story.id} story={story} onVote={vote} votePending={pendingId === story.id} owner={owner} />
                    ))}
                  </StoryList>
                ))}
            </Box>
          </Tabs.Content>
          <Tabs.Content value="kanban" pt="4">
            <Heading as="h2" srOnly>
              {t('Stories by status')}
            </Heading>
            {tab === 'kanban' && (boardState ?? <KanbanBoard stories={sorted} onVote={vote} pendingVoteId={pendingId} owner={owner} />)}
          </Tabs.Content>
        </Tabs.Root>
      </Stack>

      <MergeDialogs source={merging} stories={sorted} onClose={() => setMerging(null)} />
      <DeleteDialog story={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}

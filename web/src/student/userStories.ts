/**
 * Light user stories board (`/user-stories`): the page shows "Loading user stories..." from its
 * HTML while this reads the board as the app does, then draws the list, highest ICE score first,
 * from templates the build rendered of the app's own StoryCard (one per status) and UpvoteButton.
 * Everything else on the board is the app's (New Story, the Kanban tab, votes, the tooltips, the
 * owner's controls): the visitor's first focus or pointer on one of its buttons starts the app,
 * and a tap is kept for it (app/takeover.ts clicks the app's button). A failed read is left for the
 * app, which shows it with "Try again"; a browser with the owner flag gets the app at once.
 */
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from '../app/prerendered';
import { apiConfig } from '../lib/config';
import { queryKeys } from '../lib/queryKeys';
import { LIGHT, USER_STORY_MARKS, type UserStoryPart, userStoryTemplateId } from '../shared/lightPageMarkers';
import { keepSessionToken, readOwnerFlag, readSessionToken } from '../features/user-stories/api/browser-state';
import type { UserStory, UserStoryList } from '../features/user-stories/api/get-user-stories';
import { byIce, votesWord } from '../features/user-stories/storyOrder';
import { replaceAttributes, replaceTexts, template } from './islands';
import { leaveFailureForApp, leaveForApp } from './forms';
import { startAppOnApproach } from './keepTaps';

const slot = (root: HTMLElement) => root.querySelector<HTMLElement>(`[${LIGHT.storyBoard}]`);

export const isUserStoriesPage = (root: HTMLElement) => slot(root) !== null;

/**
 * The façade's read of the board (get-user-stories.ts), keeping the session token as it does.
 * Without a token it carries no header at all, so the browser sends it without a preflight (the
 * function needs no JWT).
 */
async function readBoard(): Promise<UserStoryList> {
  const sent = readSessionToken() ?? undefined;
  const response = await fetch(
    `${apiConfig.supabaseUrl}/functions/v1/user-stories`,
    sent ? { headers: { 'x-session-token': sent } } : undefined,
  );
  if (!response.ok) throw new Error(`the board answered ${response.status}`);
  const answer = (await response.json()) as Partial<UserStoryList>;
  const sessionToken = answer.sessionToken ?? null;
  keepSessionToken(sent, sessionToken);
  return { sessionToken, stories: answer.stories ?? [] };
}

/** A button of the board (not the header's, which the light page runs itself). */
function boardButton(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest('button') : null;
  return button && !button.closest('header') ? button : null;
}

export function setUpUserStories(root: HTMLElement, handOver: () => void, { signal }: { signal: AbortSignal }): () => void {
  let board: UserStoryList | undefined;
  const part = (name: UserStoryPart, language: string) =>
    template(userStoryTemplateId(name, language)).content.cloneNode(true) as DocumentFragment;

  function card(story: UserStory, language: string): DocumentFragment {
    const M = USER_STORY_MARKS;
    const content = part(`card-${story.status}`, language);
    if (story.hasUpvoted) content.querySelector('[data-testid=upvote]')?.replaceWith(part('upvote-on', language));
    if (!story.submittedBy) {
      for (const text of content.querySelectorAll('p')) if (text.textContent?.includes(M.submittedBy)) text.remove();
    }
    replaceTexts(content, [
      [M.title, story.title],
      [M.description, story.description],
      [M.submittedBy, story.submittedBy ?? ''],
      [M.votes, String(story.upvoteCount)],
      [M.impact, String(story.impact)],
      [M.confidence, String(story.confidence)],
      [M.ease, String(story.ease)],
      [M.ice, String(story.iceScore)],
    ]);
    // What a screen reader says after the count, as UpvoteButton words it.
    const unit = content.querySelector('[data-testid=upvote-count]')?.nextElementSibling;
    if (unit) unit.textContent = votesWord(story.upvoteCount);
    for (const element of content.children) replaceAttributes(element, [[M.id, story.id]]);
    return content;
  }

  function draw() {
    const target = slot(root);
    const language = root.getAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    if (!target || !language || !board) return;
    if (board.stories.length === 0) return target.replaceChildren(part('empty', language));
    const list = part('list', language);
    list.querySelector('[data-testid=story-list] > *')?.append(...byIce(board.stories).map((story) => card(story, language)));
    target.replaceChildren(list);
  }

  // The app starts as the visitor comes to a button of the board, a tap before it has taken over kept.
  startAppOnApproach(root, { approached: (target) => boardButton(target) !== null, buttonOf: boardButton }, handOver, { signal });

  // The owner's controls are the app's to show.
  if (readOwnerFlag()) handOver();
  else
    readBoard().then(
      (read) => {
        if (signal.aborted) return;
        board = read;
        leaveForApp(queryKeys.userStories.all, read);
        draw();
      },
      () => {
        if (signal.aborted) return;
        leaveFailureForApp(queryKeys.userStories.all);
        handOver();
      },
    );
  return draw;
}

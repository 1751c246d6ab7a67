import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { OTHER_PAGE_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE, samePage } from './app/prerendered';
import { prefetchFirstPageData } from './app/firstPageData';
import { seedFromLightPage } from './app/lightPageData';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { classPulseSystem } from './app/theme';
import { applyLanguage, initialLanguage } from './i18n/i18n';
import { takeOver } from './app/takeover';
import { restoreReferrerPolicy } from './app/referrerPolicy';
import { keepFocusOnBusyButtons } from './app/keepFocusOnBusyButtons';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
keepFocusOnBusyButtons();

/** Loads the current page's lazy route modules, so the first render is the page itself, as prerendered. */
async function loadCurrentRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/** Runs `onCommit` once, in the commit that first puts the app's page on screen (before any input). */
function OnFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  seedFromLightPage(queryClient);
  prefetchFirstPageData(queryClient, window.location);
  // The build writes each student page's first screen into its HTML (web/scripts/prerender.ts).
  const prerenderedFor = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const ownPage = prerenderedFor !== null && samePage(prerenderedFor, window.location.pathname);
  // The chosen language's catalog comes before the first render, which must not show English first.
  const language = applyLanguage(initialLanguage());
  if (ownPage) await Promise.all([loadCurrentRoutes(), language]);
  else {
    // Another page's prerendered HTML (a host's fallback to index.html): hidden, and replaced now.
    await language;
    root.replaceChildren();
    document.documentElement.removeAttribute(OTHER_PAGE_ATTRIBUTE);
  }
  // Chakra's design system in a task of its own (~45 ms on a desktop, four times that on a slow
  // phone), not in the one that evaluated this code nor in the first render's: Total Blocking Time
  // counts each task's time over 50 ms.
  await nextTask();
  classPulseSystem();
  await nextTask();
  restoreReferrerPolicy();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (!ownPage) {
    // Anywhere else there is nothing on screen to keep: render at once, as without prerendering.
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    root.removeAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE);
    createRoot(root).render(app);
    return;
  }
  // Over the page's own prerendered screen, which stays live (its forms take input) until the app
  // has rendered the same page: a fresh render rather than hydration, so whatever only the browser
  // knows (storage, the query, the clock) can never mismatch it, in a transition, so React renders
  // in short slices, into a hidden container of its own, which takes the prerendered one's place with
  // what the student typed, chose and focused there (app/takeover.ts) in the commit.
  // In the document from the start, though hidden: react-hook-form keeps only fields that are
  // (a radio group registered while detached keeps only its last radio).
  const appRoot = document.createElement('div');
  appRoot.style.display = 'none';
  root.after(appRoot);
  let taken = false;
  const swap = () => {
    if (taken) return;
    taken = true;
    takeOver(root, appRoot);
  };
  const reactRoot = createRoot(appRoot);
  startTransition(() => reactRoot.render(<OnFirstCommit onCommit={swap}>{app}</OnFirstCommit>));
}

void start(container);

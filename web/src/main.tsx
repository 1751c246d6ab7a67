import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { OTHER_PAGE_ATTRIBUTE, PRERENDERED_ATTRIBUTE, samePage } from './app/prerendered';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

async function start(root: HTMLElement) {
  // The build writes each student page's first screen into its HTML (web/scripts/prerender.ts).
  const prerenderedFor = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const hydrate = prerenderedFor !== null && samePage(prerenderedFor, window.location.pathname);
  if (hydrate) await loadCurrentRoutes();
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) {
    // A transition lets React hydrate in short slices, so a tap during start-up is not blocked.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // Another page's prerendered HTML (a host's fallback to index.html): hidden until this replaces it.
    root.replaceChildren();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    document.documentElement.removeAttribute(OTHER_PAGE_ATTRIBUTE);
    createRoot(root).render(app);
  }
}

void start(container);

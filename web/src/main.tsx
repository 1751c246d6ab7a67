import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { applyLanguage, initialLanguage } from './i18n/i18n';
import { keepFocusOnBusyButtons } from './shared/keepFocusOnBusyButtons';
// The site's header and footer are the student pages' own components (web/src/student/shell/),
// styled by the CSS Panda makes at build time: the app loads that stylesheet too.
import './student/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');
keepFocusOnBusyButtons();

async function start(root: HTMLElement) {
  // The chosen language's catalog comes before the first render, which must not show English first.
  await applyLanguage(initialLanguage());
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>,
  );
}

void start(container);

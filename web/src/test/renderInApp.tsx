// Renders a professor-app component as the app does (its providers: the translator, Chakra, a query
// cache of its own, the toaster) into the test's document, for component tests in a DOM
// (the `app-components` project). React's own renderer and Testing Library's DOM queries.
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/dom';
import type { ReactNode } from 'react';
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { AppProviders } from '../app/providers';
// Testing Library's events and waits in React's act(), for every test that renders this way.
import './testingLibraryInAct';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export async function renderInApp(ui: ReactNode): Promise<{ unmount: () => Promise<void> }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  });
  return {
    unmount: async () => {
      await act(async () => root?.unmount());
      container.remove();
      queryClient.clear();
    },
  };
}

export { screen };

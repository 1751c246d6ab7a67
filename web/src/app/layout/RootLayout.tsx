import { Outlet, useMatches } from 'react-router';
import { AppShell } from './AppShell';

/** Route `handle` a page can set: `{ ownFooter: true }` hides the shared footer. */
export interface RouteHandle {
  ownFooter?: boolean;
}

export function RootLayout() {
  const ownFooter = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.ownFooter);
  return (
    <AppShell showFooter={!ownFooter}>
      <Outlet />
    </AppShell>
  );
}

import { ChakraProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { classPulseSystem } from './theme';

// No toast can exist before the first interaction, so its ~8 KB gzip view stays off the critical path.
const Toaster = lazy(() => import('../shared/ui/Toaster'));

/**
 * `queryClient`: made by the caller, so the browser entry can start the first page's requests before it renders.
 * `toaster`: off in the build's prerender, as no toast exists before the app (a light page has its own, student/toast.ts).
 */
export function AppProviders({
  queryClient,
  toaster = true,
  children,
}: {
  queryClient: QueryClient;
  toaster?: boolean;
  children: ReactNode;
}) {
  return (
    // The instance by context rather than react-i18next's module global, which the build's prerender did not see.
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={classPulseSystem()}>
        <QueryClientProvider client={queryClient}>
          {children}
          {toaster && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>
  );
}

import { ChakraProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { classPulseSystem } from './theme';

// No toast can exist before the first interaction, so its ~8 KB gzip view stays off the critical path.
const Toaster = lazy(() => import('../shared/ui/Toaster'));

/** The professor app's providers: the translator, Chakra, the query cache (made by the caller), the toaster. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={classPulseSystem()}>
        <QueryClientProvider client={queryClient}>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </ChakraProvider>
    </I18nextProvider>
  );
}

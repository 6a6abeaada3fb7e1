import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from '../lib/router';
import { AuthModalProvider } from '../features/auth/auth-modal';
import type { InitialData } from '../lib/initial-data';
import { CurrentPage } from './current-page';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { createQueryClient, seedQueryCache } from './query-client';

/**
 * The declarative BrowserRouter is enough: pages are chosen by `resolvePage`, not by route
 * matching, and it weighs about 18 KB gzip less than the data router, which keeps the entry
 * chunk inside its budget.
 */
export function AppProviders({ initialData }: { initialData: InitialData }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryCache(client, initialData);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* Last resort for failures in the layout itself; pages have their own boundary inside it. */}
        <ErrorBoundary>
          <AuthModalProvider>
            <AppLayout>
              <CurrentPage />
            </AppLayout>
          </AuthModalProvider>
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { AppToaster } from './toaster.tsx';

/**
 * What every route relies on. Tests pass their own QueryClient to start from an empty cache. The
 * tooltip provider (delays of docs/product/constants.md#toasts-and-tooltips) sits in the dashboard
 * layout instead: Radix Tooltip brings its positioning engine along, about 17 KiB gzip that the
 * public home page does not use.
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}

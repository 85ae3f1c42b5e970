import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AppError } from '#shared/errors/index.ts';
import { reportError } from '../lib/errors.ts';

// The numbers of docs/product/constants.md#query-cache. These are the library's settings, so they
// live here and nowhere else.
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 1;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** Back-off doubling from 1 s to at most 30 s (docs/product/constants.md#data-fetching-retries). */
export const retryDelay = (attempt: number): number =>
  Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);

/**
 * One retry, and only for errors the catalogue calls retryable: asking again after a 404 or a
 * 403 only delays the message the user needs to see.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRY_COUNT) return false;
  return error instanceof AppError ? error.record.retryable : true;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The caller shows the error itself (inline); skip the global toast. */
      handlesErrors?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.handlesErrors) return;
        reportError(error);
      },
    }),
    // Mutations report nothing globally: every form shows its own error next to what was typed.
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

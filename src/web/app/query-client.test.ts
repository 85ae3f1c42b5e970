import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client.ts';

describe('query client (docs/product/constants.md#query-cache)', () => {
  it('keeps data fresh for 5 minutes, collects it after 5 minutes and ignores window focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.gcTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.retryDelay).toBe(retryDelay);
  });

  it('retries once, and only errors the catalogue calls retryable', () => {
    const network = AppError.from('NETWORK_ERROR');
    const notFound = AppError.from('NOT_FOUND');
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, network)).toBe(false);
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, new Error('plain'))).toBe(true);
  });

  it('backs off doubling from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AccountSyncState } from '#shared/contracts/analytics.contract.ts';
import { isSyncing } from './use-analytics-queries.ts';

const now = Date.parse('2026-11-28T12:00:00Z');
const state = (over: Partial<AccountSyncState>): AccountSyncState => ({
  accountId: 'a',
  status: 'ok',
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastError: null,
  unavailableReason: null,
  nextSyncAt: '2026-11-29T12:00:00Z',
  backfilledFrom: '2026-08-30',
  ...over,
});

describe('isSyncing', () => {
  it('is true before the first sync, during a backfill and when a sync is due', () => {
    expect(isSyncing([state({ status: 'never', nextSyncAt: null })], now)).toBe(true);
    expect(isSyncing([state({ status: 'backfilling' })], now)).toBe(true);
    expect(isSyncing([state({ nextSyncAt: '2026-11-28T11:59:00Z' })], now)).toBe(true);
  });
  it('is false when every account is done, or failed and waiting for its retry', () => {
    expect(isSyncing([state({})], now)).toBe(false);
    expect(isSyncing([state({ status: 'failed', nextSyncAt: '2026-11-28T11:00:00Z' })], now)).toBe(
      false,
    );
    expect(isSyncing([], now)).toBe(false);
    expect(isSyncing(undefined, now)).toBe(false);
  });
});

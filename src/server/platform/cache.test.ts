import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SERVICE_CACHE_MAX_ENTRIES,
  SERVICE_CACHE_SWEEP_MS,
  SERVICE_CACHE_TTL_MS,
  ServiceCache,
} from './cache.ts';

// lru-cache keeps its own reference to the real `performance` object, which fake timers replace
// only on globalThis; the real object's clock is pointed at the fake one for these tests.
const realPerformance = globalThis.performance;

let cache: ServiceCache;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(realPerformance, 'now').mockImplementation(() => Date.now());
  cache = new ServiceCache();
});
afterEach(() => {
  cache.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function loader<T>(value: T) {
  return vi.fn(async () => value);
}

describe('ServiceCache (docs/product/constants.md#service-cache)', () => {
  it('has the product numbers: 300000 ms, 1000 entries, swept every 5 minutes', () => {
    expect(SERVICE_CACHE_TTL_MS).toBe(300_000);
    expect(SERVICE_CACHE_MAX_ENTRIES).toBe(1000);
    expect(SERVICE_CACHE_SWEEP_MS).toBe(300_000);
  });

  it('loads once and answers the same key from memory', async () => {
    const load = loader(['a']);
    expect(await cache.getOrLoad('t1', 'k', load)).toEqual(['a']);
    expect(await cache.getOrLoad('t1', 'k', load)).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps tenants apart, and invalidating one tenant leaves the others', async () => {
    await cache.getOrLoad('t1', 'k', loader(1));
    await cache.getOrLoad('t2', 'k', loader(2));
    cache.invalidateTenant('t1');
    const reload1 = loader(10);
    const reload2 = loader(20);
    expect(await cache.getOrLoad('t1', 'k', reload1)).toBe(10);
    expect(await cache.getOrLoad('t2', 'k', reload2)).toBe(2);
    expect(reload1).toHaveBeenCalledTimes(1);
    expect(reload2).not.toHaveBeenCalled();
  });

  it('does not keep a failed load', async () => {
    await expect(
      cache.getOrLoad('t1', 'k', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.getOrLoad('t1', 'k', loader('ok'))).toBe('ok');
  });

  it('serves an entry for 300000 ms and reloads it after', async () => {
    await cache.getOrLoad('t1', 'k', loader('first'));
    vi.advanceTimersByTime(SERVICE_CACHE_TTL_MS - 1);
    const early = loader('second');
    expect(await cache.getOrLoad('t1', 'k', early)).toBe('first');
    expect(early).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2);
    const late = loader('second');
    expect(await cache.getOrLoad('t1', 'k', late)).toBe('second');
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('serves an entry given a shorter life only that long, and the others their 300000 ms', async () => {
    await cache.getOrLoad('t1', 'short', loader('first'), { ttlMs: 60_000 });
    await cache.getOrLoad('t1', 'long', loader('first'));
    vi.advanceTimersByTime(60_000 - 1);
    expect(await cache.getOrLoad('t1', 'short', loader('second'), { ttlMs: 60_000 })).toBe('first');

    vi.advanceTimersByTime(2);
    const late = loader('second');
    expect(await cache.getOrLoad('t1', 'short', late, { ttlMs: 60_000 })).toBe('second');
    expect(late).toHaveBeenCalledTimes(1);
    expect(await cache.getOrLoad('t1', 'long', loader('second'))).toBe('first');
  });

  it('keeps at most 1000 entries and evicts the least recently used', async () => {
    for (let i = 0; i < SERVICE_CACHE_MAX_ENTRIES; i += 1) {
      await cache.getOrLoad('t1', `k${i}`, loader(i));
    }
    expect(cache.size).toBe(1000);
    // k0 is used again, so k1 becomes the least recently used.
    await cache.getOrLoad('t1', 'k0', loader(-1));
    await cache.getOrLoad('t1', 'k1000', loader(1000));
    expect(cache.size).toBe(1000);

    const k0 = loader(-1);
    expect(await cache.getOrLoad('t1', 'k0', k0)).toBe(0);
    expect(k0).not.toHaveBeenCalled();
    const k1 = loader(-1);
    expect(await cache.getOrLoad('t1', 'k1', k1)).toBe(-1);
    expect(k1).toHaveBeenCalledTimes(1);
  });

  it('removes expired entries every 5 minutes without being asked', async () => {
    await cache.getOrLoad('t1', 'k', loader(1));
    // At the first sweep the entry is exactly 300000 ms old: not yet expired.
    vi.advanceTimersByTime(SERVICE_CACHE_SWEEP_MS);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(SERVICE_CACHE_SWEEP_MS);
    expect(cache.size).toBe(0);
  });
});

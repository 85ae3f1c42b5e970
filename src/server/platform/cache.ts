import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from './bus.ts';

// docs/product/constants.md#service-cache: service results cached for 300000 ms, at most 1000
// entries, least recently used evicted, expired entries cleaned every 5 minutes. Keys are
// namespaced by tenant so a write can drop exactly that tenant's entries.

export const SERVICE_CACHE_TTL_MS = 300_000;
export const SERVICE_CACHE_MAX_ENTRIES = 1000;
export const SERVICE_CACHE_SWEEP_MS = 300_000;

export class ServiceCache {
  readonly #lru: LRUCache<string, { value: unknown }>;
  readonly #timer: NodeJS.Timeout;
  /** Per-tenant generation: bumping it orphans every older key of that tenant at once. */
  readonly #generations = new Map<string, number>();
  #bus: InvalidationBus | undefined;
  /** Bumped to orphan every key at once (invalidations missed while the bus was down). */
  #epoch = 0;

  constructor(options: { ttlMs?: number; max?: number; sweepMs?: number } = {}) {
    this.#lru = new LRUCache({
      max: options.max ?? SERVICE_CACHE_MAX_ENTRIES,
      ttl: options.ttlMs ?? SERVICE_CACHE_TTL_MS,
    });
    this.#timer = setInterval(
      () => this.#lru.purgeStale(),
      options.sweepMs ?? SERVICE_CACHE_SWEEP_MS,
    );
    this.#timer.unref();
  }

  #key(tenantId: string, key: string): string {
    return `${this.#epoch}:${tenantId}:${this.#generations.get(tenantId) ?? 0}:${key}`;
  }

  /** `ttlMs`: a shorter life than the cache's for this entry (a reading that goes stale sooner). */
  async getOrLoad<T>(
    tenantId: string,
    key: string,
    load: () => Promise<T>,
    options: { ttlMs?: number } = {},
  ): Promise<T> {
    const fullKey = this.#key(tenantId, key);
    const hit = this.#lru.get(fullKey);
    if (hit) return hit.value as T;
    const value = await load();
    this.#lru.set(fullKey, { value }, options.ttlMs === undefined ? {} : { ttl: options.ttlMs });
    return value;
  }

  /**
   * Drops the tenant's entries here and, through the invalidation bus, in every other process.
   * A load that was in flight keeps its old generation's key, so it cannot bring stale data back.
   */
  invalidateTenant(tenantId: string): void {
    if (this.#bus) this.#bus.publish('tenant-cache', tenantId);
    else this.#drop(tenantId);
  }

  /**
   * Drops the tenant's entries in this process only, for a change every process hears anyway
   * (a publishing status told through the bus after its commit).
   */
  dropLocal(tenantId: string): void {
    this.#drop(tenantId);
  }

  #drop(tenantId: string): void {
    this.#generations.set(tenantId, (this.#generations.get(tenantId) ?? 0) + 1);
  }

  /** Joins the bus: invalidations are then heard from, and told to, every process. */
  connect(bus: InvalidationBus): void {
    this.#bus = bus;
    bus.subscribe('tenant-cache', (tenantId) => this.#drop(tenantId));
    bus.onResync(() => {
      // Clearing frees the entries; the epoch also orphans what a load begun before the resync
      // stores after it, which may predate a change missed while the bus was down.
      this.#epoch += 1;
      this.#lru.clear();
    });
  }

  get size(): number {
    return this.#lru.size;
  }

  close(): void {
    clearInterval(this.#timer);
    this.#lru.clear();
  }
}

import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from './bus.ts';

// Every API request resolves its session cookie; caching the answer for a few seconds saves a
// database round trip per request. Only "this session is live" answers are cached, and any
// sign-out, password reset or role change drops the user's entries in every process through the
// invalidation bus, so a revoked session stops working at once everywhere.

export const SESSION_CACHE_TTL_MS = 30_000;

export interface CachedSession<T> {
  userId: string;
  expiresAt: Date;
  value: T;
}

export class SessionCache<T> {
  readonly #lru = new LRUCache<string, CachedSession<T>>({
    max: 10_000,
    ttl: SESSION_CACHE_TTL_MS,
  });
  #bus: InvalidationBus | undefined;

  connect(bus: InvalidationBus): void {
    this.#bus = bus;
    bus.subscribe('user-sessions', (userId) => this.#drop(userId));
    // A sign-out told while this process was not listening was missed: forget every session.
    bus.onResync(() => this.#lru.clear());
  }

  /** The cached session if it is still live at `now`; an expired one is re-read by the caller. */
  get(tokenHash: string, now: Date): T | undefined {
    const entry = this.#lru.get(tokenHash);
    return entry && entry.expiresAt.getTime() > now.getTime() ? entry.value : undefined;
  }

  set(tokenHash: string, entry: CachedSession<T>): void {
    this.#lru.set(tokenHash, entry);
  }

  invalidateUser(userId: string): void {
    if (this.#bus) this.#bus.publish('user-sessions', userId);
    else this.#drop(userId);
  }

  #drop(userId: string): void {
    for (const [key, entry] of this.#lru.entries()) {
      if (entry.userId === userId) this.#lru.delete(key);
    }
  }
}

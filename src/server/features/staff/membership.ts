import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Membership } from '#shared/contracts/staff.contract.ts';
import type { TenantRole } from '#shared/permissions.ts';
import { rowsOf, type AppDb } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { SESSION_CACHE_TTL_MS } from '#server/platform/session-cache.ts';

// Which business accounts a person may act in: their own (as owner) and each one they are staff
// of (with the role they were given). Read on every request's actor resolution, so the answer is
// cached like sessions are (30 s) and dropped in every process when a role changes, through the
// same 'user-sessions' bus channel that accepting, removing and role changes publish on.

/** The cookie naming the business account a person chose to act in (decision 031). */
export const ACTIVE_TENANT_COOKIE = 'sg_tenant';

/**
 * Bypasses row-level security by design: the actor does not exist yet when this runs. Reads only
 * the person's own user_roles rows and the names of the businesses those rows point to.
 */
export async function unsafeListMemberships(db: AppDb, userId: string): Promise<Membership[]> {
  const rows = rowsOf<{ tenant_id: string; role: string; business_name: string | null }>(
    await db.execute(sql`
      select ${userId}::uuid as tenant_id, 'owner' as role,
             (select business_name from public.business_profiles where user_id = ${userId}) as business_name
      union all
      select ur.tenant_id, coalesce(ur.staff_role, 'staff') as role, bp.business_name
      from public.user_roles ur
      left join public.business_profiles bp on bp.user_id = ur.tenant_id
      where ur.user_id = ${userId} and ur.role = 'tenant_staff' and ur.tenant_id is not null
        and ur.tenant_id <> ${userId}`),
  );
  return rows.map((row) => ({
    tenant_id: row.tenant_id,
    role: row.role as TenantRole,
    business_name: row.business_name ?? 'Your business',
  }));
}

/**
 * Seed §7: an administrator may set a person's status (profiles.settings.status) to inactive.
 * Read with the memberships, on the same cache, so the middleware can close the API to them.
 */
export async function unsafeIsInactive(db: AppDb, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ status: string | null }>(
    await db.execute(
      sql`select settings->>'status' as status from public.profiles where id = ${userId}`,
    ),
  );
  return row?.status === 'inactive';
}

export interface ActorFacts {
  memberships: Membership[];
  inactive: boolean;
}

export class MembershipCache {
  readonly #lru = new LRUCache<string, ActorFacts>({ max: 10_000, ttl: SESSION_CACHE_TTL_MS });
  readonly #db: AppDb;

  constructor(deps: AppDeps) {
    this.#db = deps.database.unsafeDb;
    deps.bus.subscribe('user-sessions', (userId) => this.#lru.delete(userId));
  }

  async get(userId: string): Promise<Membership[]> {
    return (await this.facts(userId)).memberships;
  }

  async facts(userId: string): Promise<ActorFacts> {
    const cached = this.#lru.get(userId);
    if (cached) return cached;
    const [memberships, inactive] = await Promise.all([
      unsafeListMemberships(this.#db, userId),
      unsafeIsInactive(this.#db, userId),
    ]);
    const found = { memberships, inactive };
    this.#lru.set(userId, found);
    return found;
  }
}

const caches = new WeakMap<AppDeps, MembershipCache>();

/** One cache per process (per set of deps), subscribed to the bus once. */
export function membershipCache(deps: AppDeps): MembershipCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new MembershipCache(deps);
    caches.set(deps, cache);
  }
  return cache;
}

/**
 * The business account to act in: the one the cookie names if the person still belongs to it,
 * else their own. A removed member thus falls back to their own business at once.
 */
export function chooseMembership(
  memberships: readonly Membership[],
  userId: string,
  requested: string | undefined,
): { tenantId: string; tenantRole: TenantRole } {
  const chosen =
    (requested && memberships.find((m) => m.tenant_id === requested)) ||
    memberships.find((m) => m.tenant_id === userId);
  return chosen
    ? { tenantId: chosen.tenant_id, tenantRole: chosen.role }
    : { tenantId: userId, tenantRole: 'owner' };
}

/**
 * What an inactive person may still call: their sign-in, their own account, and the reads the
 * trial-expired page needs. Everything else answers 403 until an administrator reactivates them.
 */
export function allowedWhileInactive(method: string, path: string): boolean {
  if (path.startsWith('/api/auth/') || path.startsWith('/api/account/')) return true;
  if (path === '/api/admin/setup') return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return ['/api/profile', '/api/subscription', '/api/business-profile', '/api/staff/me'].includes(
    path,
  );
}

import { resolveBusinessName } from '#shared/business-name.ts';
import { LRUCache } from 'lru-cache';
import type { Membership } from '#shared/contracts/staff.contract.ts';
import type { TenantRole } from '#shared/permissions.ts';
import type { Database } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { SESSION_CACHE_TTL_MS } from '#server/platform/session-cache.ts';
import { perProcess } from '#server/platform/per-process.ts';

// Which business accounts a person may act in: their own (as owner) and each one they are staff
// of (with the role they were given). Read on every request's actor resolution, so the answer is
// cached like sessions are (30 s) and dropped in every process when a role changes, through the
// same 'user-sessions' bus channel that accepting, removing and role changes publish on.

/** The cookie naming the business account a person chose to act in (decision 031). */
export const ACTIVE_TENANT_COOKIE = 'sg_tenant';

export interface ActorFacts {
  memberships: Membership[];
  /**
   * docs/product/services.md#profiles: an administrator may set a person's status
   * (profiles.settings.status) to inactive.
   */
  inactive: boolean;
}

/**
 * A person's memberships and status as three columns of one statement, for the person whose id
 * the SQL expression `userId` gives: their own business's name (they are its owner), each
 * business they are staff of, and profiles.settings.status. Bypasses row-level security by
 * design (the actor does not exist yet when this runs); reads only the person's own profile and
 * user_roles rows and the names of the businesses those rows point to. The session lookup reads
 * them in its own statement (auth.repository.ts), so a session-cache miss is one round trip.
 */
export function actorFactsColumns(userId: string): string {
  return `(select settings->>'status' from public.profiles where id = ${userId}) as status,
  (select business_name from public.business_profiles where user_id = ${userId}) as business_name,
  (select json_agg(json_build_array(ur.tenant_id, coalesce(ur.staff_role, 'staff'), bp.business_name))
     from public.user_roles ur
     left join public.business_profiles bp on bp.user_id = ur.tenant_id
    where ur.user_id = ${userId} and ur.role = 'tenant_staff' and ur.tenant_id is not null
      and ur.tenant_id <> ${userId}) as staff`;
}

/** The columns of actorFactsColumns as the drivers return them (json is parsed by both). */
export interface ActorFactsRow {
  status: string | null;
  business_name: string | null;
  staff: Array<[string, string, string | null]> | null;
}

export function actorFactsOf(userId: string, row: ActorFactsRow | undefined): ActorFacts {
  // Someone who joined by invitation has no business of their own (docs/decisions/035): no
  // business profile, so no owner membership to list or to fall back to.
  const own: Membership[] =
    row?.business_name != null
      ? [{ tenant_id: userId, role: 'owner', business_name: row.business_name }]
      : [];
  const staff = (row?.staff ?? []).map(([tenantId, role, businessName]): Membership => ({
    tenant_id: tenantId,
    role: role as TenantRole,
    business_name: resolveBusinessName({ business_name: businessName }),
  }));
  return { memberships: [...own, ...staff], inactive: row?.status === 'inactive' };
}

/** Kept prepared, like the session lookup (auth.repository.ts, docs/decisions/015). */
const ACTOR_FACTS_SQL = `select ${actorFactsColumns('$1::uuid')}`;

export async function unsafeActorFacts(database: Database, userId: string): Promise<ActorFacts> {
  const [row] = await database.queryPrepared<ActorFactsRow>('staff_actor_facts', ACTOR_FACTS_SQL, [
    userId,
  ]);
  return actorFactsOf(userId, row);
}

export class MembershipCache {
  readonly #lru = new LRUCache<string, ActorFacts>({ max: 10_000, ttl: SESSION_CACHE_TTL_MS });
  readonly #database: Database;
  /**
   * Counts the drops heard: an answer read while one arrived may predate the change it tells
   * of, so it is used but not kept.
   */
  #drops = 0;

  constructor(deps: AppDeps) {
    this.#database = deps.database;
    deps.bus.subscribe('user-sessions', (userId) => {
      this.#drops += 1;
      this.#lru.delete(userId);
    });
    // Drops told while the bus could not hear were missed: forget everything, as the session
    // and service caches do.
    deps.bus.onResync(() => {
      this.#drops += 1;
      this.#lru.clear();
    });
  }

  async get(userId: string): Promise<Membership[]> {
    return (await this.facts(userId)).memberships;
  }

  async facts(userId: string): Promise<ActorFacts> {
    const cached = this.#lru.get(userId);
    if (cached) return cached;
    const stamp = this.stamp();
    const found = await unsafeActorFacts(this.#database, userId);
    this.prime(userId, found, stamp);
    return found;
  }

  /** Taken before reading facts elsewhere (the session lookup), for prime. */
  stamp(): number {
    return this.#drops;
  }

  /** Keeps facts read elsewhere, unless a drop was heard since `stamp`. */
  prime(userId: string, facts: ActorFacts, stamp: number): void {
    if (stamp === this.#drops) this.#lru.set(userId, facts);
  }
}

/** One cache per process (per set of deps), subscribed to the bus once. */
export const membershipCache = perProcess((deps) => new MembershipCache(deps));

/**
 * The business account to act in: the one the cookie names if the person still belongs to it,
 * else their own, else the first one they are staff of (someone without a business of their own
 * who joined one, in a browser that never chose). A removed member thus falls back at once.
 * Someone with no business at all acts in their own empty tenant as a viewer: they can read and
 * change their own account, and no service lets them create anything (docs/decisions/035).
 */
export function chooseMembership(
  memberships: readonly Membership[],
  userId: string,
  requested: string | undefined,
): { tenantId: string; tenantRole: TenantRole } {
  const chosen =
    (requested && memberships.find((m) => m.tenant_id === requested)) ||
    memberships.find((m) => m.tenant_id === userId) ||
    memberships[0];
  return chosen
    ? { tenantId: chosen.tenant_id, tenantRole: chosen.role }
    : { tenantId: userId, tenantRole: 'viewer' };
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

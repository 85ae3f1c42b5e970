import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '#server/platform/security/tokens.ts';
import {
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import * as authRepo from '../auth/auth.repository.ts';
import { resolveActor } from '../auth/actor.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { addMember } from '#server/test/team.ts';
import { MembershipCache, unsafeActorFacts } from './membership.ts';

// A person's memberships and status are read in the session lookup's own statement, so a
// session-cache miss costs one round trip (docs/decisions/015); read alone, they are one
// statement too.

let t: TestApp;
let owner: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t, { businessName: 'Corner Bakery' });
  member = await addMember(t, owner, 'manager');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const tokenOf = (user: SignedInUser) =>
  decodeURIComponent(/sg_session=([^;]+)/.exec(user.client.cookie!)![1]!);

const byTenant = (a: { tenant_id: string }, b: { tenant_id: string }) =>
  a.tenant_id.localeCompare(b.tenant_id);

/** Counts the session and membership statements (only they are sent prepared). */
function actorReads(database: TestApp['runtime']['deps']['database']) {
  const spy = vi.spyOn(database, 'queryPrepared');
  return () => spy.mock.calls.length;
}

describe('actor facts', () => {
  it('lists one’s own business as owner and each business one is staff of, with its name', async () => {
    const facts = await unsafeActorFacts(t.runtime.deps.database, member.userId);
    expect(facts.inactive).toBe(false);
    expect(facts.memberships[0]).toEqual({
      tenant_id: member.userId,
      role: 'owner',
      business_name: 'Staff Side Shop',
    });
    expect(facts.memberships.slice(1)).toEqual([
      { tenant_id: owner.userId, role: 'manager', business_name: 'Corner Bakery' },
    ]);
    const alone = await unsafeActorFacts(t.runtime.deps.database, owner.userId);
    expect(alone.memberships).toEqual([
      { tenant_id: owner.userId, role: 'owner', business_name: 'Corner Bakery' },
    ]);
  });

  it('says whether an administrator made the account inactive', async () => {
    const person = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update public.profiles set settings = settings || '{"status":"inactive"}' where id = ${person.userId}`,
    );
    expect((await unsafeActorFacts(t.runtime.deps.database, person.userId)).inactive).toBe(true);
  });

  it('are read with the session, in one statement, and kept for the actor', async () => {
    const { database } = t.runtime.deps;
    const found = await authRepo.unsafeFindSessionByTokenHash(database, hashToken(tokenOf(member)));
    expect(found?.session.userId).toBe(member.userId);
    expect(found?.session.expiresAt).toBeInstanceOf(Date);
    expect(found?.session.idleExpiresAt).toBeInstanceOf(Date);
    expect(found?.roles).toEqual([]);
    const alone = await unsafeActorFacts(database, member.userId);
    expect({
      ...found!.facts,
      memberships: [...found!.facts.memberships].sort(byTenant),
    }).toEqual({ ...alone, memberships: [...alone.memberships].sort(byTenant) });

    // A process of its own (fresh session and membership caches): one statement resolves the
    // session, and the membership cache then holds the facts the actor needs next.
    const deps = { ...t.runtime.deps };
    const auth = createAuthService(deps);
    const reads = actorReads(database);
    expect((await auth.resolveSession(tokenOf(member), { refresh: false }))?.user.id).toBe(
      member.userId,
    );
    expect(reads()).toBe(1);
    const kept = vi.spyOn(MembershipCache.prototype, 'facts');
    await resolveActor(deps, auth, {
      token: tokenOf(member),
      requestedTenant: owner.userId,
      method: 'GET',
      path: '/api/calendar-events',
    });
    expect(kept).toHaveBeenCalledTimes(1);
    expect(reads()).toBe(1);
  });

  it('keep the installation-wide roles with the session', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const found = await authRepo.unsafeFindSessionByTokenHash(
      t.runtime.deps.database,
      hashToken(tokenOf(admin)),
    );
    expect(found?.roles).toEqual(['admin']);
  });
});

describe('MembershipCache', () => {
  it('does not keep facts read while a change was told: they may predate it', async () => {
    const { database, bus } = t.runtime.deps;
    const cache = new MembershipCache(t.runtime.deps);
    const facts = await unsafeActorFacts(database, owner.userId);
    const stamp = cache.stamp();
    bus.publish('user-sessions', owner.userId);
    // Heard at once (bus.test.ts checks that it is not heard again through LISTEN on PostgreSQL).
    expect(cache.stamp()).toBe(stamp + 1);
    cache.prime(owner.userId, facts, stamp);
    const reads = actorReads(database);
    await cache.facts(owner.userId);
    expect(reads()).toBe(1);

    cache.prime(owner.userId, facts, cache.stamp());
    await cache.facts(owner.userId);
    expect(reads()).toBe(1);
  });

  it('forgets everything when the bus could not hear for a while', async () => {
    const resyncs: Array<() => void> = [];
    const bus = { ...t.runtime.deps.bus, onResync: (handler: () => void) => resyncs.push(handler) };
    const cache = new MembershipCache({ ...t.runtime.deps, bus });
    expect(resyncs).toHaveLength(1);
    await cache.facts(owner.userId);
    const reads = actorReads(t.runtime.deps.database);
    await cache.facts(owner.userId);
    expect(reads()).toBe(0);
    // A removal told meanwhile was missed: the next request reads the facts again.
    const stamp = cache.stamp();
    resyncs[0]!();
    await cache.facts(owner.userId);
    expect(reads()).toBe(1);
    expect(cache.stamp()).toBe(stamp + 1);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createTwoTenants, createUser, ownerScope } from '#server/test/fixtures.ts';
import {
  deriveEntitlements,
  describeEntitlements,
  entitlementsOf,
  grants,
  limitsOf,
} from './entitlements.ts';
import { subscription } from './subscription.tables.ts';

let database: Database;
beforeAll(async () => {
  database = await getTestDatabase();
});

describe('entitlementsOf', () => {
  it('reads the plan, its status and add-ons; an active plan grants its features', async () => {
    const { a } = await createTwoTenants(database);
    await database.unsafeDb
      .update(subscription)
      .set({ plan: 'premium', status: 'active', addons: ['crm'] })
      .where(eq(subscription.userId, a.tenantId));
    const found = await withTenant(database, ownerScope(a), (tx) => entitlementsOf(tx, a.tenantId));
    expect(found).toMatchObject({
      plan: 'premium',
      status: 'active',
      addons: ['crm'],
      subscribed: true,
      pastDue: null,
    });
    expect(grants(found, 'calendar')).toBe(true);
    expect(grants(found, 'crm')).toBe(true);
    expect(describeEntitlements(found)).toBe('premium, active');
  });

  it('grants nothing while inactive, and keeps the plan limits', async () => {
    const { a } = await createTwoTenants(database);
    await database.unsafeDb
      .update(subscription)
      .set({ plan: 'premium', status: 'inactive' })
      .where(eq(subscription.userId, a.tenantId));
    const found = await withTenant(database, ownerScope(a), (tx) => entitlementsOf(tx, a.tenantId));
    expect(grants(found, 'calendar')).toBe(false);
    expect(limitsOf(found).connectedAccounts).toBeGreaterThan(0);
  });

  it("is free and inactive for another business's row, which row-level security hides", async () => {
    const { a, b } = await createTwoTenants(database);
    const found = await withTenant(database, ownerScope(a), (tx) => entitlementsOf(tx, b.tenantId));
    expect(found).toMatchObject({
      plan: 'free',
      status: 'inactive',
      addons: [],
      subscribed: false,
    });
    expect(grants(found, 'calendar')).toBe(false);
    expect(describeEntitlements(found)).toBe('no subscription');
  });

  it('is free and inactive for a person in no business', async () => {
    const person = await createUser(database);
    const found = await withTenant(database, { userId: person, tenantId: person }, (tx) =>
      entitlementsOf(tx, person),
    );
    expect(found.subscribed).toBe(false);
    expect(found.plan).toBe('free');
  });
});

describe('deriveEntitlements', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const paid = {
    plan: 'premium' as const,
    status: 'active' as const,
    addons: ['email'],
    pastDueSince: null,
    graceEndsAt: null,
  };

  it('keeps access through the grace period of a failed renewal, and stops it after', () => {
    const since = new Date('2026-06-05T12:00:00Z');
    const inside = deriveEntitlements(
      { ...paid, pastDueSince: since, graceEndsAt: new Date('2026-06-12T12:00:00Z') },
      [],
      now,
    );
    expect(inside.status).toBe('active');
    expect(inside.pastDue?.since).toEqual(since);
    const after = deriveEntitlements(
      { ...paid, pastDueSince: since, graceEndsAt: new Date('2026-06-10T12:00:00Z') },
      [],
      now,
    );
    expect(after.status).toBe('inactive');
    expect(grants(after, 'calendar')).toBe(false);
  });

  it('adds granted add-ons to the paid ones and lets a granted plan replace an inactive one', () => {
    const found = deriveEntitlements(
      { ...paid, plan: 'trial', status: 'inactive' },
      [
        { kind: 'addon', value: 'crm' },
        { kind: 'plan', value: 'premium' },
        { kind: 'addon', value: 'not-an-addon' },
      ],
      now,
    );
    expect(found).toMatchObject({ plan: 'premium', status: 'active', addons: ['crm', 'email'] });
    expect(found.granted).toEqual({ plan: 'premium', addons: ['crm'] });
    expect(grants(found, 'crm')).toBe(true);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createTwoTenants, createUser, ownerScope } from '#server/test/fixtures.ts';
import { describeEntitlements, entitlementsOf, grants, limitsOf } from './entitlements.ts';
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
    expect(found).toEqual({ plan: 'premium', status: 'active', addons: ['crm'], subscribed: true });
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
    expect(found).toEqual({ plan: 'free', status: 'inactive', addons: [], subscribed: false });
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

import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';

// Row-level security of billing (migration 0033, docs/decisions/094): webhook events, their
// failures and manual coupons are the administrators' alone; a business's owner reads its
// invoices and coupon redemptions; every member reads its grants; nobody but an administrator
// (or the installation, after the service checked who asks) writes any of it, nor the billing
// columns of the subscription row.

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

interface BillingRows {
  eventId: string;
  failureId: string;
  couponId: string;
  redemptionId: string;
  invoiceId: string;
  grantId: string;
}

/** One row of each billing table for `tenant`, written as the database owner. */
async function billingRowsOf(tenant: TenantFixture): Promise<BillingRows> {
  const rows: BillingRows = {
    eventId: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    failureId: crypto.randomUUID(),
    couponId: crypto.randomUUID(),
    redemptionId: crypto.randomUUID(),
    invoiceId: crypto.randomUUID(),
    grantId: crypto.randomUUID(),
  };
  const code = `RLS${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await db.unsafeDb.transaction(async (tx) => {
    await tx.execute(sql`insert into public.billing_events (id, type, user_id, outcome)
      values (${rows.eventId}, 'invoice.paid', ${tenant.tenantId}, 'applied')`);
    await tx.execute(sql`insert into public.billing_webhook_failures (id, event_id, reason)
      values (${rows.failureId}, ${rows.eventId}, 'signature')`);
    await tx.execute(sql`insert into public.billing_coupons (id, code, percent_off, duration)
      values (${rows.couponId}, ${code}, 10, 'once')`);
    await tx.execute(sql`insert into public.billing_coupon_redemptions (id, coupon_id, user_id)
      values (${rows.redemptionId}, ${rows.couponId}, ${tenant.tenantId})`);
    await tx.execute(sql`insert into public.billing_invoices
      (id, user_id, provider, status, amount_due, amount_paid, currency)
      values (${rows.invoiceId}, ${tenant.tenantId}, 'manual', 'paid', 2900, 2900, 'usd')`);
    await tx.execute(sql`insert into public.billing_grants (id, user_id, kind, value, reason)
      values (${rows.grantId}, ${tenant.tenantId}, 'addon', 'crm', 'Friend of the house')`);
    await tx.execute(sql`update public.subscription set stripe_customer_id = ${`cus_${code}`},
      billing_provider = 'stripe', plan = 'premium' where user_id = ${tenant.tenantId}`);
  });
  return rows;
}

const TABLES = [
  ['billing_events', 'eventId'],
  ['billing_webhook_failures', 'failureId'],
  ['billing_coupons', 'couponId'],
  ['billing_coupon_redemptions', 'redemptionId'],
  ['billing_invoices', 'invoiceId'],
  ['billing_grants', 'grantId'],
] as const;
type Table = (typeof TABLES)[number][0];

const table = (name: Table) => sql.raw(`public.${name}`);

async function visible(scope: TenantScope, name: Table, id: string): Promise<boolean> {
  const rows = await withTenant(db, scope, async (tx) =>
    rowsOf(await tx.execute(sql`select 1 from ${table(name)} where id = ${id}`)),
  );
  return rows.length > 0;
}

/** Rows `statement` changed, acting in `scope` (0 when the policies hide or protect them). */
async function changed(scope: TenantScope, statement: SQL): Promise<number> {
  return withTenant(db, scope, async (tx) => rowsOf(await tx.execute(statement)).length);
}

let a: TenantFixture;
let b: TenantFixture;
let rowsA: BillingRows;
let rowsB: BillingRows;
beforeAll(async () => {
  ({ a, b } = await createTwoTenants(db));
  [rowsA, rowsB] = await Promise.all([billingRowsOf(a), billingRowsOf(b)]);
});

describe('reading billing tables', () => {
  it.each(TABLES)('%s: another business sees none of it', async (name, key) => {
    expect(await visible(ownerScope(b), name, rowsA[key])).toBe(false);
    expect(await visible(staffScope(b), name, rowsA[key])).toBe(false);
    expect(await visible(ownerScope(a), name, rowsB[key])).toBe(false);
  });

  it.each(['billing_events', 'billing_webhook_failures', 'billing_coupons'] as const)(
    '%s: administrators only, not even the business’s owner',
    async (name) => {
      const key = TABLES.find(([n]) => n === name)![1];
      expect(await visible(ownerScope(a), name, rowsA[key])).toBe(false);
      expect(await visible(staffScope(a), name, rowsA[key])).toBe(false);
      expect(await visible(SYSTEM_SCOPE, name, rowsA[key])).toBe(true);
    },
  );

  it('invoices and redemptions: the owner reads them, staff do not', async () => {
    expect(await visible(ownerScope(a), 'billing_invoices', rowsA.invoiceId)).toBe(true);
    expect(await visible(staffScope(a), 'billing_invoices', rowsA.invoiceId)).toBe(false);
    expect(await visible(ownerScope(a), 'billing_coupon_redemptions', rowsA.redemptionId)).toBe(
      true,
    );
    expect(await visible(staffScope(a), 'billing_coupon_redemptions', rowsA.redemptionId)).toBe(
      false,
    );
  });

  it('grants: every member reads their business’s', async () => {
    expect(await visible(ownerScope(a), 'billing_grants', rowsA.grantId)).toBe(true);
    expect(await visible(staffScope(a), 'billing_grants', rowsA.grantId)).toBe(true);
  });

  it('the subscription’s billing columns are not another business’s to read', async () => {
    const seen = await withTenant(db, ownerScope(b), async (tx) =>
      rowsOf(
        await tx.execute(
          sql`select stripe_customer_id from public.subscription where user_id = ${a.tenantId}`,
        ),
      ),
    );
    expect(seen).toEqual([]);
  });
});

/** A new row of `name` for `tenant`, as the tenant's owner would try to write it. */
function insertInto(name: Table, tenant: TenantFixture, rows: BillingRows): SQL {
  const id = crypto.randomUUID();
  switch (name) {
    case 'billing_events':
      return sql`insert into public.billing_events (id, type, user_id, outcome)
        values (${`evt_${id}`}, 'invoice.paid', ${tenant.tenantId}, 'applied')`;
    case 'billing_webhook_failures':
      return sql`insert into public.billing_webhook_failures (reason) values ('forged')`;
    case 'billing_coupons':
      return sql`insert into public.billing_coupons (code, percent_off, duration)
        values (${`FREE${id.slice(0, 8)}`}, 100, 'forever')`;
    case 'billing_coupon_redemptions': {
      return sql`insert into public.billing_coupon_redemptions (coupon_id, user_id)
        values (${rows.couponId}, ${tenant.tenantId})`;
    }
    case 'billing_invoices':
      return sql`insert into public.billing_invoices (user_id, provider, status, amount_due, currency)
        values (${tenant.tenantId}, 'manual', 'paid', 0, 'usd')`;
    case 'billing_grants':
      return sql`insert into public.billing_grants (user_id, kind, value, reason)
        values (${tenant.tenantId}, 'plan', 'premium', 'I said so')`;
  }
}

describe('writing billing tables', () => {
  it.each(TABLES.map(([name]) => name))(
    '%s: an owner cannot insert, an administrator can',
    async (name) => {
      // A fresh coupon for the redemption, so that only the policy can refuse it.
      const fresh = await billingRowsOf((await createTwoTenants(db)).a);
      const statement = () => insertInto(name, a, { ...rowsA, couponId: fresh.couponId });
      expect(
        await refusedByDatabase(db, ownerScope(a), async (tx) => tx.execute(statement())),
      ).toBe(true);
      expect(
        await refusedByDatabase(db, staffScope(a), async (tx) => tx.execute(statement())),
      ).toBe(true);
      expect(await refusedByDatabase(db, SYSTEM_SCOPE, async (tx) => tx.execute(statement()))).toBe(
        false,
      );
    },
  );

  it.each(TABLES)('%s: an owner updates and deletes nothing, even their own', async (name, key) => {
    const id = rowsA[key];
    for (const scope of [ownerScope(a), staffScope(a), ownerScope(b)]) {
      // A policy that hides a row, or lets it be seen but not changed, changes nothing.
      const touched = await changed(
        scope,
        sql`update ${table(name)} set id = id where id = ${id} returning id`,
      );
      expect(touched).toBe(0);
      const removed = await changed(
        scope,
        sql`delete from ${table(name)} where id = ${id} returning id`,
      );
      expect(removed).toBe(0);
    }
    expect(await visible(SYSTEM_SCOPE, name, id)).toBe(true);
  });

  it('an owner cannot set their plan or Stripe customer on their own subscription', async () => {
    for (const change of [
      sql`plan = 'premium'`,
      sql`stripe_customer_id = 'cus_someone_else'`,
      sql`addons = '{crm}'`,
      sql`grace_ends_at = now() + interval '10 years'`,
    ]) {
      const touched = await changed(
        ownerScope(a),
        sql`update public.subscription set ${change} where user_id = ${a.tenantId} returning id`,
      );
      expect(touched).toBe(0);
    }
    const [row] = rowsOf<{ plan: string; stripe_customer_id: string; addons: string[] }>(
      await db.unsafeDb.execute(
        sql`select plan, stripe_customer_id, addons from public.subscription where user_id = ${a.tenantId}`,
      ),
    );
    expect(row).toMatchObject({ plan: 'premium', addons: [] });
    expect(row!.stripe_customer_id).toMatch(/^cus_RLS/);
  });

  it('an owner cannot make themselves premium after the trial either', async () => {
    await db.unsafeDb.execute(
      sql`update public.subscription set plan = 'trial', status = 'inactive',
          trial_ends_at = now() - interval '1 day' where user_id = ${b.tenantId}`,
    );
    expect(
      await refusedByDatabase(db, ownerScope(b), async (tx) =>
        tx.execute(
          sql`update public.subscription set plan = 'premium', status = 'active' where user_id = ${b.tenantId}`,
        ),
      ),
    ).toBe(true);
  });

  // Migration 0008's policy checks only plan, status and addons of the new row; migration 0034's
  // trigger refuses billing columns changed in the same statement.
  it('an owner moving an ended trial to Free cannot write the billing columns with it', async () => {
    await db.unsafeDb.execute(
      sql`update public.subscription set plan = 'trial', status = 'inactive', addons = '{}',
          trial_ends_at = now() - interval '1 day' where user_id = ${b.tenantId}`,
    );
    for (const change of [
      sql`stripe_customer_id = 'cus_someone_else'`,
      sql`discount = '{"label":"100 % off"}'::jsonb`,
      sql`grace_ends_at = now() + interval '10 years'`,
      sql`trial_ends_at = now() + interval '10 years'`,
    ]) {
      expect(
        await refusedByDatabase(db, ownerScope(b), async (tx) =>
          tx.execute(
            sql`update public.subscription set plan = 'free', status = 'active', ${change}
                where user_id = ${b.tenantId}`,
          ),
        ),
      ).toBe(true);
    }
    // The move itself, alone, is still the owner's to make.
    const moved = await changed(
      ownerScope(b),
      sql`update public.subscription set plan = 'free', status = 'active'
          where user_id = ${b.tenantId} returning id`,
    );
    expect(moved).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { billingOverviewSchema, billingRoutes } from '#shared/contracts/billing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { createTenant } from '#server/test/fixtures.ts';
import { addMember } from '#server/test/team.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { billingCouponRedemptions, billingCoupons } from './billing.tables.ts';
import { billingRuntime, type BillingRuntime } from './billing-runtime.ts';
import { redeemManualCoupon } from './manual-coupons.ts';
import { MANUAL_INSTRUCTIONS } from './overview.ts';

// Manual billing (docs/decisions/094): production without a Stripe key. Nothing goes to Stripe;
// the page says how to upgrade, and coupons are our own, redeemed atomically.

let t: TestApp;
let original: BillingRuntime;
let owner: SignedInUser;

beforeAll(async () => {
  t = await getTestApp();
  original = billingRuntime(t.runtime.deps);
  billingRuntime.replace(t.runtime.deps, {
    ...original,
    mode: 'manual',
    stripe: null,
    webhookSecret: null,
    simulator: null,
  });
  owner = await createSignedInUser(t);
});
afterAll(() => {
  billingRuntime.replace(t.runtime.deps, original);
});

const db = () => t.runtime.deps.database.unsafeDb;

async function coupon(values: Partial<typeof billingCoupons.$inferInsert> = {}) {
  const code = `MAN${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await db()
    .insert(billingCoupons)
    .values({ code, percentOff: 25, duration: 'once', ...values })
    .returning();
  return row!;
}

describe('manual mode', () => {
  it('shows the plan and how to upgrade', async () => {
    const res = await owner.client.request(billingRoutes.overview);
    expect(res.status, res.text).toBe(200);
    expect(billingOverviewSchema.parse(res.json.data)).toMatchObject({
      mode: 'manual',
      plan: 'trial',
      manualInstructions: MANUAL_INSTRUCTIONS,
      canManage: true,
    });
  });

  it('refuses every Stripe action with the instructions, calling no one', async () => {
    const attempts: Array<[string, unknown]> = [
      [billingRoutes.checkout, { interval: 'month' }],
      [billingRoutes.interval, { interval: 'year' }],
      [billingRoutes.addonPreview, { addon: 'crm', action: 'add' }],
      [billingRoutes.addons, { addon: 'crm', action: 'add' }],
      [billingRoutes.portal, undefined],
      [billingRoutes.cancel, undefined],
      [billingRoutes.resume, undefined],
    ];
    const calls = original.stripeCalls();
    for (const [path, json] of attempts) {
      const res = await owner.client.request(path, json ? { json } : { method: 'POST' });
      expectError(res, 409, 'WORKFLOW_STATE_INVALID');
      expect(res.json.error, path).toBe(MANUAL_INSTRUCTIONS);
    }
    expect(original.stripeCalls()).toBe(calls);
  });

  it('still refuses staff before anything else', async () => {
    const member = await addMember(t, owner, 'manager');
    for (const path of [billingRoutes.checkout, billingRoutes.coupon]) {
      const res = await member.client.request(path, {
        json: path === billingRoutes.coupon ? { code: 'ANY1' } : { interval: 'month' },
      });
      expectError(res, 403, 'FORBIDDEN');
    }
  });
});

describe('manual coupons', () => {
  it('redeems a code (in any case) and shows its discount', async () => {
    const user = await createSignedInUser(t);
    const c = await coupon({ duration: 'repeating', durationInMonths: 3 });
    const res = await user.client.request(billingRoutes.coupon, {
      json: { code: c.code.toLowerCase() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.discount).toMatchObject({
      code: c.code,
      label: '25 % off',
      percentOff: 25,
      duration: 'repeating',
      durationInMonths: 3,
    });
    expect(res.json.data.discount.endsAt).toBeTruthy();
    const [stored] = await db().select().from(billingCoupons).where(eq(billingCoupons.id, c.id));
    expect(stored!.timesRedeemed).toBe(1);

    const again = await user.client.request(billingRoutes.coupon, { json: { code: c.code } });
    expectError(again, 409, 'COUPON_REDEMPTION_ERROR');
    expect(again.json.error).toBe('You have already used this code.');
    const [after] = await db().select().from(billingCoupons).where(eq(billingCoupons.id, c.id));
    expect(after!.timesRedeemed).toBe(1);
  });

  it('shows an amount off in the currency', async () => {
    const user = await createSignedInUser(t);
    const c = await coupon({ percentOff: null, amountOff: 500, currency: 'usd' });
    const res = await user.client.request(billingRoutes.coupon, { json: { code: c.code } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.discount).toMatchObject({ amountOff: 500, label: '5.00 USD off' });
  });

  it('says why a code cannot be used, and counts nothing', async () => {
    const user = await createSignedInUser(t);
    const expired = await coupon({ expiresAt: new Date(Date.now() - 60_000) });
    const inactive = await coupon({ active: false });
    const usedUp = await coupon({ maxRedemptions: 2, timesRedeemed: 2 });
    const cases: Array<[string, string]> = [
      ['NOSUCH' + crypto.randomUUID().slice(0, 6), 'No such code.'],
      [expired.code, 'This code has expired.'],
      [inactive.code, 'This code is no longer active.'],
      [usedUp.code, 'This code has been used up.'],
    ];
    for (const [code, message] of cases) {
      const res = await user.client.request(billingRoutes.coupon, { json: { code } });
      expectError(res, 400, 'COUPON_ERROR');
      expect(res.json.error, code).toBe(message);
    }
    const rows = await db()
      .select({ id: billingCoupons.id, n: billingCoupons.timesRedeemed })
      .from(billingCoupons)
      .where(sql`${billingCoupons.id} in (${expired.id}, ${inactive.id}, ${usedUp.id})`);
    expect(rows.map((r) => r.n).sort()).toEqual([0, 0, 2]);
    const [sub] = await db()
      .select({ discount: subscription.discount })
      .from(subscription)
      .where(eq(subscription.userId, user.userId));
    expect(sub!.discount).toBeNull();
  });

  it('gives a code with one redemption left to exactly one of 20 concurrent businesses', async () => {
    const c = await coupon({ maxRedemptions: 1 });
    const tenants = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createTenant(t.runtime.deps.database, `race${i}`)),
    );
    const results = await Promise.allSettled(
      tenants.map((tenant) => {
        const ctx: ServiceContext = {
          deps: t.runtime.deps,
          actor: {
            userId: tenant.tenantId,
            tenantId: tenant.tenantId,
            tenantRole: 'owner',
            isAdmin: false,
          },
        };
        return redeemManualCoupon(ctx, c.code);
      }),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe('COUPON_ERROR');
      expect((r.reason as AppError).record.userMessage).toBe('This code has been used up.');
    }
    const [stored] = await db().select().from(billingCoupons).where(eq(billingCoupons.id, c.id));
    expect(stored!.timesRedeemed).toBe(1);
    const redemptions = await db()
      .select()
      .from(billingCouponRedemptions)
      .where(eq(billingCouponRedemptions.couponId, c.id));
    expect(redemptions).toHaveLength(1);
  });
});

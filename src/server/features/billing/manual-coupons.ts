import { eq, sql } from 'drizzle-orm';
import type { Discount } from '#shared/contracts/billing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { formatDiscountLabel } from './discount-label.ts';
import { couponError } from './stripe-errors.ts';

// Manual mode's coupons (docs/decisions/094, requirement 5): the same rules as Stripe's (expiry,
// redemption limit, active flag), kept in our own tables. One statement takes a redemption only
// while one is left, so a code with one redemption left goes to exactly one of any number of
// concurrent owners; the redemption row (once per business) and the discount on the business's
// subscription are written in the same transaction, as the installation, after the owner's
// permission was checked.

export const REDEEM_FAILED = 'Failed to redeem coupon';

interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  expires_at: string | Date | null;
  max_redemptions: number | null;
  times_redeemed: number;
  active: boolean;
}

const alreadyUsed = () =>
  AppError.from('COUPON_REDEMPTION_ERROR', {
    userMessage: 'You have already used this code.',
    technicalMessage: 'Coupon already redeemed by this business',
    details: { fieldErrors: { code: 'You have already used this code.' } },
  });

async function redeemedBefore(tx: Tx, couponId: string, businessId: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      select 1 from public.billing_coupon_redemptions
      where coupon_id = ${couponId} and user_id = ${businessId}`),
  );
  return rows.length > 0;
}

/** Why a code could not be taken: unknown, inactive, expired, used up, or used by this business. */
async function refusalFor(tx: Tx, code: string, businessId: string): Promise<AppError> {
  const [coupon] = rowsOf<CouponRow & { expired: boolean }>(
    await tx.execute(sql`
      select *, (expires_at is not null and expires_at <= now()) as expired
      from public.billing_coupons where upper(code) = upper(${code})`),
  );
  if (!coupon) return couponError('missing', code);
  if (await redeemedBefore(tx, coupon.id, businessId)) return alreadyUsed();
  if (!coupon.active) return couponError('inactive', code);
  if (coupon.expired) return couponError('expired', code);
  return couponError('usedUp', code);
}

function discountOf(coupon: CouponRow, now: Date): Discount {
  const endsAt =
    coupon.duration === 'repeating' && coupon.duration_in_months
      ? new Date(
          Date.UTC(
            now.getUTCFullYear(),
            now.getUTCMonth() + coupon.duration_in_months,
            now.getUTCDate(),
          ),
        ).toISOString()
      : null;
  return {
    code: coupon.code,
    label: formatDiscountLabel(coupon.percent_off, coupon.amount_off, coupon.currency),
    percentOff: coupon.percent_off,
    amountOff: coupon.amount_off,
    duration: coupon.duration,
    durationInMonths: coupon.duration_in_months,
    endsAt,
  };
}

/** Redeems `code` for the owner's business; the discount is stored on its subscription. */
export async function redeemManualCoupon(
  ctx: ServiceContext,
  code: string,
  now = new Date(),
): Promise<Discount> {
  requireAccess(ctx.actor, 'manage:subscription');
  const businessId = ctx.actor.tenantId;
  try {
    return await withTenant(ctx.deps.database, SYSTEM_SCOPE, async (tx) => {
      const [taken] = rowsOf<CouponRow>(
        await tx.execute(sql`
          update public.billing_coupons set times_redeemed = times_redeemed + 1
          where upper(code) = upper(${code}) and active
            and (expires_at is null or expires_at > now())
            and (max_redemptions is null or times_redeemed < max_redemptions)
          returning *`),
      );
      if (!taken) throw await refusalFor(tx, code, businessId);
      const inserted = rowsOf(
        await tx.execute(sql`
          insert into public.billing_coupon_redemptions (coupon_id, user_id, redeemed_by)
          values (${taken.id}, ${businessId}, ${ctx.actor.userId})
          on conflict (coupon_id, user_id) do nothing
          returning id`),
      );
      // Throwing rolls the redemption taken above back.
      if (inserted.length === 0) throw alreadyUsed();
      const discount = discountOf(taken, now);
      const updated = await tx
        .update(subscription)
        .set({ discount, updatedAt: now })
        .where(eq(subscription.userId, businessId))
        .returning({ id: subscription.id });
      if (updated.length === 0) {
        throw AppError.from('NOT_FOUND', { technicalMessage: `No subscription for ${businessId}` });
      }
      return discount;
    });
  } catch (error) {
    throw serviceError(REDEEM_FAILED, error, 'COUPON_REDEMPTION_ERROR');
  } finally {
    ctx.deps.cache.invalidateTenant(businessId);
  }
}

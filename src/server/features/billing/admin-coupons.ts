import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  COUPON_DURATIONS,
  type Coupon,
  type CouponAdminInput,
  type CouponDuration,
} from '#shared/contracts/billing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { validationError } from '#server/platform/validation.ts';
import { adminScope } from './admin-billing.service.ts';
import { billingCoupons } from './billing.tables.ts';
import { billingRuntime, stripeOf } from './billing-runtime.ts';
import { mapStripeError } from './stripe-errors.ts';

// Coupons, as administrators make them (docs/decisions/094, requirement 5). Manual mode keeps
// its own table (billing_coupons; redeemed by the owner's side, atomically). Stripe and test
// modes make a Stripe coupon and a promotion code carrying the customer-facing code, so owners
// redeem it at Checkout or on the subscription page; the list reads the promotion codes back
// from Stripe. Codes are upper case in both modes. Deactivating never deletes.

/** The most coupons the list shows. */
const LIST_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const codeTaken = () => validationError({ code: 'A coupon with this code exists already' });

function noCoupon(id: string): AppError {
  return AppError.from('NOT_FOUND', {
    userMessage: 'No such coupon.',
    technicalMessage: `No coupon ${id}`,
  });
}

/**
 * Stripe's answer as one of ours: an unknown promotion code is NOT_FOUND, input Stripe refuses
 * names its field, anything else (an outage included) as the owner's side maps it.
 */
function stripeFailure(error: unknown, text: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    if (error.statusCode === 404 || error.code === 'resource_missing') {
      return AppError.from('NOT_FOUND', {
        userMessage: 'No such coupon.',
        technicalMessage: `${text}: ${error.message}`,
        cause: error,
      });
    }
    if (error.type === 'StripeInvalidRequestError' && error.statusCode === 400) {
      const field = fieldOf(error.param);
      return AppError.from('VALIDATION_ERROR', {
        userMessage: error.message,
        technicalMessage: `${text}: ${error.message}`,
        details: { fieldErrors: { [field]: error.message } },
        cause: error,
      });
    }
  }
  return mapStripeError(error, 'COUPON_ERROR');
}

const FIELDS: Record<string, string> = {
  percent_off: 'percentOff',
  amount_off: 'amountOff',
  duration_in_months: 'durationInMonths',
  redeem_by: 'expiresAt',
  expires_at: 'expiresAt',
  max_redemptions: 'maxRedemptions',
};
const fieldOf = (param: string | undefined) => (param && FIELDS[param]) || 'code';

// --- Manual mode ------------------------------------------------------------------------------

type CouponRow = typeof billingCoupons.$inferSelect;

function fromRow(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    timesRedeemed: row.timesRedeemed,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

// --- Stripe and test modes --------------------------------------------------------------------

function fromPromotionCode(promo: Stripe.PromotionCode): Coupon | null {
  const coupon = promo.promotion.coupon;
  if (!coupon || typeof coupon === 'string') return null;
  const expires = promo.expires_at ?? coupon.redeem_by;
  return {
    id: promo.id,
    code: promo.code,
    percentOff: coupon.percent_off,
    amountOff: coupon.amount_off,
    currency: coupon.currency,
    duration: (COUPON_DURATIONS as readonly string[]).includes(coupon.duration)
      ? (coupon.duration as CouponDuration)
      : 'once',
    durationInMonths: coupon.duration_in_months,
    expiresAt: expires ? new Date(expires * 1000).toISOString() : null,
    maxRedemptions: promo.max_redemptions ?? coupon.max_redemptions,
    timesRedeemed: promo.times_redeemed,
    active: promo.active && coupon.valid,
    createdAt: new Date(promo.created * 1000).toISOString(),
  };
}

// --- Use cases --------------------------------------------------------------------------------

export async function listCoupons(ctx: ServiceContext): Promise<Coupon[]> {
  requireAccess(ctx.actor, 'admin:users');
  const runtime = billingRuntime(ctx.deps);
  if (runtime.mode === 'manual') {
    try {
      const rows = await withTenant(ctx.deps.database, adminScope(ctx), (tx) =>
        tx.select().from(billingCoupons).orderBy(desc(billingCoupons.createdAt)).limit(LIST_LIMIT),
      );
      return rows.map(fromRow);
    } catch (error) {
      throw serviceError('Failed to fetch coupons', error, 'COUPON_ERROR');
    }
  }
  try {
    const page = await stripeOf(runtime).promotionCodes.list({
      limit: LIST_LIMIT,
      expand: ['data.promotion.coupon'],
    });
    return page.data.map(fromPromotionCode).filter((c): c is Coupon => c !== null);
  } catch (error) {
    throw stripeFailure(error, 'Failed to fetch coupons');
  }
}

export async function createCoupon(ctx: ServiceContext, input: CouponAdminInput): Promise<Coupon> {
  requireAccess(ctx.actor, 'admin:users');
  const runtime = billingRuntime(ctx.deps);
  const code = input.code.toUpperCase();
  const currency = input.amountOff !== undefined ? runtime.currency.toLowerCase() : null;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationError({ expiresAt: 'Choose a time in the future' });
  }

  if (runtime.mode === 'manual') {
    let row: CouponRow | undefined;
    try {
      [row] = await withTenant(ctx.deps.database, adminScope(ctx), (tx) =>
        tx
          .insert(billingCoupons)
          .values({
            code,
            percentOff: input.percentOff ?? null,
            amountOff: input.amountOff ?? null,
            currency,
            duration: input.duration,
            durationInMonths: input.durationInMonths ?? null,
            expiresAt,
            maxRedemptions: input.maxRedemptions ?? null,
            createdBy: ctx.actor.userId,
          })
          .onConflictDoNothing({ target: billingCoupons.code })
          .returning(),
      );
    } catch (error) {
      throw serviceError('Failed to create the coupon', error, 'COUPON_ERROR');
    }
    if (!row) throw codeTaken();
    return fromRow(row);
  }

  const stripe = stripeOf(runtime);
  try {
    const taken = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    if (taken.data.length > 0) throw codeTaken();
  } catch (error) {
    throw stripeFailure(error, 'Failed to create the coupon');
  }
  const redeemBy = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : undefined;
  let coupon: Stripe.Coupon;
  try {
    coupon = await stripe.coupons.create({
      name: code,
      duration: input.duration,
      ...(input.percentOff !== undefined ? { percent_off: input.percentOff } : {}),
      ...(input.amountOff !== undefined
        ? { amount_off: input.amountOff, currency: currency! }
        : {}),
      ...(input.durationInMonths !== undefined
        ? { duration_in_months: input.durationInMonths }
        : {}),
      ...(redeemBy !== undefined ? { redeem_by: redeemBy } : {}),
      ...(input.maxRedemptions !== undefined ? { max_redemptions: input.maxRedemptions } : {}),
      metadata: { created_by: ctx.actor.userId },
    });
  } catch (error) {
    throw stripeFailure(error, 'Failed to create the coupon');
  }
  try {
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code,
      ...(input.maxRedemptions !== undefined ? { max_redemptions: input.maxRedemptions } : {}),
      ...(redeemBy !== undefined ? { expires_at: redeemBy } : {}),
      metadata: { created_by: ctx.actor.userId },
      expand: ['promotion.coupon'],
    });
    const made = fromPromotionCode(promo);
    if (!made) throw new Error(`Promotion code ${promo.id} came back without its coupon`);
    ctx.deps.logger.info({ code, by: ctx.actor.userId }, 'promotion code created');
    return made;
  } catch (error) {
    // A coupon no code reaches is of no use: it is removed again (best effort).
    await stripe.coupons.del(coupon.id).catch(() => undefined);
    throw stripeFailure(error, 'Failed to create the coupon');
  }
}

export async function deactivateCoupon(ctx: ServiceContext, couponId: string): Promise<Coupon> {
  requireAccess(ctx.actor, 'admin:users');
  const runtime = billingRuntime(ctx.deps);
  if (runtime.mode === 'manual') {
    if (!UUID.test(couponId)) throw noCoupon(couponId);
    let row: CouponRow | undefined;
    try {
      [row] = await withTenant(ctx.deps.database, adminScope(ctx), (tx) =>
        tx
          .update(billingCoupons)
          .set({ active: false })
          .where(eq(billingCoupons.id, couponId))
          .returning(),
      );
    } catch (error) {
      throw serviceError('Failed to deactivate the coupon', error, 'COUPON_ERROR');
    }
    if (!row) throw noCoupon(couponId);
    return fromRow(row);
  }
  if (!couponId.startsWith('promo_')) throw noCoupon(couponId);
  try {
    const promo = await stripeOf(runtime).promotionCodes.update(couponId, {
      active: false,
      expand: ['promotion.coupon'],
    });
    const made = fromPromotionCode(promo);
    if (!made) throw new Error(`Promotion code ${promo.id} came back without its coupon`);
    return made;
  } catch (error) {
    throw stripeFailure(error, 'Failed to deactivate the coupon');
  }
}

import type { SimContext } from './context.ts';
import { invalid, str, type Params } from './http.ts';
import type { Obj } from './state.ts';
import { addInterval } from './invoices-engine.ts';

// Coupons and promotion codes turned into discounts, with Stripe's errors for unknown, expired,
// inactive and used-up ones.

export function createDiscounts(ctx: SimContext) {
  const { state, make, nowSec } = ctx;

  function couponUsable(coupon: Obj, param: string) {
    const now = nowSec();
    const max = coupon.max_redemptions as number | null;
    if (
      !coupon.valid ||
      (coupon.redeem_by && (coupon.redeem_by as number) <= now) ||
      (max !== null && (coupon.times_redeemed as number) >= max)
    ) {
      coupon.valid = false;
      throw invalid(`Coupon ${coupon.id} is no longer valid.`, param, 'coupon_expired');
    }
  }

  function findCoupon(id: string, param: string): Obj {
    const coupon = state.objects.get(id);
    if (!coupon || coupon.object !== 'coupon' || coupon.deleted)
      throw invalid(`No such coupon: '${id}'`, param, 'resource_missing');
    return coupon;
  }

  function findPromotionCode(id: string, param: string): Obj {
    const promo = state.objects.get(id);
    if (!promo || promo.object !== 'promotion_code')
      throw invalid(`No such promotion code: '${id}'`, param, 'resource_missing');
    return promo;
  }

  function promoUsable(promo: Obj, param: string) {
    const now = nowSec();
    const max = promo.max_redemptions as number | null;
    if (!promo.active)
      throw invalid('This promotion code is inactive.', param, 'promotion_code_inactive');
    if (promo.expires_at && (promo.expires_at as number) <= now)
      throw invalid('This promotion code has expired.', param, 'promotion_code_expired');
    if (max !== null && (promo.times_redeemed as number) >= max)
      throw invalid(
        'This promotion code has reached its maximum number of redemptions.',
        param,
        'promotion_code_max_redemptions',
      );
    const coupon = findCoupon(couponOf(promo), param);
    couponUsable(coupon, param);
  }

  const couponOf = (promo: Obj) => (promo.promotion as { coupon: string }).coupon;

  /** The active promotion code with this customer-facing code, or null. */
  function byCode(code: string): Obj | null {
    const wanted = code.trim().toLowerCase();
    return (
      ctx.all('promotion_code', (p) => String(p.code).toLowerCase() === wanted && !!p.active)[0] ??
      null
    );
  }

  /** Validates `discounts[]` params ({coupon} or {promotion_code}) without redeeming them. */
  function check(entries: Params[], param = 'discounts') {
    entries.forEach((entry, i) => {
      const coupon = str(entry, 'coupon');
      const promo = str(entry, 'promotion_code');
      if (coupon)
        couponUsable(findCoupon(coupon, `${param}[${i}][coupon]`), `${param}[${i}][coupon]`);
      else if (promo)
        promoUsable(findPromotionCode(promo, `${param}[${i}][promotion_code]`), param);
    });
  }

  /** Redeems the entries into discount objects for a customer and subscription. */
  function redeem(entries: Params[], customer: string, subscription: string | null): string[] {
    check(entries);
    return entries.map((entry) => {
      const promoId = str(entry, 'promotion_code');
      const promo = promoId ? findPromotionCode(promoId, 'promotion_code') : null;
      const coupon = findCoupon(promo ? couponOf(promo) : str(entry, 'coupon')!, 'coupon');
      coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
      if (promo) promo.times_redeemed = (promo.times_redeemed as number) + 1;
      const start = nowSec();
      const end =
        coupon.duration === 'repeating'
          ? addInterval(start, 'month', coupon.duration_in_months as number)
          : null;
      return make('di', 'discount', {
        checkout_session: null,
        customer,
        invoice: null,
        invoice_item: null,
        promotion_code: promo?.id ?? null,
        source: { type: 'coupon', coupon: ctx.clone(coupon) },
        start,
        end,
        subscription,
        subscription_item: null,
      }).id;
    });
  }

  return { check, redeem, byCode, promoUsable };
}

export type Discounts = ReturnType<typeof createDiscounts>;

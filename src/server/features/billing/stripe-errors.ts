import Stripe from 'stripe';
import { AppError, isAppError, type ErrorCode } from '#shared/errors/index.ts';

// Stripe's SDK errors as the error catalogue's codes (docs/decisions/094): a declined card is
// PAYMENT_ERROR with the bank's message; Stripe unreachable, its 5xx and its rate limit are
// CARD_PROVIDER_ERROR; an unusable promotion code is COUPON_ERROR with a message that says why.
// Anything else becomes the caller's fallback code, never an unexplained 500.

const COUPON_MESSAGES = {
  missing: 'No such code.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  inactive: 'This code is no longer active.',
} as const;
export type CouponProblem = keyof typeof COUPON_MESSAGES;

export function couponError(problem: CouponProblem, code?: string): AppError {
  const message = COUPON_MESSAGES[problem];
  return AppError.from('COUPON_ERROR', {
    userMessage: message,
    technicalMessage: `Coupon ${code ?? ''} refused: ${problem}`,
    details: { fieldErrors: { code: message } },
  });
}

/** Why Stripe refused a promotion code or coupon, from its error code and message; null if not. */
export function couponProblemOf(error: Stripe.errors.StripeError): CouponProblem | null {
  const code = error.code ?? '';
  const text = `${error.message} ${error.param ?? ''}`.toLowerCase();
  if (code === 'promotion_code_max_redemptions' || /maximum number of redemptions/.test(text))
    return 'usedUp';
  if (code === 'promotion_code_expired' || code === 'coupon_expired' || /expired/.test(text))
    return 'expired';
  if (code === 'promotion_code_inactive' || /inactive/.test(text)) return 'inactive';
  if (/coupon|promotion/.test(text) && code === 'resource_missing') return 'missing';
  if (/no longer valid/.test(text)) return 'expired';
  return null;
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** True when Stripe says the object asked for does not exist (e.g. a forgotten customer). */
export function isResourceMissing(error: unknown): boolean {
  return isStripeError(error) && error.code === 'resource_missing';
}

/**
 * The AppError for anything a Stripe call threw. `fallback` names what failed for the customer
 * (ADDON_PAYMENT_ERROR for an add-on, SUBSCRIPTION_ERROR otherwise).
 */
export function mapStripeError(
  error: unknown,
  fallback: ErrorCode = 'SUBSCRIPTION_ERROR',
): AppError {
  if (isAppError(error)) return error;
  if (!isStripeError(error)) {
    return AppError.from(fallback, { technicalMessage: String(error), cause: error });
  }
  const technicalMessage = `Stripe ${error.type} ${error.statusCode ?? ''} ${error.code ?? ''}: ${error.message}`;
  const status = error.statusCode ?? 0;
  if (
    error.type === 'StripeConnectionError' ||
    error.type === 'StripeAPIError' ||
    error.type === 'StripeRateLimitError' ||
    error.code === 'rate_limit' ||
    status === 429 ||
    status >= 500
  ) {
    return AppError.from('CARD_PROVIDER_ERROR', { technicalMessage, cause: error });
  }
  if (error.type === 'StripeCardError') {
    return AppError.from('PAYMENT_ERROR', {
      userMessage: error.message || undefined,
      technicalMessage,
      cause: error,
    });
  }
  if (error.type === 'StripeInvalidRequestError') {
    const problem = couponProblemOf(error);
    if (problem) return couponError(problem);
  }
  return AppError.from(fallback, { technicalMessage, cause: error });
}

/** Runs a Stripe call, turning its errors into AppErrors. */
export async function stripeCall<T>(
  work: () => Promise<T>,
  fallback: ErrorCode = 'SUBSCRIPTION_ERROR',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapStripeError(error, fallback);
  }
}

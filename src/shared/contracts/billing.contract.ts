import { z } from 'zod';
import { ADDON_IDS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '#shared/plans.ts';

// Billing (docs/decisions/094): the subscription page, its actions, and the administrators'
// billing view. Prices never come from the browser: every input names a plan interval, an add-on
// or a code, and the server prices it from src/shared/plans.ts. The browser and the server share
// these shapes; the server checks every input again.

/**
 * `stripe`: live card payments through Stripe. `test`: the same code against the built-in Stripe
 * simulator (no key outside production), shown as "test payments". `manual`: production without
 * a key; administrators set plans, coupons and invoices.
 */
export const BILLING_MODES = ['stripe', 'test', 'manual'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const BILLING_LIMITS = {
  /** Invoices shown on the subscription page. */
  invoices: 24,
  /** Longest coupon or promotion code. */
  codeLength: 40,
  /** Longest reason an administrator gives for a grant. */
  reasonLength: 500,
  /** Businesses per page of the administrators' billing view. */
  adminPageSize: 50,
  /** Webhook events (and failures) the administrators' view lists. */
  adminEvents: 50,
} as const;

/** An amount in the currency's smallest unit (cents), with its ISO currency in lower case. */
export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

export const priceSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  amount: z.number().int(),
  currency: z.string(),
});

export const discountSchema = z.object({
  /** The code the customer entered, when there was one. */
  code: z.string().nullable(),
  /** "20 % off" or "5.00 USD off". */
  label: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().int().nullable(),
  duration: z.enum(COUPON_DURATIONS),
  durationInMonths: z.number().int().nullable(),
  /** When the discount stops applying (repeating), if known. */
  endsAt: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Where the customer pays an open invoice or sees a paid one. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const grantSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['plan', 'addon']),
  /** `premium`, or an add-on id. */
  value: z.string(),
  reason: z.string(),
  grantedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Grant = z.infer<typeof grantSchema>;

/** Everything the subscription page shows. */
export const billingOverviewSchema = z.object({
  mode: z.enum(BILLING_MODES),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  addons: z.array(z.enum(ADDON_IDS)),
  limits: z.object({
    connectedAccounts: z.number().int(),
    staffSeats: z.number().int(),
    aiGenerationsPerMonth: z.number().int(),
    mediaStorageBytes: z.number(),
  }),
  usage: z.object({ connectedAccounts: z.number().int(), staffSeats: z.number().int() }),
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number().int().nullable(),
  /** The provider's own status (Stripe: active, trialing, past_due, canceled, …), if any. */
  providerStatus: z.string().nullable(),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  /** The end of the paid period: the renewal date, or the end date when cancelling. */
  renewsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A failed renewal: access stays until `graceEndsAt`. */
  pastDue: z.object({ since: z.string(), graceEndsAt: z.string() }).nullable(),
  discount: discountSchema.nullable(),
  /** Plans and add-ons granted by an administrator, on top of what is paid. */
  grants: z.array(grantSchema),
  prices: z.object({
    premium: z.array(priceSchema),
    addons: z.record(z.enum(ADDON_IDS), z.array(priceSchema)),
  }),
  invoices: z.array(invoiceSchema),
  /** The open invoice the customer can pay now (past due), if any. */
  payUrl: z.string().nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Manual mode: how to upgrade (contact the administrators). */
  manualInstructions: z.string().nullable(),
  /** The signed-in person may change billing (the owner). */
  canManage: z.boolean(),
  /** Something an administrator must resolve (e.g. two live subscriptions). */
  problem: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

const code = z
  .string()
  .trim()
  .min(1, 'Enter a code')
  .max(BILLING_LIMITS.codeLength, `At most ${BILLING_LIMITS.codeLength} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

export const checkoutInputSchema = z.strictObject({
  interval: z.enum(BILLING_INTERVALS),
  /** Add-ons bought with the plan. */
  addons: z.array(z.enum(ADDON_IDS)).max(ADDON_IDS.length).default([]),
  /** A promotion code applied to the checkout (otherwise Checkout shows its own code field). */
  coupon: code.optional(),
});
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** Where the browser goes next (Stripe Checkout, the customer portal, a hosted invoice). */
export const redirectSchema = z.object({ url: z.string() });

export const intervalInputSchema = z.strictObject({ interval: z.enum(BILLING_INTERVALS) });

export const addonChangeInputSchema = z.strictObject({
  addon: z.enum(ADDON_IDS),
  action: z.enum(['add', 'remove']),
});
export type AddonChangeInput = z.infer<typeof addonChangeInputSchema>;

/** What an add-on change will cost now, prorated, before the owner confirms it. */
export const addonPreviewSchema = z.object({
  addon: z.enum(ADDON_IDS),
  action: z.enum(['add', 'remove']),
  /** Charged (positive) or credited (negative) now for the rest of the period. */
  dueNow: z.number().int(),
  /** The recurring price from the next renewal on. */
  recurring: z.number().int(),
  currency: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  lines: z.array(z.object({ description: z.string(), amount: z.number().int() })),
  nextRenewalAt: z.string().nullable(),
});
export type AddonPreview = z.infer<typeof addonPreviewSchema>;

export const couponInputSchema = z.strictObject({ code });

// --- Administrators ---------------------------------------------------------------------------

export const adminBillingQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  q: z.string().trim().max(200).optional(),
});

export const adminBillingRowSchema = z.object({
  businessId: z.uuid(),
  email: z.string().nullable(),
  businessName: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  addons: z.array(z.enum(ADDON_IDS)),
  providerStatus: z.string().nullable(),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  renewsAt: z.string().nullable(),
  pastDueSince: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  problem: z.string().nullable(),
  grants: z.array(grantSchema),
});
export type AdminBillingRow = z.infer<typeof adminBillingRowSchema>;

export const adminBillingPageSchema = z.object({
  mode: z.enum(BILLING_MODES),
  rows: z.array(adminBillingRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  businessId: z.uuid().nullable(),
  outcome: z.string(),
  detail: z.string().nullable(),
  stripeCalls: z.number().int(),
  receivedAt: z.string(),
});
export const webhookFailureSchema = z.object({
  id: z.uuid(),
  eventId: z.string().nullable(),
  type: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});
export const adminWebhookLogSchema = z.object({
  events: z.array(webhookEventSchema),
  failures: z.array(webhookFailureSchema),
});

export const grantInputSchema = z.strictObject({
  kind: z.enum(['plan', 'addon']),
  value: z.enum(['premium', ...ADDON_IDS]),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why (at least 3 characters)')
    .max(BILLING_LIMITS.reasonLength, `At most ${BILLING_LIMITS.reasonLength} characters`),
});
export type GrantInput = z.infer<typeof grantInputSchema>;

export const couponSchema = z.object({
  /** Manual mode: our row's uuid. Stripe mode: the promotion code's id (promo_…). */
  id: z.string(),
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().int().nullable(),
  currency: z.string().nullable(),
  duration: z.enum(COUPON_DURATIONS),
  durationInMonths: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  timesRedeemed: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A coupon of manual mode (Stripe mode makes Stripe coupons and promotion codes). */
export const couponInputAdminSchema = z
  .strictObject({
    code,
    percentOff: z.number().gt(0, 'More than 0').max(100, 'At most 100').optional(),
    /** In the currency's smallest unit. */
    amountOff: z.number().int().min(1, 'At least 1').max(100_000_000).optional(),
    duration: z.enum(COUPON_DURATIONS),
    durationInMonths: z.number().int().min(1).max(36).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.percentOff === undefined) === (v.amountOff === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either a percentage or an amount',
      });
    }
    if (v.duration === 'repeating' && v.durationInMonths === undefined) {
      ctx.addIssue({ code: 'custom', path: ['durationInMonths'], message: 'How many months?' });
    }
    if (v.duration !== 'repeating' && v.durationInMonths !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['durationInMonths'],
        message: 'Only a repeating coupon has months',
      });
    }
  });
export type CouponAdminInput = z.infer<typeof couponInputAdminSchema>;

/** An invoice an administrator records in manual mode. */
export const manualInvoiceInputSchema = z.strictObject({
  amount: z.number().int().min(0).max(100_000_000),
  status: z.enum(['open', 'paid', 'void']),
  description: z.string().trim().min(1, 'Describe the invoice').max(500),
  periodStart: z.iso.date().optional(),
  periodEnd: z.iso.date().optional(),
});
export type ManualInvoiceInput = z.infer<typeof manualInvoiceInputSchema>;

export const billingRoutes = {
  overview: '/api/billing',
  checkout: '/api/billing/checkout',
  interval: '/api/billing/interval',
  addonPreview: '/api/billing/addons/preview',
  addons: '/api/billing/addons',
  coupon: '/api/billing/coupon',
  portal: '/api/billing/portal',
  cancel: '/api/billing/cancel',
  resume: '/api/billing/resume',
  /** Stripe's webhook deliveries (raw body, signature verified). */
  webhook: '/api/billing/webhooks/stripe',
  adminBusinesses: '/api/admin/billing',
  adminEvents: '/api/admin/billing/events',
  adminGrants: '/api/admin/billing/{businessId}/grants',
  adminGrant: '/api/admin/billing/{businessId}/grants/{grantId}',
  adminInvoices: '/api/admin/billing/{businessId}/invoices',
  adminCoupons: '/api/admin/billing/coupons',
  adminCoupon: '/api/admin/billing/coupons/{couponId}',
} as const;

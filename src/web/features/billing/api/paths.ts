// The API paths of billing (docs/decisions/094; `billingRoutes` of billing.contract.ts), each
// written once. Plain strings, like lib/api-paths.ts: the past-due banner is part of every
// dashboard page and keeps the contract's zod out of that chunk.

export const billingPaths = {
  overview: '/api/billing',
  checkout: '/api/billing/checkout',
  interval: '/api/billing/interval',
  addonPreview: '/api/billing/addons/preview',
  addons: '/api/billing/addons',
  coupon: '/api/billing/coupon',
  portal: '/api/billing/portal',
  cancel: '/api/billing/cancel',
  resume: '/api/billing/resume',
} as const;

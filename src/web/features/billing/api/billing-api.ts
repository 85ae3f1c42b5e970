import type {
  AddonChangeInput,
  AddonPreview,
  BillingInterval,
  BillingOverview,
  CheckoutInput,
} from '#shared/contracts/billing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { billingPaths as paths } from './paths.ts';

// The calls of /api/billing, one per route (docs/decisions/094). Every input names an interval,
// an add-on or a code; the server prices it from its own catalogue.

export interface Redirect {
  url: string;
}

export const billingApi = {
  overview: (signal?: AbortSignal) =>
    api.get<BillingOverview>(paths.overview, signal ? { signal } : {}),
  checkout: (input: CheckoutInput) => api.post<Redirect>(paths.checkout, input),
  changeInterval: (interval: BillingInterval) => api.post<unknown>(paths.interval, { interval }),
  previewAddon: (input: AddonChangeInput) => api.post<AddonPreview>(paths.addonPreview, input),
  changeAddon: (input: AddonChangeInput) => api.post<unknown>(paths.addons, input),
  redeemCoupon: (code: string) => api.post<unknown>(paths.coupon, { code }),
  portal: () => api.post<Redirect>(paths.portal),
  cancel: () => api.post<unknown>(paths.cancel),
  resume: () => api.post<unknown>(paths.resume),
};

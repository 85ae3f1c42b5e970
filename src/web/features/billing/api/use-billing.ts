import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddonChangeInput,
  BillingInterval,
  BillingOverview,
  CheckoutInput,
} from '#shared/contracts/billing.contract.ts';
import { accountKeys } from '../../account/index.ts';
import { useUserId } from '../../auth/index.ts';
import { billingApi } from './billing-api.ts';
import { billingKeys } from './keys.ts';

// The subscription page's reads and writes (docs/decisions/094). After every change the overview
// is read again, and so is the subscription the app gates areas with, so an add-on just bought
// opens its area without a reload.

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useBillingOverview(
  options: {
    enabled?: boolean;
    /** How soon to read again, from the last answer; false to wait for a change. */
    refetchInterval?: (data: BillingOverview | undefined) => number | false;
  } = {},
) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: billingKeys.overview(userId),
    queryFn: ({ signal }) => billingApi.overview(signal),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => options.refetchInterval?.(query.state.data) ?? false,
    // Every screen that reads it shows its own message.
    meta: { handlesErrors: true },
  });
}

/** Reads the overview and the gating subscription again. */
export function useRefreshBilling() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: billingKeys.overview(userId) }),
      client.invalidateQueries({ queryKey: accountKeys.subscription(userId) }),
    ]);
}

function useBillingWrite<V>(fn: (vars: V) => Promise<unknown>) {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: fn, onSuccess: () => refresh() });
}

/** Checkout and the portal answer with an address on the payment provider: go there. */
function useRedirect<V>(fn: (vars: V) => Promise<{ url: string }>) {
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const useCheckout = () => useRedirect((input: CheckoutInput) => billingApi.checkout(input));
export const usePortal = () => useRedirect((_: void) => billingApi.portal());
export const useChangeInterval = () =>
  useBillingWrite((interval: BillingInterval) => billingApi.changeInterval(interval));
export const useAddonPreview = () =>
  useMutation({ mutationFn: (input: AddonChangeInput) => billingApi.previewAddon(input) });
export const useChangeAddon = () =>
  useBillingWrite((input: AddonChangeInput) => billingApi.changeAddon(input));
export const useRedeemCoupon = () =>
  useBillingWrite((code: string) => billingApi.redeemCoupon(code));
export const useCancelSubscription = () => useBillingWrite((_: void) => billingApi.cancel());
export const useResumeSubscription = () => useBillingWrite((_: void) => billingApi.resume());

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { billingRoutes } from '#shared/contracts/billing.contract.ts';
import type {
  AdminBillingRow,
  Coupon,
  CouponAdminInput,
  Grant,
  GrantInput,
  Invoice,
  ManualInvoiceInput,
  adminBillingPageSchema,
  adminWebhookLogSchema,
} from '#shared/contracts/billing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../auth/index.ts';

// The administrators' billing view (docs/decisions/094): businesses, grants, manual invoices,
// coupons and the webhook log. Inputs are checked with the contract's schemas before sending.

export type AdminBillingPage = z.infer<typeof adminBillingPageSchema>;
export type AdminWebhookLog = z.infer<typeof adminWebhookLogSchema>;
export type { AdminBillingRow, Coupon, Grant };

const enc = encodeURIComponent;
const paths = {
  businesses: billingRoutes.adminBusinesses,
  events: billingRoutes.adminEvents,
  grants: (businessId: string) =>
    billingRoutes.adminGrants.replace('{businessId}', enc(businessId)),
  grant: (businessId: string, grantId: string) =>
    billingRoutes.adminGrant
      .replace('{businessId}', enc(businessId))
      .replace('{grantId}', enc(grantId)),
  invoices: (businessId: string) =>
    billingRoutes.adminInvoices.replace('{businessId}', enc(businessId)),
  coupons: billingRoutes.adminCoupons,
  coupon: (couponId: string) => billingRoutes.adminCoupon.replace('{couponId}', enc(couponId)),
};

export const adminBillingKeys = {
  all: ['admin-billing'] as const,
  businesses: (userId: string, q: string, page: number) =>
    ['admin-billing', userId, 'businesses', q, page] as const,
  events: (userId: string) => ['admin-billing', userId, 'events'] as const,
  coupons: (userId: string) => ['admin-billing', userId, 'coupons'] as const,
};

export const adminBillingApi = {
  businesses: (query: { q: string; page: number }, signal?: AbortSignal) =>
    api.get<AdminBillingPage>(paths.businesses, {
      query: { q: query.q || undefined, page: query.page },
      ...(signal ? { signal } : {}),
    }),
  events: (signal?: AbortSignal) =>
    api.get<AdminWebhookLog>(paths.events, signal ? { signal } : {}),
  grant: (businessId: string, input: GrantInput) =>
    api.post<Grant>(paths.grants(businessId), input),
  revoke: (businessId: string, grantId: string) =>
    api.delete<Grant>(paths.grant(businessId, grantId)),
  recordInvoice: (businessId: string, input: ManualInvoiceInput) =>
    api.post<Invoice>(paths.invoices(businessId), input),
  coupons: (signal?: AbortSignal) => api.get<Coupon[]>(paths.coupons, signal ? { signal } : {}),
  createCoupon: (input: CouponAdminInput) => api.post<Coupon>(paths.coupons, input),
  deactivateCoupon: (couponId: string) => api.delete<Coupon>(paths.coupon(couponId)),
};

export function useAdminBusinesses(q: string, page: number) {
  const user = useAuth().user!;
  return useQuery({
    queryKey: adminBillingKeys.businesses(user.id, q, page),
    queryFn: ({ signal }) => adminBillingApi.businesses({ q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookLog() {
  const user = useAuth().user!;
  return useQuery({
    queryKey: adminBillingKeys.events(user.id),
    queryFn: ({ signal }) => adminBillingApi.events(signal),
  });
}

export function useAdminCoupons() {
  const user = useAuth().user!;
  return useQuery({
    queryKey: adminBillingKeys.coupons(user.id),
    queryFn: ({ signal }) => adminBillingApi.coupons(signal),
  });
}

/** A billing change; every billing list is read again afterwards. */
export function useBillingMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBillingKeys.all }),
  });
}

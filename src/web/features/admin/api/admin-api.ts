import type { AdminAccountPage, SystemHealth } from '#shared/contracts/admin.contract.ts';
import type { Profile, Subscription, UserRole } from '#shared/contracts/account.contract.ts';
import type { PlanId } from '#shared/plans.ts';
import { api } from '../../../lib/api-client.ts';
import { adminPaths } from '../../../lib/api-paths.ts';

const routes = adminPaths;

export const adminKeys = {
  all: ['admin'] as const,
  setup: (userId: string) => ['admin-setup', userId] as const,
  accounts: (userId: string, search: string, offset: number) =>
    ['admin', userId, 'accounts', search, offset] as const,
  system: (userId: string) => ['admin', userId, 'system'] as const,
};

// Status, plan and roles go through the administration calls of profiles, user_roles and the
// subscription (docs/product/services.md); the list and the health page are this area's own.
export const adminApi = {
  setupNeeded: (signal?: AbortSignal) =>
    api.get<{ needed: boolean }>(routes.setup, signal ? { signal } : {}),
  completeSetup: (token: string) => api.post<{ admin: true }>(routes.setup, { token }),
  accounts: (query: { search: string; limit: number; offset: number }, signal?: AbortSignal) =>
    api.get<AdminAccountPage>(routes.accounts, {
      query: { search: query.search || undefined, limit: query.limit, offset: query.offset },
      ...(signal ? { signal } : {}),
    }),
  setStatus: (userId: string, status: 'active' | 'inactive') =>
    api.patch<Profile>(routes.userStatus(userId), { status }),
  setPlan: (userId: string, plan: PlanId) =>
    api.patch<Subscription>(routes.userSubscription(userId), {
      plan,
      status: 'active',
    }),
  assignAdmin: (userId: string) => api.post<UserRole>(routes.userRoles(userId), { role: 'admin' }),
  removeAdmin: (userId: string) =>
    api.delete<{ user_id: string; role: string }>(routes.userRoles(userId), {
      query: { role: 'admin' },
    }),
  system: (signal?: AbortSignal) => api.get<SystemHealth>(routes.system, signal ? { signal } : {}),
};

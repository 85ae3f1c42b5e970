import type { AdminAccountPage, SystemHealth } from '#shared/contracts/admin.contract.ts';
import type { Profile, Subscription, UserRole } from '#shared/contracts/account.contract.ts';
import type { PlanId } from '#shared/plans.ts';
import { api } from '../../../lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  setup: ['admin-setup'] as const,
  accounts: (userId: string, search: string, offset: number) =>
    ['admin', userId, 'accounts', search, offset] as const,
  system: (userId: string) => ['admin', userId, 'system'] as const,
};

// Status, plan and roles go through the administration calls of profiles, user_roles and the
// subscription (seed §7); the list and the health page are this area's own.
export const adminApi = {
  setupNeeded: (signal?: AbortSignal) =>
    api.get<{ needed: boolean }>('/api/admin/setup', signal ? { signal } : {}),
  completeSetup: (token: string) => api.post<{ admin: true }>('/api/admin/setup', { token }),
  accounts: (query: { search: string; limit: number; offset: number }, signal?: AbortSignal) =>
    api.get<AdminAccountPage>('/api/admin/accounts', {
      query: { search: query.search || undefined, limit: query.limit, offset: query.offset },
      ...(signal ? { signal } : {}),
    }),
  setStatus: (userId: string, status: 'active' | 'inactive') =>
    api.patch<Profile>(`/api/admin/users/${encodeURIComponent(userId)}/status`, { status }),
  setPlan: (userId: string, plan: PlanId) =>
    api.patch<Subscription>(`/api/admin/users/${encodeURIComponent(userId)}/subscription`, {
      plan,
      status: 'active',
    }),
  assignAdmin: (userId: string) =>
    api.post<UserRole>(`/api/admin/users/${encodeURIComponent(userId)}/roles`, { role: 'admin' }),
  removeAdmin: (userId: string) =>
    api.delete<{ user_id: string; role: string }>(
      `/api/admin/users/${encodeURIComponent(userId)}/roles`,
      { query: { role: 'admin' } },
    ),
  system: (signal?: AbortSignal) =>
    api.get<SystemHealth>('/api/admin/system', signal ? { signal } : {}),
};

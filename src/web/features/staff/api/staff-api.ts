import type {
  AcceptInvitationResult,
  ActorContext,
  CreateInvitationInput,
  InvitationPreview,
  StaffInvitation,
  StaffMemberView,
} from '#shared/contracts/staff.contract.ts';
import type { StaffRole } from '#shared/permissions.ts';
import { api } from '../../../lib/api-client.ts';

// Paths repeat staffRoutes (src/shared/contracts/staff.contract.ts) as plain strings so this
// module does not pull zod into the chunks that import it.
const base = '/api/staff';

// Keys carry the user id so one person's cached data is never shown to the next one.
export const staffKeys = {
  all: ['staff'] as const,
  me: (userId: string) => ['staff', userId, 'me'] as const,
  invitations: (userId: string, tenantId: string) =>
    ['staff', userId, tenantId, 'invitations'] as const,
  members: (userId: string, tenantId: string) => ['staff', userId, tenantId, 'members'] as const,
  preview: (token: string) => ['invitation', token] as const,
};

export const staffApi = {
  me: (signal?: AbortSignal) => api.get<ActorContext>(`${base}/me`, signal ? { signal } : {}),
  setActiveTenant: (tenantId: string) =>
    api.put<ActorContext>(`${base}/active-tenant`, { tenant_id: tenantId }),
  listInvitations: (signal?: AbortSignal) =>
    api.get<StaffInvitation[]>(`${base}/invitations`, signal ? { signal } : {}),
  createInvitation: (input: CreateInvitationInput) =>
    api.post<StaffInvitation>(`${base}/invitations`, input),
  resendInvitation: (id: string) =>
    api.post<StaffInvitation>(`${base}/invitations/${encodeURIComponent(id)}/resend`),
  invitationLink: (id: string) =>
    api.post<{ url: string }>(`${base}/invitations/${encodeURIComponent(id)}/link`),
  cancelInvitation: (id: string) =>
    api.delete<StaffInvitation>(`${base}/invitations/${encodeURIComponent(id)}`),
  listMembers: (signal?: AbortSignal) =>
    api.get<StaffMemberView[]>(`${base}/members`, signal ? { signal } : {}),
  updateMemberRole: (userId: string, role: StaffRole) =>
    api.patch<StaffMemberView>(`${base}/members/${encodeURIComponent(userId)}`, { role }),
  removeMember: (userId: string) =>
    api.delete<{ user_id: string }>(`${base}/members/${encodeURIComponent(userId)}`),
  previewInvitation: (token: string, signal?: AbortSignal) =>
    api.get<InvitationPreview>(
      `/api/invitations/${encodeURIComponent(token)}`,
      signal ? { signal } : {},
    ),
  acceptInvitation: (token: string) =>
    api.post<AcceptInvitationResult>('/api/invitations/accept', { token }),
};

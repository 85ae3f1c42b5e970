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
import { staffPaths } from '../../../lib/api-paths.ts';

const routes = staffPaths;

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
  me: (signal?: AbortSignal) => api.get<ActorContext>(routes.me, signal ? { signal } : {}),
  setActiveTenant: (tenantId: string) =>
    api.put<ActorContext>(routes.activeTenant, { tenant_id: tenantId }),
  listInvitations: (signal?: AbortSignal) =>
    api.get<StaffInvitation[]>(routes.invitations, signal ? { signal } : {}),
  createInvitation: (input: CreateInvitationInput) =>
    api.post<StaffInvitation>(routes.invitations, input),
  resendInvitation: (id: string) => api.post<StaffInvitation>(routes.resend(id)),
  invitationLink: (id: string) => api.post<{ url: string }>(routes.link(id)),
  cancelInvitation: (id: string) => api.delete<StaffInvitation>(routes.invitation(id)),
  listMembers: (signal?: AbortSignal) =>
    api.get<StaffMemberView[]>(routes.members, signal ? { signal } : {}),
  updateMemberRole: (userId: string, role: StaffRole) =>
    api.patch<StaffMemberView>(routes.member(userId), { role }),
  removeMember: (userId: string) => api.delete<{ user_id: string }>(routes.member(userId)),
  previewInvitation: (token: string, signal?: AbortSignal) =>
    api.get<InvitationPreview>(routes.preview(token), signal ? { signal } : {}),
  acceptInvitation: (token: string) => api.post<AcceptInvitationResult>(routes.accept, { token }),
};

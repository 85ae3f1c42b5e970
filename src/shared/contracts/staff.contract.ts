import { z } from 'zod';
import { STAFF_ROLES, TENANT_ROLES } from '../permissions.ts';

// Staff: invitations (docs/product/entities.md#staff_invitations; pending → cancelled,
// docs/product/entities.md#staff-invitation-states; valid 7 days,
// docs/product/constants.md#accounts-and-plans), the members of a business account, and which
// business account a person is acting in.

export const INVITATION_VALID_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const staffInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** `expired` is a pending invitation past expires_at; the stored status stays pending. */
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const createInvitationInputSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'E-mail address is required')
    .max(254, 'E-mail address is too long')
    .pipe(z.email({ error: 'Please enter a valid e-mail address' })),
  role: z.enum(STAFF_ROLES, { error: 'Choose a role' }),
});
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

export const invitationLinkSchema = z.object({ url: z.string() });

export const staffMemberViewSchema = z.object({
  user_id: z.uuid(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  joined_at: z.string(),
});
export type StaffMemberView = z.infer<typeof staffMemberViewSchema>;

export const updateMemberRoleInputSchema = z.strictObject({
  role: z.enum(STAFF_ROLES, { error: 'Choose a role' }),
});

/** A business account the person may act in: their own, and those they are staff of. */
export const membershipSchema = z.object({
  tenant_id: z.uuid(),
  business_name: z.string(),
  role: z.enum(TENANT_ROLES),
});
export type Membership = z.infer<typeof membershipSchema>;

/** Who is acting, in which business account, with which role: the web app mirrors it. */
export const actorContextSchema = z.object({
  user_id: z.uuid(),
  tenant_id: z.uuid(),
  tenant_role: z.enum(TENANT_ROLES),
  is_admin: z.boolean(),
  memberships: z.array(membershipSchema),
});
export type ActorContext = z.infer<typeof actorContextSchema>;

export const setActiveTenantInputSchema = z.strictObject({
  tenant_id: z.uuid({ error: 'Not a valid business account' }),
});

/** What the acceptance page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  business_name: z.string().nullable(),
  inviter_name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES).nullable(),
  expires_at: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationInputSchema = z.strictObject({
  token: z.string().min(20, 'This invitation link is not valid').max(200),
});

export const acceptInvitationResultSchema = z.object({
  tenant_id: z.uuid(),
  business_name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

export const staffRoutes = {
  me: '/api/staff/me',
  activeTenant: '/api/staff/active-tenant',
  invitations: '/api/staff/invitations',
  invitation: (id: string) => `/api/staff/invitations/${id}`,
  resend: (id: string) => `/api/staff/invitations/${id}/resend`,
  link: (id: string) => `/api/staff/invitations/${id}/link`,
  members: '/api/staff/members',
  member: (userId: string) => `/api/staff/members/${userId}`,
  preview: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
  accept: '/api/invitations/accept',
} as const;

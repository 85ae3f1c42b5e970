import { z } from 'zod';
import { ADDON_IDS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { USER_ROLE_NAMES } from '../permissions.ts';
import { imageUrlSchema, websiteSchema } from './urls.ts';

// Profiles, business profiles and the subscription: the data the dashboard loads after sign-in.

export const profileSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  roles: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileInputSchema = z.strictObject({
  full_name: z.string().trim().max(120, 'Name is too long').nullable().optional(),
  avatar_url: imageUrlSchema.nullable().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

export const postingHoursSchema = z
  .array(
    z.strictObject({
      day: z.int().min(0).max(6),
      start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
      end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
    }),
  )
  .max(50);

export const businessProfileSchema = z.object({
  user_id: z.uuid(),
  business_name: z.string(),
  company_name: z.string().nullable(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  brand_voice: z.string().nullable(),
  target_audience: z.string().nullable(),
  time_zone: z.string(),
  default_platforms: z.array(z.string()),
  posting_hours: postingHoursSchema,
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const PLATFORMS = ['facebook', 'instagram'] as const;
export type Platform = (typeof PLATFORMS)[number];

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const updateBusinessProfileInputSchema = z.strictObject({
  business_name: z
    .string()
    .trim()
    .min(1, 'Business name is required')
    .max(120, 'Business name is too long')
    .optional(),
  company_name: z.string().trim().max(120).nullable().optional(),
  industry: z.string().trim().max(80).nullable().optional(),
  website: websiteSchema.nullable().optional(),
  description: z.string().trim().max(2000, 'Description is too long').nullable().optional(),
  brand_voice: z.string().trim().max(1000, 'Brand voice is too long').nullable().optional(),
  target_audience: z.string().trim().max(1000, 'Target audience is too long').nullable().optional(),
  time_zone: z.string().refine(isValidTimeZone, 'Please choose a valid time zone').optional(),
  default_platforms: z.array(z.enum(PLATFORMS)).max(2).optional(),
  posting_hours: postingHoursSchema.optional(),
  logo_url: imageUrlSchema.nullable().optional(),
});
export type UpdateBusinessProfileInput = z.input<typeof updateBusinessProfileInputSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trial_ends_at: z.string().nullable(),
  addons: z.array(z.enum(ADDON_IDS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const accountRoutes = {
  profile: '/api/profile',
  businessProfile: '/api/business-profile',
  subscription: '/api/subscription',
} as const;

// Administration of users, their roles and subscriptions (docs/product/services.md#profiles,
// docs/product/services.md#user-roles).

export const DEFAULT_USER_PAGE_SIZE = 50;
export const MAX_USER_PAGE_SIZE = 500;

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userRoleSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  role: z.string(),
  tenant_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserRole = z.infer<typeof userRoleSchema>;

/** docs/product/services.md#user-roles staff list: a tenant_staff row joined to the profile. */
export const staffMemberSchema = userRoleSchema.extend({ profile: profileSchema.nullable() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const adminUserSchema = profileSchema.extend({ email: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_USER_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const updateUserStatusInputSchema = z.strictObject({ status: z.enum(USER_STATUSES) });
export type UpdateUserStatusInput = z.input<typeof updateUserStatusInputSchema>;

export const assignRoleInputSchema = z
  .strictObject({
    role: z.enum(USER_ROLE_NAMES),
    tenant_id: z.uuid().nullable().optional(),
  })
  .refine((v) => v.role !== 'tenant_staff' || !!v.tenant_id, {
    path: ['tenant_id'],
    message: 'A staff role needs the business it belongs to',
  })
  .refine((v) => v.role === 'tenant_staff' || !v.tenant_id, {
    path: ['tenant_id'],
    message: 'Only a staff role belongs to a business',
  });
export type AssignRoleInput = z.input<typeof assignRoleInputSchema>;

export const removeRoleQuerySchema = z.strictObject({ role: z.enum(USER_ROLE_NAMES) });

export const updateSubscriptionInputSchema = z
  .strictObject({
    plan: z.enum(PLAN_IDS).optional(),
    status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  })
  .refine((v) => v.plan !== undefined || v.status !== undefined, {
    path: ['plan'],
    message: 'Choose a plan or a status',
  });
export type UpdateSubscriptionInput = z.input<typeof updateSubscriptionInputSchema>;

export const adminRoutes = {
  users: '/api/admin/users',
  userStatus: (id: string) => `/api/admin/users/${id}/status`,
  userRoles: (id: string) => `/api/admin/users/${id}/roles`,
  userSubscription: (id: string) => `/api/admin/users/${id}/subscription`,
} as const;

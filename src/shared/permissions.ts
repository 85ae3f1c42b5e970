// Typed 'action:entity' vocabulary. Roles map to permissions here and nowhere else; the server
// checks them at the top of every use case and the web app mirrors them to hide what a user
// cannot do.

export const TENANT_ROLES = ['owner', 'manager', 'staff', 'viewer'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** The roles an owner or manager gives a member (staff_invitations.role, user_roles.staff_role). */
export const STAFF_ROLES = ['staff', 'manager', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const TENANT_ROLE_LABELS: Record<TenantRole, { label: string; description: string }> = {
  owner: { label: 'Owner', description: 'Everything, including the subscription and settings.' },
  manager: {
    label: 'Manager',
    description: 'Everything staff can do, plus managing staff and platform connections.',
  },
  staff: {
    label: 'Staff',
    description: 'Create, schedule and publish posts, and reply to people.',
  },
  viewer: { label: 'Viewer', description: 'Reads everything, changes nothing.' },
};

/**
 * Role names stored in user_roles.role (docs/product/roles-and-plans.md#roles: tenant_staff ties
 * a user to a tenant).
 */
export const USER_ROLE_NAMES = ['admin', 'tenant_staff'] as const;
export type UserRoleName = (typeof USER_ROLE_NAMES)[number];

export const PERMISSIONS = [
  'read:dashboard',
  'read:calendar',
  /** One's own sign-in, security and personal details: everyone signed in. */
  'manage:own-account',
  'create:post',
  'update:post',
  'delete:post',
  'schedule:post',
  'publish:post',
  'read:business-profile',
  'update:business-profile',
  'read:staff',
  'manage:staff',
  'manage:platforms',
  'reply:inbox',
  /** Moderation rules and saved replies of the social monitor. */
  'manage:inbox',
  'read:analytics',
  /** Scheduled analytics reports: who receives them and when. */
  'manage:analytics',
  'read:media',
  'upload:media',
  'update:media',
  'delete:media',
  /** Library-wide chores: cleanup of unused and duplicate items. */
  'manage:media',
  'manage:subscription',
  'admin:users',
  'admin:system',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  'read:dashboard',
  'manage:own-account',
  'read:calendar',
  'read:business-profile',
  'read:staff',
  'read:analytics',
  'read:media',
];
const STAFF: readonly Permission[] = [
  ...VIEWER,
  'create:post',
  'update:post',
  'delete:post',
  'schedule:post',
  'publish:post',
  'reply:inbox',
  'upload:media',
  'update:media',
  'delete:media',
];
const MANAGER: readonly Permission[] = [
  ...STAFF,
  'manage:staff',
  'manage:platforms',
  'manage:media',
  'manage:inbox',
  'manage:analytics',
];
const OWNER: readonly Permission[] = [...MANAGER, 'update:business-profile', 'manage:subscription'];

export const ROLE_PERMISSIONS: Record<TenantRole, ReadonlySet<Permission>> = {
  viewer: new Set(VIEWER),
  staff: new Set(STAFF),
  manager: new Set(MANAGER),
  owner: new Set(OWNER),
};

const ADMIN_PERMISSIONS: ReadonlySet<Permission> = new Set(['admin:users', 'admin:system']);

export interface Actor {
  userId: string;
  tenantId: string;
  tenantRole: TenantRole;
  isAdmin: boolean;
}

export function can(actor: Pick<Actor, 'tenantRole' | 'isAdmin'>, permission: Permission): boolean {
  if (ADMIN_PERMISSIONS.has(permission)) return actor.isAdmin;
  return ROLE_PERMISSIONS[actor.tenantRole].has(permission);
}

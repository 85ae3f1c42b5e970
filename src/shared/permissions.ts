// Typed 'action:entity' vocabulary. Roles map to permissions here and nowhere else; the server
// checks them at the top of every use case and the web app mirrors them to hide what a user
// cannot do.

export const TENANT_ROLES = ['owner', 'manager', 'staff', 'viewer'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** Role names stored in user_roles.role (seed §6: tenant_staff ties a user to a tenant). */
export const USER_ROLE_NAMES = ['admin', 'tenant_staff'] as const;
export type UserRoleName = (typeof USER_ROLE_NAMES)[number];

export const PERMISSIONS = [
  'read:dashboard',
  'read:calendar',
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
  'read:analytics',
  'manage:subscription',
  'admin:users',
  'admin:system',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  'read:dashboard',
  'read:calendar',
  'read:business-profile',
  'read:staff',
  'read:analytics',
];
const STAFF: readonly Permission[] = [
  ...VIEWER,
  'create:post',
  'update:post',
  'delete:post',
  'schedule:post',
  'publish:post',
  'reply:inbox',
];
const MANAGER: readonly Permission[] = [...STAFF, 'manage:staff', 'manage:platforms'];
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

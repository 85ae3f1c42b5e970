import { and, eq, inArray } from 'drizzle-orm';
import type { CrmMember, CrmMemberOption } from '#shared/contracts/crm.contract.ts';
import type { StaffRole } from '#shared/permissions.ts';
import type { AppDb, Tx } from '#server/platform/db/client.ts';
import { profiles, userRoles } from '../profile/profile.tables.ts';
import { unsafeEmailsOf } from '../staff/staff.repository.ts';

// The people of a business as the CRM add-on names them (docs/decisions/099-crm.md): the owner
// and the members user_roles ties to it (src/server/features/staff/), who may own a contact, and
// the names of note authors and of those who changed a contact. A person without a name is shown
// by their e-mail address. Names are read after the business's transaction, by ids that
// transaction read under row-level security, as the staff list reads e-mail addresses.

/** Names of people whose ids were read under the business's own scope. */
export async function unsafeNamesOf(
  unsafeDb: AppDb,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await unsafeDb
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, wanted));
  const emails = await unsafeEmailsOf(
    unsafeDb,
    rows.filter((r) => !r.fullName?.trim()).map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, r.fullName?.trim() || emails.get(r.id) || 'A member']));
}

/** `{ id, name }` of a person, or null when there is no one. */
export function memberOf(names: Map<string, string>, id: string | null): CrmMember | null {
  if (!id) return null;
  return { id, name: names.get(id) ?? 'A former member' };
}

/** The owner picker's people, unnamed: the business owner first, then members as they joined. */
export async function listMemberRows(
  tx: Tx,
  tenantId: string,
): Promise<Array<{ id: string; role: CrmMemberOption['role'] }>> {
  const staff = await tx
    .select({ id: userRoles.userId, role: userRoles.staffRole })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'tenant_staff'), eq(userRoles.tenantId, tenantId)))
    .orderBy(userRoles.createdAt, userRoles.id);
  return [
    { id: tenantId, role: 'owner' as const },
    ...staff.map((s) => ({ id: s.id, role: (s.role ?? 'staff') as StaffRole })),
  ];
}

/** Whether `userId` is the business owner or one of its members (user_roles). */
export async function isMember(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
  if (userId === tenantId) return true;
  const [row] = await tx
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.role, 'tenant_staff'),
        eq(userRoles.tenantId, tenantId),
        eq(userRoles.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

import { resolveBusinessName } from '#shared/business-name.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { StaffInvitation, StaffMemberView } from '#shared/contracts/staff.contract.ts';
import type { StaffRole } from '#shared/permissions.ts';
import { rowsOf, type AppDb, type Tx } from '#server/platform/db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles, userRoles } from '../profile/profile.tables.ts';
import { staffInvitations } from './staff.tables.ts';

// SQL for staff_invitations and the tenant_staff rows of user_roles
// (docs/product/entities.md#staff_invitations, docs/product/entities.md#user_roles,
// docs/product/services.md#staff-invitations, docs/product/services.md#user-roles).

type InvitationRow = typeof staffInvitations.$inferSelect;

export function toInvitationDto(row: InvitationRow, now = new Date()): StaffInvitation {
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    status: expired ? 'expired' : (row.status as StaffInvitation['status']),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
  };
}

export async function listInvitations(tx: Tx, tenantId: string): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tenantUserId, tenantId))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
}

export async function findInvitation(tx: Tx, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .limit(1);
  return row;
}

export async function findPendingByEmail(
  tx: Tx,
  tenantId: string,
  email: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tenantUserId, tenantId),
        eq(staffInvitations.status, 'pending'),
        sql`lower(${staffInvitations.email}) = lower(${email})`,
        sql`${staffInvitations.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * docs/product/services.md#staff-invitations insert {tenant_user_id, email, invitation_token,
 * status, expires_at, created_at}.
 */
export async function insertInvitation(
  tx: Tx,
  values: {
    id: string;
    tenantUserId: string;
    invitedBy: string;
    email: string;
    role: StaffRole;
    tokenHash: string;
    sealedToken: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<InvitationRow> {
  const [row] = await tx
    .insert(staffInvitations)
    .values({
      id: values.id,
      tenantUserId: values.tenantUserId,
      invitedBy: values.invitedBy,
      email: values.email,
      role: values.role,
      invitationToken: values.tokenHash,
      token: values.sealedToken,
      status: 'pending',
      expiresAt: values.expiresAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** A new link for a pending invitation: the old one stops working, the 7 days start again. */
export async function rotateInvitationToken(
  tx: Tx,
  id: string,
  values: { tokenHash: string; sealedToken: string; expiresAt: Date; now: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(staffInvitations)
    .set({
      invitationToken: values.tokenHash,
      token: values.sealedToken,
      expiresAt: values.expiresAt,
      updatedAt: values.now,
    })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
    .returning();
  return row;
}

/**
 * docs/product/services.md#staff-invitations update status to cancelled by id; only a pending
 * invitation can be cancelled.
 */
export async function cancelInvitation(
  tx: Tx,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
    .returning();
  return row;
}

export async function countSeatsInUse(tx: Tx, tenantId: string, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select (
        (select count(*) from public.user_roles
          where role = 'tenant_staff' and tenant_id = ${tenantId})
        + (select count(*) from public.staff_invitations
          where tenant_user_id = ${tenantId} and status = 'pending' and expires_at > ${now.toISOString()})
      )::int as n`),
  );
  return Number(row?.n ?? 0);
}

/** docs/product/services.md#user-roles staff list: tenant_staff rows joined to profiles. */
export async function listMembers(
  tx: Tx,
  tenantId: string,
): Promise<Array<Omit<StaffMemberView, 'email'>>> {
  const rows = await tx
    .select({
      userId: userRoles.userId,
      staffRole: userRoles.staffRole,
      createdAt: userRoles.createdAt,
      fullName: profiles.fullName,
    })
    .from(userRoles)
    .leftJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'tenant_staff'), eq(userRoles.tenantId, tenantId)))
    .orderBy(userRoles.createdAt, userRoles.id);
  return rows.map((row) => ({
    user_id: row.userId,
    full_name: row.fullName,
    role: (row.staffRole ?? 'staff') as StaffRole,
    joined_at: row.createdAt.toISOString(),
  }));
}

/** Removes a member from the tenant; the number of rows removed (row-level security decides). */
export async function deleteMember(tx: Tx, tenantId: string, userId: string): Promise<number> {
  const rows = await tx
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(userRoles.role, 'tenant_staff'),
        eq(userRoles.tenantId, tenantId),
      ),
    )
    .returning({ id: userRoles.id });
  return rows.length;
}

/** The narrow database function that changes only staff_role (migration 0008). */
export async function setMemberRole(tx: Tx, userId: string, role: StaffRole): Promise<boolean> {
  const [row] = rowsOf<{ changed: boolean }>(
    await tx.execute(sql`select app.set_staff_role(${userId}::uuid, ${role}) as changed`),
  );
  return Boolean(row?.changed);
}

export interface AcceptOutcome {
  outcome:
    'accepted' | 'not_found' | 'cancelled' | 'used' | 'expired' | 'own_business' | 'wrong_email';
  tenant_id: string | null;
  staff_role: StaffRole | null;
}

/** Migration 0008's app.accept_staff_invitation: checks, marks accepted and joins, atomically. */
export async function acceptInvitation(tx: Tx, tokenHash: string): Promise<AcceptOutcome> {
  const [row] = rowsOf<AcceptOutcome>(
    await tx.execute(
      sql`select outcome, tenant_id, staff_role from app.accept_staff_invitation(${tokenHash})`,
    ),
  );
  return row ?? { outcome: 'not_found', tenant_id: null, staff_role: null };
}

export async function businessNameOf(tx: Tx | AppDb, tenantId: string): Promise<string> {
  const [row] = rowsOf<{ business_name: string | null }>(
    await tx.execute(
      sql`select business_name from public.business_profiles where user_id = ${tenantId}`,
    ),
  );
  return resolveBusinessName(row ?? {});
}

/**
 * E-mail addresses live in auth.users, which the runtime role may not read. Call only with ids
 * already read under the caller's own scope (the tenant's members).
 */
export async function unsafeEmailsOf(
  db: AppDb,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export interface InvitationPreviewRow {
  id: string;
  invitation_token: string;
  email: string;
  role: StaffRole;
  status: string;
  expires_at: Date | string;
  business_name: string | null;
  inviter_name: string | null;
}

/**
 * The acceptance page's lookup, before anyone signs in: by the hash of the link's token.
 * Bypasses row-level security by design (the visitor has no tenant); the caller compares the
 * stored hash in constant time and shows only what the link's holder was sent anyway.
 */
export async function unsafeFindInvitationByTokenHash(
  db: AppDb,
  tokenHash: string,
): Promise<InvitationPreviewRow | undefined> {
  const [row] = rowsOf<InvitationPreviewRow>(
    await db.execute(sql`
      select si.id, si.invitation_token, si.email, si.role, si.status, si.expires_at,
             bp.business_name,
             coalesce(nullif(inviter.full_name, ''), nullif(owner.full_name, ''), bp.business_name)
               as inviter_name
      from public.staff_invitations si
      left join public.business_profiles bp on bp.user_id = si.tenant_user_id
      left join public.profiles inviter on inviter.id = si.invited_by
      left join public.profiles owner on owner.id = si.tenant_user_id
      where si.invitation_token = ${tokenHash}
      limit 1`),
  );
  return row;
}

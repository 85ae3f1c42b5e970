import { sql } from 'drizzle-orm';
import {
  INVITATION_VALID_DAYS,
  type AcceptInvitationResult,
  type CreateInvitationInput,
  type InvitationPreview,
  type StaffInvitation,
  type StaffMemberView,
} from '#shared/contracts/staff.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { TENANT_ROLE_LABELS, type StaffRole } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { serviceError } from '#server/platform/result.ts';
import { enforceRateLimit, type RateLimitRule } from '#server/platform/security/rate-limit.ts';
import { constantTimeEqual, hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { entitlementsOf, limitsOf } from '../subscription/entitlements.ts';
import * as repo from './staff.repository.ts';

// Staff invitations and members (docs/product/entities.md#staff_invitations,
// docs/product/entities.md#staff-invitation-states,
// docs/product/roles-and-plans.md#staff-invitation-rights,
// docs/product/services.md#staff-invitations). The link's token is random, stored only as a hash
// (for the lookup) and sealed with the secret box (so "copy link" and "resend" can show it again to
// the owner or a manager); accepting goes through one database function that checks and joins
// atomically (migration 0008).

export const STAFF_FAILURES = {
  list: 'Failed to fetch staff invitations',
  members: 'Failed to fetch current staff',
  create: 'Failed to create staff invitation',
  cancel: 'Failed to cancel staff invitation',
} as const;

const DAY_MS = 86_400_000;

export const STAFF_RATE_LIMITS = {
  /** Invitation e-mails (new and resent) per business account. */
  inviteTenant: { name: 'staff-invite:tenant', limit: 20, windowSeconds: 3600 },
  /** The same address, from one business account, at most this often. */
  inviteAddress: { name: 'staff-invite:address', limit: 3, windowSeconds: 3600 },
  /** Looking invitation links up without an account. */
  previewAddress: { name: 'staff-invite-preview:address', limit: 60, windowSeconds: 900 },
  acceptAccount: { name: 'staff-invite-accept:account', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

function sealContext(invitationId: string): string {
  return `staff_invitation:${invitationId}:token`;
}

function invitationUrl(ctx: ServiceContext, token: string): string {
  return `${ctx.deps.env.appUrl}/accept-invitation/${encodeURIComponent(token)}`;
}

async function run<T>(
  ctx: ServiceContext,
  text: string,
  fn: (tx: Tx) => Promise<T>,
  scope: TenantScope = tenantScope(ctx.actor),
): Promise<T> {
  try {
    return await withTenant(ctx.deps.database, scope, fn);
  } catch (error) {
    throw serviceError(text, error);
  }
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible invitation ${id}` });
}

export async function listInvitations(ctx: ServiceContext): Promise<StaffInvitation[]> {
  requireAccess(ctx.actor, 'read:staff');
  const rows = await run(ctx, STAFF_FAILURES.list, (tx) =>
    repo.listInvitations(tx, ctx.actor.tenantId),
  );
  const now = new Date();
  return rows.map((row) => repo.toInvitationDto(row, now));
}

interface EmailNames {
  businessName: string;
  inviterName: string;
}

/** Read inside the transaction; the e-mail itself is queued after it commits. */
async function emailNames(ctx: ServiceContext, tx: Tx): Promise<EmailNames> {
  const businessName = await repo.businessNameOf(tx, ctx.actor.tenantId);
  // The inviter's own profile is always visible to them.
  const [inviter] = rowsOf<{ full_name: string | null }>(
    await tx.execute(sql`select full_name from public.profiles where id = ${ctx.actor.userId}`),
  );
  return { businessName, inviterName: inviter?.full_name?.trim() || businessName };
}

async function sendInvitationEmail(
  ctx: ServiceContext,
  names: EmailNames,
  input: { email: string; role: StaffRole; token: string; expiresAt: Date },
): Promise<void> {
  try {
    await ctx.deps.mailer.send(
      input.email,
      'staffInvitation',
      emailTemplates.staffInvitation({
        url: invitationUrl(ctx, input.token),
        businessName: names.businessName,
        inviterName: names.inviterName,
        roleLabel: TENANT_ROLE_LABELS[input.role].label.toLowerCase(),
        expiresOn: input.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, ''),
      }),
    );
  } catch (error) {
    throw AppError.from('STAFF_INVITATION_EMAIL_ERROR', {
      technicalMessage: `Invitation e-mail not queued: ${String(error)}`,
      cause: error,
    });
  }
}

/**
 * docs/product/services.md#staff-invitations insert: pending, with a token, expiring 7 days after
 * creation (docs/product/constants.md#accounts-and-plans).
 */
export async function createInvitation(
  ctx: ServiceContext,
  input: CreateInvitationInput,
): Promise<StaffInvitation> {
  requireAccess(ctx.actor, 'manage:staff');
  const email = input.email.trim();
  const { database } = ctx.deps;
  await enforceRateLimit(database, STAFF_RATE_LIMITS.inviteTenant, ctx.actor.tenantId);
  await enforceRateLimit(
    database,
    STAFF_RATE_LIMITS.inviteAddress,
    `${ctx.actor.tenantId}:${email.toLowerCase()}`,
  );
  const now = new Date();
  const token = randomToken();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  const { row, names } = await run(ctx, STAFF_FAILURES.create, async (tx) => {
    if (await repo.findPendingByEmail(tx, ctx.actor.tenantId, email, now)) {
      throw AppError.from('VALIDATION_ERROR', {
        userMessage: 'This address already has a pending invitation. Resend it instead.',
        details: {
          fieldErrors: {
            email: 'This address already has a pending invitation. Resend it instead.',
          },
        },
      });
    }
    const seats = limitsOf(await entitlementsOf(tx, ctx.actor.tenantId)).staffSeats;
    if ((await repo.countSeatsInUse(tx, ctx.actor.tenantId, now)) >= seats) {
      throw AppError.from('BUSINESS_RULE_VIOLATION', {
        userMessage:
          seats === 0
            ? 'Your plan has no staff seats. Upgrade to Premium to invite your team.'
            : `Your plan has ${seats} staff seats, and they are all taken or invited.`,
        technicalMessage: `Staff seats exhausted (${seats})`,
      });
    }
    const inserted = await repo.insertInvitation(tx, {
      id,
      tenantUserId: ctx.actor.tenantId,
      invitedBy: ctx.actor.userId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      sealedToken: ctx.deps.secrets.encrypt(token, sealContext(id)),
      expiresAt,
      now,
    });
    return { row: inserted, names: await emailNames(ctx, tx) };
  });
  await sendInvitationEmail(ctx, names, { email, role: input.role, token, expiresAt });
  return repo.toInvitationDto(row, now);
}

/** A fresh link, e-mailed again: the old link stops working and the 7 days start again. */
export async function resendInvitation(ctx: ServiceContext, id: string): Promise<StaffInvitation> {
  requireAccess(ctx.actor, 'manage:staff');
  await enforceRateLimit(ctx.deps.database, STAFF_RATE_LIMITS.inviteTenant, ctx.actor.tenantId);
  const now = new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  const found = await run(ctx, STAFF_FAILURES.create, (tx) => repo.findInvitation(tx, id));
  if (!found) notFound(id);
  if (found.status !== 'pending') {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: `This invitation was ${found.status} and cannot be resent. Send a new one.`,
    });
  }
  await enforceRateLimit(
    ctx.deps.database,
    STAFF_RATE_LIMITS.inviteAddress,
    `${ctx.actor.tenantId}:${found.email.toLowerCase()}`,
  );
  const { row, names } = await run(ctx, STAFF_FAILURES.create, async (tx) => {
    const rotated = await repo.rotateInvitationToken(tx, id, {
      tokenHash: hashToken(token),
      sealedToken: ctx.deps.secrets.encrypt(token, sealContext(id)),
      expiresAt,
      now,
    });
    if (!rotated) notFound(id);
    return { row: rotated, names: await emailNames(ctx, tx) };
  });
  await sendInvitationEmail(ctx, names, {
    email: row.email,
    role: row.role as StaffRole,
    token,
    expiresAt,
  });
  return repo.toInvitationDto(row, now);
}

/** The link of a pending, unexpired invitation, for the owner or a manager to copy. */
export async function invitationLink(ctx: ServiceContext, id: string): Promise<{ url: string }> {
  requireAccess(ctx.actor, 'manage:staff');
  const found = await run(ctx, STAFF_FAILURES.list, (tx) => repo.findInvitation(tx, id));
  if (!found) notFound(id);
  if (found.status !== 'pending' || found.expiresAt.getTime() <= Date.now() || !found.token) {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: 'Only a pending invitation has a working link. Resend it to get a new one.',
    });
  }
  return { url: invitationUrl(ctx, ctx.deps.secrets.decrypt(found.token, sealContext(id))) };
}

/** docs/product/entities.md#staff-invitation-states: pending → cancelled. */
export async function cancelInvitation(ctx: ServiceContext, id: string): Promise<StaffInvitation> {
  requireAccess(ctx.actor, 'manage:staff');
  const now = new Date();
  const row = await run(ctx, STAFF_FAILURES.cancel, async (tx) => {
    const cancelled = await repo.cancelInvitation(tx, id, now);
    if (cancelled) return cancelled;
    const found = await repo.findInvitation(tx, id);
    if (!found) notFound(id);
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: `This invitation was already ${found.status}.`,
    });
  });
  return repo.toInvitationDto(row, now);
}

/**
 * docs/product/services.md#user-roles staff list (tenant_staff joined to profiles), with each
 * member's address.
 */
export async function listMembers(ctx: ServiceContext): Promise<StaffMemberView[]> {
  requireAccess(ctx.actor, 'read:staff');
  const members = await run(ctx, STAFF_FAILURES.members, (tx) =>
    repo.listMembers(tx, ctx.actor.tenantId),
  );
  const emails = await repo.unsafeEmailsOf(
    ctx.deps.database.unsafeDb,
    members.map((m) => m.user_id),
  );
  return members.map((m) => ({ ...m, email: emails.get(m.user_id) ?? null }));
}

export async function updateMemberRole(
  ctx: ServiceContext,
  userId: string,
  role: StaffRole,
): Promise<StaffMemberView> {
  requireAccess(ctx.actor, 'manage:staff');
  const changed = await run(ctx, 'Failed to assign role', (tx) =>
    repo.setMemberRole(tx, userId, role),
  );
  if (!changed) throw AppError.from('NOT_FOUND', { technicalMessage: `No member ${userId}` });
  ctx.deps.bus.publish('user-sessions', userId);
  const member = (await listMembers(ctx)).find((m) => m.user_id === userId);
  if (!member) throw AppError.from('NOT_FOUND', { technicalMessage: `No member ${userId}` });
  return member;
}

export async function removeMember(ctx: ServiceContext, userId: string): Promise<void> {
  requireAccess(ctx.actor, 'manage:staff');
  const removed = await run(ctx, 'Failed to remove role', (tx) =>
    repo.deleteMember(tx, ctx.actor.tenantId, userId),
  );
  if (removed === 0) throw AppError.from('NOT_FOUND', { technicalMessage: `No member ${userId}` });
  // The member's cached actor still names this business: drop it everywhere.
  ctx.deps.bus.publish('user-sessions', userId);
}

const UNKNOWN_INVITATION = 'This invitation link is not valid. Check the link in your e-mail.';

/** What the acceptance page shows; no sign-in needed, the token is the key. */
export async function previewInvitation(
  ctx: Pick<ServiceContext, 'deps'>,
  token: string,
  clientIp: string,
): Promise<InvitationPreview> {
  await enforceRateLimit(ctx.deps.database, STAFF_RATE_LIMITS.previewAddress, clientIp);
  const tokenHash = hashToken(token);
  const row = await repo.unsafeFindInvitationByTokenHash(ctx.deps.database.unsafeDb, tokenHash);
  if (!row || !constantTimeEqual(row.invitation_token, tokenHash)) {
    throw AppError.from('NOT_FOUND', {
      userMessage: UNKNOWN_INVITATION,
      technicalMessage: 'Unknown invitation token',
    });
  }
  const expiresAt = new Date(row.expires_at);
  const expired = row.status === 'pending' && expiresAt.getTime() <= Date.now();
  const status = expired ? 'expired' : (row.status as InvitationPreview['status']);
  // Only a live invitation says who is invited where; a used or cancelled link says only that.
  const live = status === 'pending';
  return {
    status,
    business_name: live ? row.business_name : null,
    inviter_name: live ? row.inviter_name : null,
    email: live ? row.email : null,
    role: live ? row.role : null,
    expires_at: live ? expiresAt.toISOString() : null,
  };
}

const OUTCOME_ERRORS: Record<
  Exclude<repo.AcceptOutcome['outcome'], 'accepted'>,
  { code: 'NOT_FOUND' | 'VALIDATION_ERROR' | 'FORBIDDEN'; message: string }
> = {
  not_found: { code: 'NOT_FOUND', message: UNKNOWN_INVITATION },
  cancelled: { code: 'VALIDATION_ERROR', message: 'This invitation was cancelled.' },
  used: { code: 'VALIDATION_ERROR', message: 'This invitation has already been used.' },
  expired: { code: 'VALIDATION_ERROR', message: 'This invitation has expired.' },
  own_business: {
    code: 'VALIDATION_ERROR',
    message: 'You cannot join your own business as staff.',
  },
  wrong_email: {
    code: 'FORBIDDEN',
    message:
      'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  },
};

/** Joins the signed-in person to the inviting business (tenant_staff with the invitation's role). */
export async function acceptInvitation(
  ctx: ServiceContext,
  token: string,
): Promise<AcceptInvitationResult> {
  requireAccess(ctx.actor, 'read:dashboard');
  await enforceRateLimit(ctx.deps.database, STAFF_RATE_LIMITS.acceptAccount, ctx.actor.userId);
  // The person acts as themselves here, whichever business they were looking at.
  const scope = { userId: ctx.actor.userId, tenantId: ctx.actor.userId };
  const outcome = await run(
    ctx,
    'Failed to accept staff invitation',
    (tx) => repo.acceptInvitation(tx, hashToken(token)),
    scope,
  );
  if (outcome.outcome !== 'accepted' || !outcome.tenant_id || !outcome.staff_role) {
    const failure = OUTCOME_ERRORS[outcome.outcome === 'accepted' ? 'not_found' : outcome.outcome];
    throw AppError.from(failure.code, {
      userMessage: failure.message,
      technicalMessage: `Invitation not accepted: ${outcome.outcome}`,
      details: { reason: outcome.outcome },
      userId: ctx.actor.userId,
    });
  }
  ctx.deps.bus.publish('user-sessions', ctx.actor.userId);
  ctx.deps.logger.info(
    { userId: ctx.actor.userId, tenantId: outcome.tenant_id, role: outcome.staff_role },
    'staff invitation accepted',
  );
  return {
    tenant_id: outcome.tenant_id,
    business_name: await repo.businessNameOf(ctx.deps.database.unsafeDb, outcome.tenant_id),
    role: outcome.staff_role,
  };
}

import { and, count, desc, eq } from 'drizzle-orm';
import { EMAIL_MARKETING_LIMITS } from '#shared/contracts/email-marketing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Permission } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { READ, WRITE } from './campaigns.service.ts';
import { emailSuppressions } from './email-marketing.tables.ts';
import { suppress } from './sending.repository.ts';

// The business's suppression list (docs/decisions/100): the addresses no campaign e-mails again.
// Unsubscribes and bounces come by themselves and stay; members who write add an address by hand;
// the owner and managers remove one added by hand (as row-level security allows, migration 0047).

/** Removing an address from the list: the owner's and managers' (an unsubscribe stays). */
export const REMOVE: Permission = 'manage:inbox';

export async function listSuppressions(ctx: ServiceContext, query: { page: number }) {
  requireAccess(ctx.actor, READ);
  const pageSize = EMAIL_MARKETING_LIMITS.pageSize;
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const rows = await tx
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.userId, tenantId))
      .orderBy(desc(emailSuppressions.createdAt), emailSuppressions.email)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize);
    const [total] = await tx
      .select({ n: count() })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.userId, tenantId));
    return {
      items: rows.map((row) => ({
        email: row.email,
        reason: row.reason,
        campaignId: row.campaignId,
        createdAt: row.createdAt.toISOString(),
      })),
      page: query.page,
      pageSize,
      total: total?.n ?? 0,
    };
  });
}

/** Adds an address by hand; one already on the list keeps its reason. */
export async function addSuppression(ctx: ServiceContext, input: { email: string }) {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  const email = input.email.trim().toLowerCase();
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await suppress(tx, tenantId, email, 'manual', null);
    const [row] = await tx
      .select()
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.userId, tenantId), eq(emailSuppressions.email, email)));
    return {
      email: row!.email,
      reason: row!.reason,
      campaignId: row!.campaignId,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** Removes an address added by hand; an unsubscribe or a bounce is refused. */
export async function removeSuppression(ctx: ServiceContext, email: string) {
  requireAccess(ctx.actor, REMOVE);
  const tenantId = ctx.actor.tenantId;
  const address = email.trim().toLowerCase();
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const [row] = await tx
      .select({ reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.userId, tenantId), eq(emailSuppressions.email, address)));
    if (!row) {
      throw AppError.from('NOT_FOUND', { technicalMessage: `suppression not found` });
    }
    if (row.reason !== 'manual') {
      throw AppError.from('WORKFLOW_STATE_INVALID', {
        userMessage: 'Only an address added by hand can be removed from the list.',
        technicalMessage: `suppression is ${row.reason}`,
        details: { reason: row.reason },
      });
    }
    await tx
      .delete(emailSuppressions)
      .where(and(eq(emailSuppressions.userId, tenantId), eq(emailSuppressions.email, address)));
    return { email: address };
  });
}

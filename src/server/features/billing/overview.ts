import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  BILLING_LIMITS,
  type BillingOverview,
  type Discount,
  type Grant,
  type Invoice,
} from '#shared/contracts/billing.contract.ts';
import { can } from '#shared/permissions.ts';
import { TRIAL_DAYS } from '#shared/plans.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { countSeatsInUse } from '../staff/staff.repository.ts';
import { entitlementsOf, limitsOf } from '../subscription/entitlements.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { billingGrants, billingInvoices } from './billing.tables.ts';
import { billingRuntime } from './billing-runtime.ts';
import { catalogue } from './prices.ts';

// The subscription page (docs/decisions/094, requirement 2): everything it shows, from stored
// state only — the entitlements every gate reads, the billing columns the converge step keeps,
// usage against the plan's limits, the stored invoices and the server's price catalogue. It never
// calls Stripe, so it is fast and still answers while Stripe is unreachable.

/** Manual mode: how a business upgrades, adds add-ons or redeems a coupon. */
export const MANUAL_INSTRUCTIONS =
  'Billing is handled by your administrators: contact them to upgrade, add add-ons or redeem a coupon.';

export const OVERVIEW_FAILED = 'Failed to load billing overview';

const DAY_MS = 86_400_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function connectedAccountsInUse(tx: Tx, tenantId: string): Promise<number> {
  // As the connection limit counts them (platforms.service): connected accounts of the business.
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from public.platform_connections
      where user_id = ${tenantId} and status = 'connected'`),
  );
  return Number(row?.n ?? 0);
}

/** A stored invoice as the API shows it. */
export function toInvoice(row: typeof billingInvoices.$inferSelect): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    currency: row.currency,
    description: row.description,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    hostedUrl: row.hostedUrl,
    pdfUrl: row.pdfUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

function toGrant(row: typeof billingGrants.$inferSelect): Grant {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    grantedBy: row.grantedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The overview of the acting person's business; every member may read it, the owner changes it. */
export async function getOverview(ctx: ServiceContext, now = new Date()): Promise<BillingOverview> {
  requireAccess(ctx.actor, 'read:dashboard');
  const runtime = billingRuntime(ctx.deps);
  const tenantId = ctx.actor.tenantId;
  const canManage = can(ctx.actor, 'manage:subscription');
  try {
    return await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
      const entitlements = await entitlementsOf(tx, tenantId, now);
      const [row] = await tx
        .select()
        .from(subscription)
        .where(eq(subscription.userId, tenantId))
        .limit(1);
      if (!row) {
        throw AppError.from('NOT_FOUND', { technicalMessage: `No subscription for ${tenantId}` });
      }
      const grantRows = await tx
        .select()
        .from(billingGrants)
        .where(and(eq(billingGrants.userId, tenantId), isNull(billingGrants.revokedAt)))
        .orderBy(desc(billingGrants.createdAt));
      // Invoices are the owner's (row-level security hides them from everyone else anyway).
      const invoiceRows = canManage
        ? await tx
            .select()
            .from(billingInvoices)
            .where(eq(billingInvoices.userId, tenantId))
            .orderBy(desc(billingInvoices.createdAt))
            .limit(BILLING_LIMITS.invoices)
        : [];
      const usage = {
        connectedAccounts: await connectedAccountsInUse(tx, tenantId),
        staffSeats: await countSeatsInUse(tx, tenantId, now),
      };
      const onTrial = row.plan === 'trial' && entitlements.plan === 'trial';
      const trialEndsAt = onTrial ? row.trialEndsAt : null;
      const trialDaysLeft = trialEndsAt
        ? Math.min(
            TRIAL_DAYS,
            Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
          )
        : null;
      const openInvoice = entitlements.pastDue
        ? invoiceRows.find((i) => i.status === 'open' && i.hostedUrl)
        : undefined;
      const limits = limitsOf(entitlements);
      return {
        mode: runtime.mode,
        plan: entitlements.plan,
        status: entitlements.status,
        addons: entitlements.addons,
        limits: {
          connectedAccounts: limits.connectedAccounts,
          staffSeats: limits.staffSeats,
          aiGenerationsPerMonth: limits.aiGenerationsPerMonth,
          mediaStorageBytes: limits.mediaStorageBytes,
        },
        usage,
        trialEndsAt: iso(trialEndsAt),
        trialDaysLeft,
        providerStatus: row.providerStatus,
        interval: row.billingInterval,
        renewsAt: iso(row.currentPeriodEnd),
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        pastDue: entitlements.pastDue
          ? {
              since: entitlements.pastDue.since.toISOString(),
              graceEndsAt: entitlements.pastDue.graceEndsAt.toISOString(),
            }
          : null,
        discount: (row.discount as Discount | null) ?? null,
        grants: grantRows.map(toGrant),
        prices: catalogue(runtime.currency),
        invoices: invoiceRows.map(toInvoice),
        payUrl: openInvoice?.hostedUrl ?? null,
        paymentMethod: (row.paymentMethod as { brand: string; last4: string } | null) ?? null,
        manualInstructions: runtime.mode === 'manual' ? MANUAL_INSTRUCTIONS : null,
        canManage,
        problem: canManage ? row.billingProblem : null,
      };
    });
  } catch (error) {
    throw serviceError(OVERVIEW_FAILED, error, 'SUBSCRIPTION_ERROR');
  }
}

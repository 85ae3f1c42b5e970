import type { z } from 'zod';
import type {
  AdminBillingRow,
  Grant,
  GrantInput,
  Invoice,
  ManualInvoiceInput,
  adminBillingPageSchema,
  adminWebhookLogSchema,
} from '#shared/contracts/billing.contract.ts';
import { BILLING_LIMITS } from '#shared/contracts/billing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { ADDON_IDS } from '#shared/plans.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { deriveEntitlements } from '../subscription/entitlements.ts';
import * as repo from './admin-billing.repository.ts';
import { billingRuntime } from './billing-runtime.ts';
import { toInvoice } from './overview.ts';

// The administrators' billing view (docs/decisions/094, requirement 6): every business's billing
// state as the entitlements rule derives it, the latest webhook events and failures, plans and
// add-ons granted by hand (with who and why, revoked but never deleted), and, in manual mode,
// invoices recorded by hand. Administrators only ('admin:users', as the user directory).

type AdminBillingPage = z.infer<typeof adminBillingPageSchema>;
type AdminWebhookLog = z.infer<typeof adminWebhookLogSchema>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function adminScope(ctx: ServiceContext): TenantScope {
  return { ...tenantScope(ctx.actor), isAdmin: true };
}

export function toGrant(row: repo.GrantRow): Grant {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    grantedBy: row.grantedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBusinesses(
  ctx: ServiceContext,
  query: { page: number; q?: string | undefined },
): Promise<AdminBillingPage> {
  requireAccess(ctx.actor, 'admin:users');
  const pageSize = BILLING_LIMITS.adminPageSize;
  const now = new Date();
  try {
    const { rows, total } = await repo.unsafeSearchBusinesses(ctx.deps.database.unsafeDb, {
      search: query.q || undefined,
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    });
    const grants = await withTenant(ctx.deps.database, adminScope(ctx), (tx) =>
      repo.activeGrantsOf(
        tx,
        rows.map((row) => row.businessId),
      ),
    );
    return {
      mode: billingRuntime(ctx.deps).mode,
      page: query.page,
      pageSize,
      total,
      rows: rows.map((row): AdminBillingRow => {
        const own = grants.filter((grant) => grant.userId === row.businessId);
        const derived = deriveEntitlements(row, own, now);
        return {
          businessId: row.businessId,
          email: row.email,
          businessName: row.businessName,
          plan: derived.plan,
          status: derived.status,
          addons: derived.addons,
          providerStatus: row.providerStatus,
          interval: row.interval,
          renewsAt: iso(row.renewsAt),
          pastDueSince: iso(row.pastDueSince),
          stripeCustomerId: row.stripeCustomerId,
          problem: row.problem,
          grants: own.map(toGrant),
        };
      }),
    };
  } catch (error) {
    throw serviceError('Failed to fetch billing accounts', error, 'SUBSCRIPTION_ERROR');
  }
}

export async function webhookLog(ctx: ServiceContext): Promise<AdminWebhookLog> {
  requireAccess(ctx.actor, 'admin:users');
  try {
    return await withTenant(ctx.deps.database, adminScope(ctx), async (tx) => {
      const [events, failures] = [
        await repo.latestEvents(tx, BILLING_LIMITS.adminEvents),
        await repo.latestFailures(tx, BILLING_LIMITS.adminEvents),
      ];
      return {
        events: events.map((event) => ({
          id: event.id,
          type: event.type,
          businessId: event.userId,
          outcome: event.outcome,
          detail: event.detail,
          stripeCalls: event.stripeCalls,
          receivedAt: event.receivedAt.toISOString(),
        })),
        failures: failures.map((failure) => ({
          id: failure.id,
          eventId: failure.eventId,
          type: failure.type,
          reason: failure.reason,
          at: failure.at.toISOString(),
        })),
      };
    });
  } catch (error) {
    throw serviceError('Failed to fetch billing events', error, 'SUBSCRIPTION_ERROR');
  }
}

function noBusiness(businessId: string): AppError {
  return AppError.from('NOT_FOUND', {
    userMessage: 'No such business.',
    technicalMessage: `No subscription for ${businessId}`,
  });
}

/** A plan or add-on granted by hand; the business's gates see it at once. */
export async function addGrant(
  ctx: ServiceContext,
  businessId: string,
  input: GrantInput,
): Promise<Grant> {
  requireAccess(ctx.actor, 'admin:users');
  const fits =
    input.kind === 'plan'
      ? input.value === 'premium'
      : (ADDON_IDS as readonly string[]).includes(input.value);
  if (!fits) {
    throw AppError.from('VALIDATION_ERROR', {
      technicalMessage: `Grant of ${input.kind} ${input.value}`,
      details: {
        fieldErrors: {
          value: input.kind === 'plan' ? 'Only Premium can be granted' : 'Choose an add-on',
        },
      },
    });
  }
  let grant: repo.GrantRow;
  try {
    grant = await withTenant(ctx.deps.database, adminScope(ctx), async (tx) => {
      if (!(await repo.lockBusiness(tx, businessId))) throw noBusiness(businessId);
      const active = await repo.activeGrantsOf(tx, [businessId]);
      if (active.some((g) => g.kind === input.kind && g.value === input.value)) {
        throw AppError.from('WORKFLOW_STATE_INVALID', {
          userMessage: 'This business already has that grant.',
          technicalMessage: `Duplicate grant ${input.kind} ${input.value} for ${businessId}`,
        });
      }
      return repo.insertGrant(tx, {
        userId: businessId,
        kind: input.kind,
        value: input.value,
        reason: input.reason,
        by: ctx.actor.userId,
      });
    });
  } catch (error) {
    throw serviceError('Failed to grant', error, 'SUBSCRIPTION_ERROR');
  }
  ctx.deps.cache.invalidateTenant(businessId);
  ctx.deps.logger.info(
    { businessId, kind: input.kind, value: input.value, by: ctx.actor.userId },
    'billing grant added',
  );
  return toGrant(grant);
}

/** Revoking keeps the row, with who revoked it and when. */
export async function revokeGrant(
  ctx: ServiceContext,
  businessId: string,
  grantId: string,
): Promise<Grant> {
  requireAccess(ctx.actor, 'admin:users');
  let revoked: repo.GrantRow;
  try {
    revoked = await withTenant(ctx.deps.database, adminScope(ctx), async (tx) => {
      const found = await repo.findGrant(tx, businessId, grantId);
      if (!found) {
        throw AppError.from('NOT_FOUND', {
          userMessage: 'No such grant.',
          technicalMessage: `No grant ${grantId} for ${businessId}`,
        });
      }
      const row = await repo.revokeGrant(tx, grantId, ctx.actor.userId, new Date());
      if (!row) {
        throw AppError.from('WORKFLOW_STATE_INVALID', {
          userMessage: 'This grant was already revoked.',
          technicalMessage: `Grant ${grantId} already revoked`,
        });
      }
      return row;
    });
  } catch (error) {
    throw serviceError('Failed to revoke the grant', error, 'SUBSCRIPTION_ERROR');
  }
  ctx.deps.cache.invalidateTenant(businessId);
  return toGrant(revoked);
}

const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : null);

/** Manual mode only: in Stripe and test modes invoices come from Stripe. */
export async function recordInvoice(
  ctx: ServiceContext,
  businessId: string,
  input: ManualInvoiceInput,
): Promise<Invoice> {
  requireAccess(ctx.actor, 'admin:users');
  const runtime = billingRuntime(ctx.deps);
  if (runtime.mode !== 'manual') {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: 'Invoices come from Stripe in this mode.',
      technicalMessage: `Manual invoice in ${runtime.mode} mode`,
    });
  }
  const periodStart = dayStart(input.periodStart);
  const periodEnd = dayStart(input.periodEnd);
  if (periodStart && periodEnd && periodEnd < periodStart) {
    throw AppError.from('VALIDATION_ERROR', {
      technicalMessage: 'Invoice period ends before it starts',
      details: { fieldErrors: { periodEnd: 'The period ends before it starts' } },
    });
  }
  let row: repo.InvoiceRow;
  try {
    row = await withTenant(ctx.deps.database, adminScope(ctx), async (tx) => {
      if (!(await repo.lockBusiness(tx, businessId))) throw noBusiness(businessId);
      return repo.insertManualInvoice(tx, {
        userId: businessId,
        status: input.status,
        amount: input.amount,
        currency: runtime.currency.toLowerCase(),
        description: input.description,
        periodStart,
        periodEnd,
        by: ctx.actor.userId,
      });
    });
  } catch (error) {
    throw serviceError('Failed to record the invoice', error, 'SUBSCRIPTION_ERROR');
  }
  return toInvoice(row);
}

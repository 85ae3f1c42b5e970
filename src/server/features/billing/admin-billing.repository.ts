import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PlanId, SubscriptionStatus } from '#shared/plans.ts';
import { rowsOf, type AppDb, type Tx } from '#server/platform/db/client.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import {
  billingEvents,
  billingGrants,
  billingInvoices,
  billingWebhookFailures,
} from './billing.tables.ts';

// The administrators' billing view (docs/decisions/094). The list of businesses joins auth.users
// for the owner's address, which the runtime role cannot read, so it bypasses row-level security
// like the user directory (admin.repository.ts): every caller checks 'admin:users' first. Every
// other read and write runs in an administrator's withTenant transaction.

export interface BusinessBillingRow {
  businessId: string;
  email: string | null;
  businessName: string | null;
  plan: PlanId;
  status: SubscriptionStatus;
  addons: string[];
  pastDueSince: Date | null;
  graceEndsAt: Date | null;
  providerStatus: string | null;
  interval: 'month' | 'year' | null;
  renewsAt: Date | null;
  stripeCustomerId: string | null;
  problem: string | null;
}

const date = (value: Date | string | null): Date | null =>
  value === null ? null : new Date(value);

/** Businesses with a subscription: those with a billing problem first, then newest; searched. */
export async function unsafeSearchBusinesses(
  db: AppDb,
  options: { search: string | undefined; limit: number; offset: number },
): Promise<{ rows: BusinessBillingRow[]; total: number }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = sql`
      from public.subscription s
      left join auth.users u on u.id = s.user_id
      left join public.business_profiles bp on bp.user_id = s.user_id
      where ${pattern}::text is null
         or u.email ilike ${pattern} or bp.business_name ilike ${pattern}
         or s.stripe_customer_id ilike ${pattern}`;
  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(sql`select count(*) as total ${where}`),
  );
  const rows = rowsOf<{
    user_id: string;
    email: string | null;
    business_name: string | null;
    plan: PlanId;
    status: SubscriptionStatus;
    addons: string[] | null;
    past_due_since: Date | string | null;
    grace_ends_at: Date | string | null;
    provider_status: string | null;
    billing_interval: 'month' | 'year' | null;
    current_period_end: Date | string | null;
    stripe_customer_id: string | null;
    billing_problem: string | null;
  }>(
    await db.execute(sql`
      select s.user_id, u.email, bp.business_name, s.plan, s.status, s.addons, s.past_due_since,
             s.grace_ends_at, s.provider_status, s.billing_interval, s.current_period_end,
             s.stripe_customer_id, s.billing_problem
      ${where}
      order by (s.billing_problem is null), s.created_at desc, s.user_id desc
      limit ${options.limit} offset ${options.offset}`),
  );
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => ({
      businessId: row.user_id,
      email: row.email,
      businessName: row.business_name,
      plan: row.plan,
      status: row.status,
      addons: row.addons ?? [],
      pastDueSince: date(row.past_due_since),
      graceEndsAt: date(row.grace_ends_at),
      providerStatus: row.provider_status,
      interval: row.billing_interval,
      renewsAt: date(row.current_period_end),
      stripeCustomerId: row.stripe_customer_id,
      problem: row.billing_problem,
    })),
  };
}

export type GrantRow = typeof billingGrants.$inferSelect;

export async function activeGrantsOf(tx: Tx, businessIds: string[]): Promise<GrantRow[]> {
  if (businessIds.length === 0) return [];
  return tx
    .select()
    .from(billingGrants)
    .where(and(inArray(billingGrants.userId, businessIds), isNull(billingGrants.revokedAt)))
    .orderBy(billingGrants.createdAt);
}

/** Locks the business's subscription row (grants of one business are made one at a time). */
export async function lockBusiness(tx: Tx, businessId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: subscription.id })
    .from(subscription)
    .where(eq(subscription.userId, businessId))
    .for('update');
  return rows.length > 0;
}

export async function insertGrant(
  tx: Tx,
  values: { userId: string; kind: 'plan' | 'addon'; value: string; reason: string; by: string },
): Promise<GrantRow> {
  const [row] = await tx
    .insert(billingGrants)
    .values({
      userId: values.userId,
      kind: values.kind,
      value: values.value,
      reason: values.reason,
      grantedBy: values.by,
    })
    .returning();
  return row!;
}

export async function findGrant(
  tx: Tx,
  businessId: string,
  grantId: string,
): Promise<GrantRow | null> {
  const [row] = await tx
    .select()
    .from(billingGrants)
    .where(and(eq(billingGrants.id, grantId), eq(billingGrants.userId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function revokeGrant(
  tx: Tx,
  grantId: string,
  by: string,
  now: Date,
): Promise<GrantRow | null> {
  const [row] = await tx
    .update(billingGrants)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(billingGrants.id, grantId), isNull(billingGrants.revokedAt)))
    .returning();
  return row ?? null;
}

export type InvoiceRow = typeof billingInvoices.$inferSelect;

export async function insertManualInvoice(
  tx: Tx,
  values: {
    userId: string;
    status: 'open' | 'paid' | 'void';
    amount: number;
    currency: string;
    description: string;
    periodStart: Date | null;
    periodEnd: Date | null;
    by: string;
  },
): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(billingInvoices)
    .values({
      userId: values.userId,
      provider: 'manual',
      status: values.status,
      amountDue: values.amount,
      amountPaid: values.status === 'paid' ? values.amount : 0,
      currency: values.currency,
      description: values.description,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      recordedBy: values.by,
    })
    .returning();
  return row!;
}

export async function latestEvents(tx: Tx, limit: number) {
  return tx.select().from(billingEvents).orderBy(desc(billingEvents.receivedAt)).limit(limit);
}

export async function latestFailures(tx: Tx, limit: number) {
  return tx
    .select()
    .from(billingWebhookFailures)
    .orderBy(desc(billingWebhookFailures.at))
    .limit(limit);
}

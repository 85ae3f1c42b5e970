import { and, eq, lte, or } from 'drizzle-orm';
import type { Subscription } from '#shared/contracts/account.contract.ts';
import type { AddonId, PlanId, SubscriptionStatus } from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { subscription } from './subscription.tables.ts';

type SubscriptionRow = typeof subscription.$inferSelect;

export function toSubscriptionDto(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    user_id: row.userId,
    plan: row.plan,
    status: row.status,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    addons: row.addons as AddonId[],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findSubscription(tx: Tx, userId: string): Promise<Subscription | null> {
  const [row] = await tx
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .limit(1);
  return row ? toSubscriptionDto(row) : null;
}

export interface SubscriptionChanges {
  plan?: PlanId;
  status?: SubscriptionStatus;
}

/** Null when the account has no subscription row (or row-level security hides it). */
export async function updateSubscription(
  tx: Tx,
  userId: string,
  changes: SubscriptionChanges,
  now: Date,
): Promise<Subscription | null> {
  const [row] = await tx
    .update(subscription)
    .set({ ...changes, updatedAt: now })
    .where(eq(subscription.userId, userId))
    .returning();
  return row ? toSubscriptionDto(row) : null;
}

/** An ended (inactive or past its end) trial becomes Free and active; null when there is none. */
export async function moveEndedTrialToFree(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<Subscription | null> {
  const [row] = await tx
    .update(subscription)
    .set({ plan: 'free', status: 'active', updatedAt: now })
    .where(
      and(
        eq(subscription.userId, userId),
        eq(subscription.plan, 'trial'),
        or(eq(subscription.status, 'inactive'), lte(subscription.trialEndsAt, now)),
      ),
    )
    .returning();
  return row ? toSubscriptionDto(row) : null;
}

import { eq } from 'drizzle-orm';
import {
  hasFeature,
  PLANS,
  type AddonId,
  type Feature,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { subscription } from './subscription.tables.ts';

// What a business may use: its plan, the plan's status and its add-ons, read in the transaction
// of the work it guards. The one lookup for every feature check and plan limit on the server
// (docs/product/roles-and-plans.md#features-by-plan).

export interface Entitlements {
  plan: PlanId;
  status: SubscriptionStatus;
  addons: AddonId[];
  /** False when the business has no subscription row (or row-level security hides it). */
  subscribed: boolean;
}

/**
 * Without a subscription row nothing paid is granted: the free plan's limits, inactive. Every
 * business gets a row when it is made (sign-up), so this is a person in no business, or a row
 * the caller may not see.
 */
const NONE: Entitlements = { plan: 'free', status: 'inactive', addons: [], subscribed: false };

export async function entitlementsOf(tx: Tx, tenantId: string): Promise<Entitlements> {
  const [row] = await tx
    .select({ plan: subscription.plan, status: subscription.status, addons: subscription.addons })
    .from(subscription)
    .where(eq(subscription.userId, tenantId))
    .limit(1);
  if (!row) return NONE;
  return { plan: row.plan, status: row.status, addons: row.addons as AddonId[], subscribed: true };
}

/** A feature is usable while the subscription is active and its plan or an add-on has it. */
export function grants(entitlements: Entitlements, feature: Feature): boolean {
  return (
    entitlements.status === 'active' && hasFeature(entitlements.plan, entitlements.addons, feature)
  );
}

/** The plan's limits (storage, seats, accounts, AI generations), whatever its status. */
export function limitsOf(entitlements: Entitlements) {
  return PLANS[entitlements.plan].limits;
}

/** For a technical message: "premium, active", or "no subscription". */
export function describeEntitlements(entitlements: Entitlements): string {
  return entitlements.subscribed
    ? `${entitlements.plan}, ${entitlements.status}`
    : 'no subscription';
}

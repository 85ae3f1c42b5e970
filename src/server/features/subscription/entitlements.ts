import { and, eq, isNull } from 'drizzle-orm';
import {
  ADDON_IDS,
  hasFeature,
  PLANS,
  type AddonId,
  type Feature,
  type PlanId,
  type SubscriptionStatus,
} from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { billingGrants } from '../billing/billing.tables.ts';
import { subscription } from './subscription.tables.ts';

// What a business may use: its plan, the plan's status and its add-ons, read in the transaction
// of the work it guards. The one lookup for every feature check, plan limit and page on the
// server (docs/product/roles-and-plans.md#features-by-plan), in every billing mode
// (docs/decisions/094): the stored subscription (kept by the payment provider's webhooks, or by
// administrators in manual mode), the plans and add-ons administrators granted by hand, and the
// grace period of a failed renewal.

export interface Entitlements {
  plan: PlanId;
  status: SubscriptionStatus;
  addons: AddonId[];
  /** False when the business has no subscription row (or row-level security hides it). */
  subscribed: boolean;
  /** A failed renewal still inside (or past) its grace period. */
  pastDue: { since: Date; graceEndsAt: Date } | null;
  /** What administrators granted on top of what is paid. */
  granted: { plan: PlanId | null; addons: AddonId[] };
}

/**
 * Without a subscription row nothing paid is granted: the free plan's limits, inactive. Every
 * business gets a row when it is made (sign-up), so this is a person in no business, or a row
 * the caller may not see.
 */
const NONE: Entitlements = {
  plan: 'free',
  status: 'inactive',
  addons: [],
  subscribed: false,
  pastDue: null,
  granted: { plan: null, addons: [] },
};

export interface StoredSubscription {
  plan: PlanId;
  status: SubscriptionStatus;
  addons: string[];
  pastDueSince: Date | null;
  graceEndsAt: Date | null;
}

export interface StoredGrant {
  kind: 'plan' | 'addon';
  value: string;
}

const isAddon = (value: string): value is AddonId =>
  (ADDON_IDS as readonly string[]).includes(value);

/**
 * The rule itself, from stored state alone: a granted plan replaces the paid one and is active;
 * granted add-ons join the paid ones; a failed renewal past its grace period is inactive.
 */
export function deriveEntitlements(
  row: StoredSubscription,
  grantRows: readonly StoredGrant[],
  now: Date,
): Entitlements {
  const grantedPlan = grantRows.some((g) => g.kind === 'plan' && g.value === 'premium')
    ? ('premium' as const)
    : null;
  const grantedAddons = grantRows
    .filter((g) => g.kind === 'addon')
    .map((g) => g.value)
    .filter(isAddon);
  const pastDue =
    row.pastDueSince && row.graceEndsAt
      ? { since: row.pastDueSince, graceEndsAt: row.graceEndsAt }
      : null;
  const graceOver = pastDue !== null && pastDue.graceEndsAt.getTime() <= now.getTime();
  const paidAddons = row.addons.filter(isAddon);
  return {
    plan: grantedPlan ?? row.plan,
    status: grantedPlan ? 'active' : graceOver ? 'inactive' : row.status,
    addons: ADDON_IDS.filter((a) => paidAddons.includes(a) || grantedAddons.includes(a)),
    subscribed: true,
    pastDue,
    granted: { plan: grantedPlan, addons: ADDON_IDS.filter((a) => grantedAddons.includes(a)) },
  };
}

export async function entitlementsOf(
  tx: Tx,
  tenantId: string,
  now = new Date(),
): Promise<Entitlements> {
  const [row] = await tx
    .select({
      plan: subscription.plan,
      status: subscription.status,
      addons: subscription.addons,
      pastDueSince: subscription.pastDueSince,
      graceEndsAt: subscription.graceEndsAt,
    })
    .from(subscription)
    .where(eq(subscription.userId, tenantId))
    .limit(1);
  if (!row) return NONE;
  const grantRows = await tx
    .select({ kind: billingGrants.kind, value: billingGrants.value })
    .from(billingGrants)
    .where(and(eq(billingGrants.userId, tenantId), isNull(billingGrants.revokedAt)));
  return deriveEntitlements(row, grantRows, now);
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

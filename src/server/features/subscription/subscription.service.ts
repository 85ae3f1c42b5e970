import type { Subscription, UpdateSubscriptionInput } from '#shared/contracts/account.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { entitlementsOf } from './entitlements.ts';
import * as repo from './subscription.repository.ts';

// The business account's subscription. The original stub always answered "free" or "active"
// (docs/product/services.md#stubs); this reads the real row. A missing row is not created here:
// row-level security lets an account start itself only on a trial, at sign-up (auth/provision.ts),
// so a missing row is NOT_FOUND.

export const FETCH_SUBSCRIPTION_FAILED = 'Failed to fetch user subscription';
export const UPDATE_SUBSCRIPTION_FAILED = 'Failed to update user subscription';

export async function getSubscription(ctx: ServiceContext, userId: string): Promise<Subscription> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  let found: Subscription | null;
  try {
    found = await withTenant(ctx.deps.database, scope, async (tx) => {
      const row = await repo.findSubscription(tx, userId);
      if (!row) return null;
      // Plan, status and add-ons as every gate reads them (grants, the grace period of a failed
      // renewal: docs/decisions/094), so the browser's redirects and gates follow the same rule.
      const entitlements = await entitlementsOf(tx, userId);
      return {
        ...row,
        plan: entitlements.plan,
        status: entitlements.status,
        addons: entitlements.addons,
      };
    });
  } catch (error) {
    throw serviceError(FETCH_SUBSCRIPTION_FAILED, error, 'SUBSCRIPTION_ERROR');
  }
  if (!found) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `No subscription for ${userId}` });
  }
  return found;
}

/** Administrators change plan and status (row-level security allows no one else). */
export async function updateSubscription(
  ctx: ServiceContext,
  userId: string,
  changes: UpdateSubscriptionInput,
): Promise<Subscription> {
  requireAccess(ctx.actor, 'admin:users');
  requireUserId(userId);
  const set: repo.SubscriptionChanges = {};
  if (changes.plan !== undefined) set.plan = changes.plan;
  if (changes.status !== undefined) set.status = changes.status;
  if (set.plan === undefined && set.status === undefined) {
    throw AppError.from('VALIDATION_ERROR', {
      technicalMessage: 'Nothing to change',
      details: { fieldErrors: { plan: 'Choose a plan or a status' } },
    });
  }
  let updated: Subscription | null;
  try {
    updated = await withTenant(
      ctx.deps.database,
      { ...tenantScope(ctx.actor), isAdmin: true },
      (tx) => repo.updateSubscription(tx, userId, set, new Date()),
    );
  } catch (error) {
    throw serviceError(UPDATE_SUBSCRIPTION_FAILED, error, 'SUBSCRIPTION_ERROR');
  }
  if (!updated) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `No subscription for ${userId}` });
  }
  return updated;
}

/**
 * Trial-expired → "continue on Free" (decision 034): the owner moves their ended trial to the Free
 * plan, active (dashboard and analytics only, docs/product/roles-and-plans.md#features-by-plan).
 * Row-level security allows exactly this change and nothing else to a non-administrator
 * (migration 0008).
 */
export async function continueOnFree(ctx: ServiceContext): Promise<Subscription> {
  requireAccess(ctx.actor, 'manage:subscription');
  let updated: Subscription | null;
  try {
    updated = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      repo.moveEndedTrialToFree(tx, ctx.actor.tenantId, new Date()),
    );
  } catch (error) {
    throw serviceError(UPDATE_SUBSCRIPTION_FAILED, error, 'SUBSCRIPTION_ERROR');
  }
  if (!updated) {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: 'Only an ended trial can continue on the Free plan.',
      technicalMessage: `No ended trial for ${ctx.actor.tenantId}`,
    });
  }
  ctx.deps.cache.invalidateTenant(ctx.actor.tenantId);
  return updated;
}

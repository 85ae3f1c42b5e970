import type { BestTimes } from '#shared/contracts/ai-content.contract.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';
import { requireAccess, tenantScope } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Actor } from '#shared/permissions.ts';
import { bestTimesFor } from '../ai-content/best-times.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { heatmapIn, suggestedSlots } from './heatmap.ts';

// Best-time suggestions from analytics (docs/decisions/092) for the composer and AI content:
// the heat-map of the business's accounts on one platform, reduced to three slots.

const NAMES: Record<Platform, string> = { instagram: 'Instagram', facebook: 'Facebook' };

export async function analyticsSlots(
  deps: AppDeps,
  actor: Actor,
  platform: Platform,
  now = new Date(),
) {
  const map = await heatmapIn(deps, tenantScope(actor), { account: 'all', platform }, now);
  return suggestedSlots(map, NAMES[platform]);
}

/** GET /api/analytics/best-slots: the composer's suggestions, whatever their source. */
export async function bestSlots(
  deps: AppDeps,
  actor: Actor,
  platform: Platform,
  now = new Date(),
): Promise<BestTimes> {
  requireAccess(actor, 'read:analytics');
  const profile = await withTenant(deps.database, tenantScope(actor), (tx) =>
    findBusinessProfile(tx, actor.tenantId),
  );
  return bestTimesFor({
    platform,
    timeZone: profile?.time_zone ?? 'UTC',
    publishedAt: [],
    postingHours: profile?.posting_hours ?? [],
    now,
    analytics: await analyticsSlots(deps, actor, platform, now),
  });
}

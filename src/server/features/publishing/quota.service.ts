import type { AccountQuota, LiveStatusMessage } from '#shared/contracts/publishing.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import * as platformsRepo from '../platforms/platforms.repository.ts';
import { readQuota } from '../platforms/publishing-limit.ts';

// GET /api/publishing/quota: what each connected account may still publish in the platform's
// rolling 24-hour window, for the composer (beside each account) and the home page's card
// (docs/decisions/082). The reading itself is platforms/publishing-limit.ts: kept a minute per
// connection here, so page views do not spend the calls publishing needs; saving a post that is
// scheduled or published now (posts/validate-post.ts) and the worker just before publishing
// both ask the platform afresh.

export {
  QUOTA_READING_TTL_MS,
  igHostOf,
  quotaReadingsScope,
  readQuota,
} from '../platforms/publishing-limit.ts';

/** Whether a status change may have used quota: a delivery published, or perhaps published. */
export function usesQuota(message: LiveStatusMessage): boolean {
  const status = message.delivery?.status;
  return status === 'published' || status === 'unconfirmed';
}

export async function listQuotas(ctx: ServiceContext): Promise<AccountQuota[]> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  const connections = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    platformsRepo.listConnections(tx, tenantId),
  );
  return Promise.all(
    connections
      .filter((c) => c.status === 'connected')
      .map((connection) => readQuota(ctx.deps, connection, { reuse: true })),
  );
}

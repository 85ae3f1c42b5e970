import type { Queue } from '#shared/contracts/queue.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { loadPosts } from './queue.repository.ts';
import { readAccountStates, readBusiness, toAccountQueue } from './queue-state.ts';

// GET /api/queue: every connected account's queue as the calendar's Queue view shows it
// (docs/decisions/077), read in one transaction. Reading needs no plan (docs/decisions/010).

export async function getQueue(ctx: ServiceContext): Promise<Queue> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  const now = new Date();
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const business = await readBusiness(tx, tenantId);
    const states = await readAccountStates(tx, tenantId, business, now);
    const posts = await loadPosts(
      tx,
      tenantId,
      states.flatMap((s) => s.members.map((m) => m.eventId)),
    );
    return {
      time_zone: business.timeZone,
      accounts: states.map((s) => toAccountQueue(s, posts, business.timeZone, now)),
    };
  });
}

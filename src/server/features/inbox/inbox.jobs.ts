import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import { registerInboxWebhooks } from './ingest-webhooks.ts';
import { DEFAULT_SYNC_EVERY_MS, inboxSyncJob, runSync, scheduleDueSyncs } from './sync.ts';

// The inbox's background work (docs/decisions/091): Meta's webhooks turned into items (handled
// by the platforms feature's webhook-event job), the sync of each account, and the schedule that
// queues a sync for every account that is due — a newly connected account within a minute.

const SCHEDULE_EVERY_MS = 60_000;

export async function registerInboxJobs(
  deps: AppDeps,
  chores: Chores,
  options: { syncEveryMs?: number } = {},
): Promise<void> {
  registerInboxWebhooks();
  const everyMs = options.syncEveryMs ?? deps.env.INBOX_SYNC_MINUTES * 60_000;
  await deps.jobs.work(inboxSyncJob, async ({ tenantId, connectionId }) => {
    await runSync(deps, tenantId, connectionId, { everyMs });
  });
  chores.every('inbox sync not scheduled', SCHEDULE_EVERY_MS, () => scheduleDueSyncs(deps), {
    firstAfterMs: 10_000,
  });
}

export { DEFAULT_SYNC_EVERY_MS };

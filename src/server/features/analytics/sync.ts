import { z } from 'zod';
import { REVISION_DAYS } from '#shared/analytics/metrics.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { findSyncConnection } from '../inbox/inbox-ingest.repository.ts';
import { connectionToken } from '../platforms/connection-health.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import * as repo from './analytics.repository.ts';
import { syncFacebook } from './sync-facebook.ts';
import { syncInstagram } from './sync-instagram.ts';
import { BudgetSpent, type SyncContext } from './sync-context.ts';

// The insights sync (docs/decisions/092). One job per account: the first run backfills as far as
// each metric allows, later runs (daily) read the trailing days again — Meta revises the last
// two — and every run samples the account's posts that are due. A run that fails keeps what was
// stored and records when and why; a rate limit (an error, or usage headers at 80 % or more)
// stops the run and pauses the account until the platform says it may go on.

export const analyticsSyncJob: JobDefinition<{
  tenantId: string;
  connectionId: string;
  mode: 'full' | 'posts';
}> = {
  id: 'analytics.sync',
  version: 1,
  payload: z.object({
    tenantId: z.guid(),
    connectionId: z.guid(),
    mode: z.enum(['full', 'posts']).default('full'),
  }),
  retryLimit: 1,
  retryDelay: 60,
  policy: 'stately',
  concurrency: 4,
  // Idle polling every second cost the webhook ingest half its speed on the embedded database;
  // a run waits at most five seconds to start.
  pollingIntervalSeconds: 5,
};

const DAY_MS = 86_400_000;
/** Between two daily runs of one account. */
export const DAILY_MS = DAY_MS;
/** After a failed run. */
const RETRY_MS = 60 * 60_000;
/** When the platform throttles without saying for how long. */
const THROTTLE_MS = 15 * 60_000;

export interface AnalyticsSyncReport {
  status: 'skipped' | 'ok' | 'failed' | 'throttled' | 'unavailable' | 'backfilling';
  calls: number;
  days: number;
  postsFound: number;
  samples: number;
  error: string | null;
}

export async function runAnalyticsSync(
  deps: AppDeps,
  tenantId: string,
  connectionId: string,
  options: { mode?: 'full' | 'posts'; now?: () => Date } = {},
): Promise<AnalyticsSyncReport> {
  const now = options.now ?? (() => new Date());
  const scope = businessScope(tenantId);
  const report: AnalyticsSyncReport = {
    status: 'skipped',
    calls: 0,
    days: 0,
    postsFound: 0,
    samples: 0,
    error: null,
  };
  const loaded = await withTenant(deps.database, scope, async (tx) => {
    const row = await findSyncConnection(tx, tenantId, connectionId);
    if (!row || row.status !== 'connected') return null;
    return { row, state: await repo.ensureSyncState(tx, tenantId, connectionId) };
  });
  if (!loaded) return report;
  const { row, state } = loaded;
  const started = now();
  if (state.throttledUntil && state.throttledUntil > started) {
    report.status = 'throttled';
    return report;
  }
  const mode = options.mode === 'posts' && state.backfilledFrom ? 'posts' : 'full';
  if (state.backfilledFrom === null) {
    await withTenant(deps.database, scope, (tx) => repo.markBackfilling(tx, connectionId, started));
  }
  const token = connectionToken(deps, row);
  const { client } = metaRuntime(deps);
  const ctx: SyncContext = {
    deps,
    tenantId,
    connectionId,
    account: {
      platform: row.platform,
      host: row.login === 'instagram' ? 'instagram' : 'facebook',
      externalId: row.externalId,
      token: token ?? '',
    },
    client,
    now,
    backfill: state.backfilledFrom === null,
    revisionDays: REVISION_DAYS,
    refreshDemographics:
      state.demographicsAt === null ||
      started.getTime() - state.demographicsAt.getTime() > 7 * DAY_MS,
    demographicsRead: false,
    report,
    unavailable: null,
    backfilledFrom: null,
    pauseMs: null,
  };

  let outcome: repo.SyncOutcome;
  try {
    if (!token) throw new Error('The account has no access token; reconnect it.');
    const sync = row.platform === 'instagram' ? syncInstagram : syncFacebook;
    await sync(ctx, mode);
    report.status = ctx.unavailable ? 'unavailable' : 'ok';
    outcome = {
      status: ctx.unavailable ? 'unavailable' : 'ok',
      attemptAt: started,
      success: true,
      error: null,
      unavailableReason: ctx.unavailable,
      nextSyncAt: mode === 'full' ? new Date(started.getTime() + DAILY_MS) : nextAfterPosts(state),
      backfilledFrom: ctx.backfilledFrom,
      demographicsAt: ctx.demographicsRead ? started : null,
      throttledUntil: null,
      calls: report.calls,
    };
  } catch (error) {
    const throttle = throttleOf(error, started);
    report.error = messageOf(error);
    report.status = throttle ? 'throttled' : 'failed';
    deps.logger.warn({ err: error, connectionId }, 'analytics sync failed');
    outcome = {
      status: 'failed',
      attemptAt: started,
      success: false,
      error: !throttle
        ? report.error
        : error instanceof BudgetSpent
          ? `Paused to stay within Meta’s rate limits; the sync goes on after ${throttle.toISOString()}.`
          : `Meta asked us to slow down; the next try is after ${throttle.toISOString()}.`,
      unavailableReason: ctx.unavailable,
      nextSyncAt: throttle ?? new Date(started.getTime() + RETRY_MS),
      backfilledFrom: ctx.backfilledFrom,
      throttledUntil: throttle,
      calls: report.calls,
    };
  }
  await withTenant(deps.database, scope, (tx) => repo.finishSync(tx, connectionId, outcome));
  return report;
}

/** A posts-only run leaves the daily schedule as it was. */
function nextAfterPosts(state: repo.SyncStateRow): Date {
  const last = state.lastSuccessAt?.getTime() ?? Date.now();
  return new Date(last + DAILY_MS);
}

function throttleOf(error: unknown, now: Date): Date | null {
  if (error instanceof BudgetSpent) return new Date(now.getTime() + error.waitMs);
  if (error instanceof MetaApiError && error.kind === 'rate_limited') {
    return new Date(now.getTime() + (error.details.retryAfterMs ?? THROTTLE_MS));
  }
  return null;
}

function messageOf(error: unknown): string {
  if (error instanceof MetaApiError) {
    if (error.kind === 'token_expired' || error.kind === 'token_revoked') {
      return 'The account’s access has expired or was removed; reconnect it.';
    }
    if (error.kind === 'permission_missing') {
      return `Meta refused: ${error.details.missingPermission ?? 'a permission'} is missing; reconnect the account and allow insights.`;
    }
    return `Meta answered: ${error.details.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Queues a sync for every account that is due (the minute chore). */
export async function scheduleDueAnalytics(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await repo.unsafeDueAccounts(deps.database.unsafeDb, now);
  for (const account of due) {
    await deps.jobs.send(
      analyticsSyncJob,
      { tenantId: account.user_id, connectionId: account.id, mode: account.mode },
      { singletonKey: account.id },
    );
  }
  return due.length;
}

import type { IgHost, MetaClient } from '#server/integrations/meta/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { AnalyticsSyncReport } from './sync.ts';

// What one insights run works with (docs/decisions/092): the account, the client, the clock, the
// report it fills in, and the usage check made after every call.

/**
 * Usage headers at or above this share stop the run (docs/product/meta-platform.md#rate-limits).
 * Lower than the inbox's 80 %: analytics can wait, so it leaves the rest of the app's hourly
 * allowance to publishing and the inbox.
 */
export const USAGE_CEILING = 50;
const DEFAULT_WAIT_MS = 15 * 60_000;

/** The run stopped itself: the platform's usage is near its limit. */
export class BudgetSpent extends Error {
  constructor(readonly waitMs: number) {
    super('Meta’s rate-limit usage is near its ceiling');
    this.name = 'BudgetSpent';
  }
}

export interface SyncContext {
  deps: AppDeps;
  tenantId: string;
  connectionId: string;
  account: {
    platform: 'instagram' | 'facebook';
    host: IgHost;
    externalId: string;
    token: string;
  };
  client: MetaClient;
  now: () => Date;
  /** First run: read as far back as each metric allows. */
  backfill: boolean;
  revisionDays: number;
  refreshDemographics: boolean;
  /** Set once this run has read the demographics (not when they were skipped). */
  demographicsRead: boolean;
  report: AnalyticsSyncReport;
  /** Set when the platform gives no follower insights (fewer than 100 followers). */
  unavailable: string | null;
  /** The earliest day the backfill stored. */
  backfilledFrom: string | null;
  /** Set when usage reached the ceiling: no further call this run, and a pause this long. */
  pauseMs: number | null;
}

/** Makes one Graph call, counts it and stops the run when usage is near the limit. */
export async function call<T>(ctx: SyncContext, fn: () => Promise<T>): Promise<T> {
  if (ctx.pauseMs !== null) throw new BudgetSpent(ctx.pauseMs);
  ctx.report.calls += 1;
  const result = await fn();
  // This account's headers: another account's call may have answered in between.
  const usage = ctx.client.http.usageOf(ctx.account.externalId);
  if (usage && usage.highest >= USAGE_CEILING) {
    let minutes = 0;
    for (const list of Object.values(usage.business ?? {})) {
      for (const item of list ?? []) {
        minutes = Math.max(minutes, item.estimated_time_to_regain_access ?? 0);
      }
    }
    // What this call read is kept; the next call of the run is not made.
    ctx.pauseMs = minutes > 0 ? minutes * 60_000 : DEFAULT_WAIT_MS;
  }
  return result;
}

export function inTenant<T>(ctx: SyncContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(ctx.deps.database, businessScope(ctx.tenantId), fn);
}

/** The Pacific-time date Meta counts days in, for an instant. */
export function platformDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

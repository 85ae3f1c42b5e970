import { sql } from 'drizzle-orm';
import type { AccountSyncState, AnalyticsAccount } from '#shared/contracts/analytics.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';

// The accounts an analytics query covers: every connected account of the business, or the one
// asked for — which must be one of them (an unknown id and another business's id are the same
// 404: row-level security hides the other business's accounts).

export interface AnalyticsScope {
  timeZone: string;
  accounts: AnalyticsAccount[];
  /** The accounts the query covers. */
  selected: AnalyticsAccount[];
  account: string;
}

export async function loadScope(
  tx: Tx,
  tenantId: string,
  account: string,
): Promise<AnalyticsScope> {
  const rows = rowsOf<{
    id: string;
    platform: 'instagram' | 'facebook';
    name: string;
    username: string | null;
    picture_url: string | null;
    simulated: boolean;
    time_zone: string | null;
  }>(
    await tx.execute(sql`
      select c.id, c.platform, c.name, c.username, c.picture_url, c.simulated,
             (select b.time_zone from public.business_profiles b where b.user_id = ${tenantId})
               as time_zone
        from public.platform_connections c
       where c.user_id = ${tenantId} and c.status = 'connected'
       order by c.platform desc, c.name, c.id`),
  );
  let timeZone = 'UTC';
  if (rows.length > 0) timeZone = knownTimeZone(rows[0]!.time_zone);
  else {
    const tz = rowsOf<{ time_zone: string | null }>(
      await tx.execute(
        sql`select time_zone from public.business_profiles where user_id = ${tenantId}`,
      ),
    );
    timeZone = knownTimeZone(tz[0]?.time_zone);
  }
  const accounts: AnalyticsAccount[] = rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    name: r.name,
    username: r.username,
    pictureUrl: r.picture_url,
    simulated: r.simulated,
  }));
  const selected = account === 'all' ? accounts : accounts.filter((a) => a.id === account);
  if (account !== 'all' && selected.length === 0) {
    throw AppError.from('NOT_FOUND', {
      technicalMessage: `No connected account ${account} in this business`,
    });
  }
  return { timeZone, accounts, selected, account };
}

export const idsOf = (accounts: readonly AnalyticsAccount[]) =>
  sql`${`{${accounts.map((a) => a.id).join(',')}}`}::uuid[]`;

export async function syncStatesOf(
  tx: Tx,
  tenantId: string,
  accounts: readonly AnalyticsAccount[],
): Promise<AccountSyncState[]> {
  if (accounts.length === 0) return [];
  const rows = rowsOf<{
    connection_id: string;
    status: AccountSyncState['status'];
    last_attempt_at: Date | string | null;
    last_success_at: Date | string | null;
    last_error: string | null;
    unavailable_reason: string | null;
    next_sync_at: Date | string | null;
    backfilled_from: string | null;
  }>(
    await tx.execute(sql`
      select connection_id, status, last_attempt_at, last_success_at, last_error,
             unavailable_reason, next_sync_at, backfilled_from::text as backfilled_from
        from public.analytics_sync_states
       where user_id = ${tenantId} and connection_id = any(${idsOf(accounts)})`),
  );
  const byId = new Map(rows.map((r) => [r.connection_id, r]));
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return accounts.map((a) => {
    const r = byId.get(a.id);
    return {
      accountId: a.id,
      status: r?.status ?? 'never',
      lastAttemptAt: iso(r?.last_attempt_at ?? null),
      lastSuccessAt: iso(r?.last_success_at ?? null),
      lastError: r?.last_error ?? null,
      unavailableReason: r?.unavailable_reason ?? null,
      nextSyncAt: iso(r?.next_sync_at ?? null),
      backfilledFrom: r?.backfilled_from ?? null,
    };
  });
}

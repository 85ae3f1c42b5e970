import { sql } from 'drizzle-orm';
import type {
  AnalyticsAccount,
  DemographicSet,
  Demographics,
} from '#shared/contracts/analytics.contract.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { idsOf, loadScope, syncStatesOf } from './accounts.ts';

// Audience demographics (docs/decisions/092): the latest breakdowns the sync stored — Instagram's
// follower_demographics and engaged_audience_demographics by age, gender, city and country, a
// Page's page_follows_city and page_follows_country — each set naming the platform's period.
// A set the platform did not give says why instead of showing an empty chart.

interface SetSpec {
  metric: string;
  audience: 'followers' | 'engaged';
  breakdown: DemographicSet['breakdown'];
}

const IG_SETS: SetSpec[] = (['followers', 'engaged'] as const).flatMap((audience) =>
  (['age', 'gender', 'city', 'country'] as const).map((breakdown) => ({
    metric: audience === 'followers' ? 'follower_demographics' : 'engaged_audience_demographics',
    audience,
    breakdown,
  })),
);
const FB_SETS: SetSpec[] = [
  { metric: 'page_follows_city', audience: 'followers', breakdown: 'city' },
  { metric: 'page_follows_country', audience: 'followers', breakdown: 'country' },
];

const PERIOD_LABELS: Record<string, string> = {
  this_month: 'Last 30 days (this_month)',
  this_week: 'Last 7 days (this_week)',
  day: 'Followers on the latest day (day)',
  lifetime: 'Lifetime (lifetime)',
};

/** Top values per set, as the platform gives them (Instagram: 45). */
const TOP = 45;

export function periodLabel(period: string): string {
  return PERIOD_LABELS[period] ?? period;
}

export async function demographicsIn(
  deps: AppDeps,
  scope: TenantScope,
  query: { account: string },
): Promise<Demographics> {
  return withTenant(deps.database, scope, async (tx) => {
    const loaded = await loadScope(tx, scope.tenantId, query.account);
    if (loaded.selected.length === 0) return { account: loaded.account, sets: [] };
    const rows = rowsOf<{
      connection_id: string;
      metric: string;
      breakdown: string;
      key: string;
      value: number;
      period: string;
      fetched_at: Date | string;
    }>(
      await tx.execute(sql`
        select connection_id, metric, breakdown, key, value, period, fetched_at
          from public.analytics_breakdowns
         where connection_id = any(${idsOf(loaded.selected)}) and user_id = ${scope.tenantId}`),
    );
    const states = new Map(
      (await syncStatesOf(tx, scope.tenantId, loaded.selected)).map((s) => [s.accountId, s]),
    );
    const sets: DemographicSet[] = [];
    for (const account of loaded.selected) {
      for (const spec of setsOf(account)) {
        const mine = rows.filter(
          (r) =>
            r.connection_id === account.id &&
            r.metric === spec.metric &&
            r.breakdown === spec.breakdown,
        );
        const state = states.get(account.id);
        const values = mine
          .map((r) => ({ key: r.key, value: Number(r.value) }))
          .sort((a, b) =>
            spec.breakdown === 'age' ? a.key.localeCompare(b.key) : b.value - a.value,
          )
          .slice(0, TOP);
        const fetched = mine.reduce<string | null>((m, r) => {
          const iso = new Date(r.fetched_at).toISOString();
          return m === null || iso > m ? iso : m;
        }, null);
        sets.push({
          accountId: account.id,
          metric: spec.metric,
          audience: spec.audience,
          breakdown: spec.breakdown,
          periodLabel: periodLabel(mine[0]?.period ?? defaultPeriod(account)),
          fetchedAt: fetched,
          values,
          unavailableReason:
            values.length > 0
              ? null
              : (state?.unavailableReason ??
                (state?.lastSuccessAt
                  ? `${account.platform === 'instagram' ? 'Instagram' : 'Facebook'} gave no ${spec.breakdown} figures for this audience.`
                  : 'Not fetched yet: the first sync is still to run.')),
        });
      }
    }
    return { account: loaded.account, sets };
  });
}

const setsOf = (account: AnalyticsAccount) =>
  account.platform === 'instagram' ? IG_SETS : FB_SETS;
const defaultPeriod = (account: AnalyticsAccount) =>
  account.platform === 'instagram' ? 'this_month' : 'day';

export function demographicsFor(deps: AppDeps, tenantId: string, query: { account: string }) {
  return demographicsIn(deps, businessScope(tenantId), query);
}

import { sql } from 'drizzle-orm';
import type { HomeKpis, MetricCard } from '#shared/contracts/analytics.contract.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { overviewIn } from './overview.ts';

// The home page's figures (docs/decisions/092), from the same stored data and the same
// definitions as the analytics page: followers at the end of the last 7 days, reach as the
// average day of the last 7, engagement rate of the posts of the last 28 days, and the posts
// waiting to go out.

export async function homeKpisIn(
  deps: AppDeps,
  scope: TenantScope,
  now = new Date(),
): Promise<HomeKpis> {
  const week = await overviewIn(deps, scope, { account: 'all', range: '7' }, now);
  const month = await overviewIn(deps, scope, { account: 'all', range: '28' }, now);
  const card = (cards: MetricCard[], key: MetricCard['key'], label: string): MetricCard => ({
    ...cards.find((c) => c.key === key)!,
    label,
  });
  const scheduled = await withTenant(deps.database, scope, async (tx) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from public.platform_posts
         where user_id = ${scope.tenantId} and status = 'scheduled'
           and scheduled_for > ${now.toISOString()}::timestamptz`),
    ),
  );
  return {
    followers: card(week.cards, 'followers', 'Followers'),
    reach7d: card(week.cards, 'reach', '7-day reach (daily average)'),
    engagementRate: card(month.cards, 'engagement_rate', 'Engagement rate (28 days)'),
    postsScheduled: scheduled[0]?.n ?? 0,
    hasAccounts: week.accounts.length > 0,
  };
}

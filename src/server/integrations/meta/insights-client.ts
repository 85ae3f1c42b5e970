import { insightsCore, type InsightsClientDeps } from './insights-core.ts';
import { instagramInsights } from './insights-instagram.ts';
import { pageInsights } from './insights-page.ts';

export type {
  AccountTotal,
  DailyValue,
  DemographicList,
  IgMediaSummary,
  PagePostSummary,
} from './insights-normalise.ts';
export type { InsightsClientDeps, InsightsHost } from './insights-core.ts';

// The analytics' Graph calls (docs/decisions/092, docs/product/meta-platform.md#insights): an
// Instagram account's (insights-instagram.ts) and a Page's (insights-page.ts). Composed into
// createMetaClient as `insights`, on the same GraphHttp as every other call (usage headers, the
// rate-limit gate per account, retries). Every metric list is checked against the retired
// metrics before it is sent (insights-core.ts), so a retired name never reaches Meta.

export function createInsightsClient(deps: InsightsClientDeps) {
  const core = insightsCore(deps);
  return { ...instagramInsights(core), ...pageInsights(core) };
}

export type InsightsClient = ReturnType<typeof createInsightsClient>;

import { assertCurrentMetrics } from '#shared/analytics/metrics.ts';
import type { GraphHttp } from './http.ts';
import { iso, unixSeconds, type InsightsAnswer } from './insights-normalise.ts';

// The shared part of the analytics' Graph calls (insights-client.ts): one insights request with its
// metric list checked against the retired metrics, and a newest-first listing that follows the
// `after` cursor.

/** graph.facebook.com (Facebook Login) or graph.instagram.com (Instagram Login). */
export type InsightsHost = 'facebook' | 'instagram';

export interface InsightsClientDeps {
  http: GraphHttp;
  url(host: InsightsHost, path: string): string;
  proof(host: InsightsHost): string | undefined;
}

interface Paged<T> {
  data: T[];
  paging?: { cursors?: { after?: string }; next?: string };
}

export function insightsCore({ http, url, proof }: InsightsClientDeps) {
  function insights(
    host: InsightsHost,
    objectId: string,
    token: string,
    params: Record<string, string | number | undefined>,
    usageKey: string,
  ): Promise<InsightsAnswer> {
    assertCurrentMetrics(String(params.metric ?? '').split(','));
    return http.request<InsightsAnswer>({
      method: 'GET',
      url: url(host, `/${objectId}/insights`),
      params,
      token,
      proofSecret: proof(host),
      usageKey,
    });
  }

  /** Follows the `after` cursor while there is a next page, up to `maxPages`, stopping once an
   *  item is older than `since` (listings are newest first). */
  async function listNewestFirst<T>(
    host: InsightsHost,
    path: string,
    token: string,
    fields: string,
    options: { since?: Date; limit?: number; maxPages?: number },
    timeOf: (item: T) => string | undefined,
    usageKey: string,
  ): Promise<T[]> {
    const out: T[] = [];
    const since = options.since?.getTime();
    let after: string | undefined;
    for (let page = 0; page < (options.maxPages ?? 10); page += 1) {
      const answer = await http.request<Paged<T>>({
        method: 'GET',
        url: url(host, path),
        params: {
          fields,
          limit: options.limit ?? 50,
          ...(options.since ? { since: unixSeconds(options.since) } : {}),
          ...(after ? { after } : {}),
        },
        token,
        proofSecret: proof(host),
        usageKey,
      });
      let older = false;
      for (const item of answer.data) {
        const at = Date.parse(iso(timeOf(item)));
        if (since !== undefined && Number.isFinite(at) && at < since) older = true;
        else out.push(item);
      }
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after || older) break;
    }
    return out;
  }

  return { http, url, proof, insights, listNewestFirst };
}

export type InsightsCore = ReturnType<typeof insightsCore>;

import {
  assertCurrentMetrics,
  MAX_SPAN_DAYS,
  PAGE_POST_METRICS,
} from '#shared/analytics/metrics.ts';
import {
  checkSpan,
  dailyValues,
  iso,
  keyedList,
  lifetimeNumber,
  POST_KINDS,
  unixSeconds,
  type DailyValue,
  type DemographicList,
  type PagePostSummary,
  type RawPost,
} from './insights-normalise.ts';
import type { InsightsCore } from './insights-core.ts';

// A Facebook Page's insights (docs/decisions/092, docs/product/meta-platform.md#insights): daily
// values, where its followers are, its posts and their insights.

const POST_FIELDS = 'id,message,created_time,permalink_url,full_picture,status_type';

export function pageInsights({ http, url, proof, insights, listNewestFirst }: InsightsCore) {
  return {
    /** Daily Page values (`period=day`), at most 90 days per call. */
    async pageDaily(
      pageId: string,
      pageToken: string,
      input: { metrics: readonly string[]; since: Date; until: Date },
    ): Promise<DailyValue[]> {
      assertCurrentMetrics(input.metrics);
      checkSpan(input.since, input.until, MAX_SPAN_DAYS.page);
      const answer = await insights(
        'facebook',
        pageId,
        pageToken,
        {
          metric: input.metrics.join(','),
          period: 'day',
          since: unixSeconds(input.since),
          until: unixSeconds(input.until),
        },
        pageId,
      );
      return dailyValues(answer);
    },

    /** Where the Page's followers are, from the latest day; null when there is no data. */
    async pageDemographics(
      pageId: string,
      pageToken: string,
      metric: 'page_follows_city' | 'page_follows_country',
    ): Promise<DemographicList | null> {
      const answer = await insights(
        'facebook',
        pageId,
        pageToken,
        { metric, period: 'day' },
        pageId,
      );
      const values = answer.data.find((d) => d.name === metric)?.values ?? [];
      const latest = values.at(-1);
      return latest ? keyedList(latest.value) : null;
    },

    /** The Page's posts, newest first, back to `since`. */
    async pagePosts(
      pageId: string,
      pageToken: string,
      options: { since?: Date; limit?: number; maxPages?: number } = {},
    ): Promise<PagePostSummary[]> {
      const items = await listNewestFirst<RawPost>(
        'facebook',
        `/${pageId}/posts`,
        pageToken,
        POST_FIELDS,
        options,
        (p) => p.created_time,
        pageId,
      );
      return items.map((p) => ({
        id: p.id,
        message: p.message ?? null,
        createdTime: iso(p.created_time),
        permalink: p.permalink_url ?? null,
        pictureUrl: p.full_picture ?? null,
        kind: POST_KINDS[p.status_type ?? ''] ?? p.status_type ?? 'status',
      }));
    },

    /** A post's lifetime values, reactions summed, with its comment and share counts. */
    async pagePostInsights(postId: string, pageToken: string): Promise<Record<string, number>> {
      const pageId = postId.split('_')[0]!;
      const answer = await insights(
        'facebook',
        postId,
        pageToken,
        { metric: PAGE_POST_METRICS.join(',') },
        pageId,
      );
      const out: Record<string, number> = {};
      for (const entry of answer.data ?? []) {
        const value = lifetimeNumber(entry);
        if (value !== null) out[entry.name] = value;
      }
      const counts = await http.request<{
        shares?: { count?: number };
        comments?: { summary?: { total_count?: number } };
      }>({
        method: 'GET',
        url: url('facebook', `/${postId}`),
        params: { fields: 'shares,comments.summary(true).limit(0)' },
        token: pageToken,
        proofSecret: proof('facebook'),
        usageKey: pageId,
      });
      out.comments = counts.comments?.summary?.total_count ?? 0;
      out.shares = counts.shares?.count ?? 0;
      return out;
    },
  };
}

import {
  assertCurrentMetrics,
  IG_MEDIA_METRICS,
  MAX_SPAN_DAYS,
  type IgProductType,
} from '#shared/analytics/metrics.ts';
import {
  checkSpan,
  dailyValues,
  dayOfEndTime,
  iso,
  lifetimeNumber,
  unixSeconds,
  type AccountTotal,
  type DailyValue,
  type DemographicList,
  type IgMediaSummary,
  type RawMedia,
} from './insights-normalise.ts';
import type { InsightsCore, InsightsHost } from './insights-core.ts';

// An Instagram account's insights (docs/decisions/092, docs/product/meta-platform.md#insights):
// daily series and day totals, demographics, online followers, the profile, its media and their
// insights.

const MEDIA_FIELDS =
  'id,caption,media_type,media_product_type,permalink,thumbnail_url,media_url,timestamp';

export function instagramInsights({ http, url, proof, insights, listNewestFirst }: InsightsCore) {
  return {
    /** Daily series: `reach` (metric_type=time_series) and `follower_count` (period=day). */
    async igAccountSeries(
      host: InsightsHost,
      igUserId: string,
      token: string,
      input: { metrics: readonly string[]; since: Date; until: Date },
    ): Promise<DailyValue[]> {
      assertCurrentMetrics(input.metrics);
      checkSpan(input.since, input.until, MAX_SPAN_DAYS.instagram);
      const out: DailyValue[] = [];
      for (const metric of input.metrics) {
        const answer = await insights(
          host,
          igUserId,
          token,
          {
            metric,
            period: 'day',
            ...(metric === 'follower_count' ? {} : { metric_type: 'time_series' }),
            since: unixSeconds(input.since),
            until: unixSeconds(input.until),
          },
          igUserId,
        );
        out.push(...dailyValues(answer));
      }
      return out;
    },

    /** Totals over since..until (`metric_type=total_value`, `period=day`). */
    async igAccountTotals(
      host: InsightsHost,
      igUserId: string,
      token: string,
      input: { metrics: readonly string[]; since: Date; until: Date; breakdown?: string },
    ): Promise<AccountTotal[]> {
      assertCurrentMetrics(input.metrics);
      checkSpan(input.since, input.until, MAX_SPAN_DAYS.instagram);
      const answer = await insights(
        host,
        igUserId,
        token,
        {
          metric: input.metrics.join(','),
          period: 'day',
          metric_type: 'total_value',
          since: unixSeconds(input.since),
          until: unixSeconds(input.until),
          breakdown: input.breakdown,
        },
        igUserId,
      );
      return input.metrics.map((metric) => {
        const entry = answer.data.find((d) => d.name === metric);
        const results = entry?.total_value?.breakdowns?.[0]?.results;
        return {
          metric,
          value: entry?.total_value?.value ?? null,
          breakdown: results
            ? Object.fromEntries(results.map((r) => [r.dimension_values.at(-1) ?? '', r.value]))
            : null,
        };
      });
    },

    /** Audience by one breakdown (the top 45); null when the account has none (below 100). */
    async igDemographics(
      host: InsightsHost,
      igUserId: string,
      token: string,
      input: {
        metric: 'follower_demographics' | 'engaged_audience_demographics';
        breakdown: 'age' | 'gender' | 'city' | 'country';
        timeframe: 'this_week' | 'this_month';
      },
    ): Promise<DemographicList | null> {
      const answer = await insights(
        host,
        igUserId,
        token,
        {
          metric: input.metric,
          period: 'lifetime',
          metric_type: 'total_value',
          timeframe: input.timeframe,
          breakdown: input.breakdown,
        },
        igUserId,
      );
      const entry = answer.data.find((d) => d.name === input.metric);
      if (!entry) return null;
      const results = entry.total_value?.breakdowns?.[0]?.results ?? [];
      return results
        .map((r) => ({ key: r.dimension_values.at(-1) ?? '', value: r.value }))
        .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
    },

    /** Followers online by Pacific hour, per day (the last 30 days). */
    async igOnlineFollowers(
      host: InsightsHost,
      igUserId: string,
      token: string,
      input: { since: Date; until: Date },
    ): Promise<Array<{ day: string; hours: Record<number, number> }>> {
      checkSpan(input.since, input.until, MAX_SPAN_DAYS.instagram);
      const answer = await insights(
        host,
        igUserId,
        token,
        {
          metric: 'online_followers',
          period: 'lifetime',
          since: unixSeconds(input.since),
          until: unixSeconds(input.until),
        },
        igUserId,
      );
      const entry = answer.data.find((d) => d.name === 'online_followers');
      return (entry?.values ?? [])
        .filter((v) => v.end_time && v.value && typeof v.value === 'object')
        .map((v) => ({
          day: dayOfEndTime(v.end_time!),
          hours: Object.fromEntries(
            Object.entries(v.value as Record<string, unknown>)
              .filter((e): e is [string, number] => typeof e[1] === 'number')
              .map(([hour, n]) => [Number(hour), n]),
          ),
        }));
    },

    async igProfile(
      host: InsightsHost,
      igUserId: string,
      token: string,
    ): Promise<{ followersCount: number; mediaCount: number }> {
      const node = await http.request<{ followers_count?: number; media_count?: number }>({
        method: 'GET',
        url: url(host, `/${igUserId}`),
        params: { fields: 'followers_count,media_count' },
        token,
        proofSecret: proof(host),
        usageKey: igUserId,
      });
      return { followersCount: node.followers_count ?? 0, mediaCount: node.media_count ?? 0 };
    },

    /** The account's media, newest first, back to `since`. */
    async igMedia(
      host: InsightsHost,
      igUserId: string,
      token: string,
      options: { since?: Date; limit?: number; maxPages?: number } = {},
    ): Promise<IgMediaSummary[]> {
      const items = await listNewestFirst<RawMedia>(
        host,
        `/${igUserId}/media`,
        token,
        MEDIA_FIELDS,
        options,
        (m) => m.timestamp,
        igUserId,
      );
      return items.map((m) => {
        const product = m.media_product_type;
        return {
          id: m.id,
          caption: m.caption ?? null,
          mediaType: m.media_type ?? 'IMAGE',
          productType: product === 'REELS' || product === 'STORY' ? product : 'FEED',
          permalink: m.permalink ?? null,
          thumbnailUrl: m.thumbnail_url ?? m.media_url ?? null,
          timestamp: iso(m.timestamp),
        };
      });
    },

    /**
     * A medium's lifetime values for its product type's metric set; {} when there are none.
     * `accountId`: the account it belongs to, whose usage (and rate-limit pause) the call counts
     * against.
     */
    async igMediaInsights(
      host: InsightsHost,
      mediaId: string,
      token: string,
      productType: IgProductType,
      accountId: string = mediaId,
    ): Promise<Record<string, number>> {
      const answer = await insights(
        host,
        mediaId,
        token,
        { metric: IG_MEDIA_METRICS[productType].join(',') },
        accountId,
      );
      const out: Record<string, number> = {};
      for (const entry of answer.data ?? []) {
        const value = lifetimeNumber(entry);
        if (value !== null) out[entry.name] = value;
      }
      return out;
    },
  };
}

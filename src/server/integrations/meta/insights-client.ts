import {
  assertCurrentMetrics,
  IG_MEDIA_METRICS,
  MAX_SPAN_DAYS,
  PAGE_POST_METRICS,
  type IgProductType,
} from '#shared/analytics/metrics.ts';
import type { GraphHttp } from './http.ts';
import {
  checkSpan,
  dailyValues,
  dayOfEndTime,
  iso,
  keyedList,
  lifetimeNumber,
  POST_KINDS,
  unixSeconds,
  type AccountTotal,
  type DailyValue,
  type DemographicList,
  type IgMediaSummary,
  type InsightsAnswer,
  type PagePostSummary,
  type RawMedia,
  type RawPost,
} from './insights-normalise.ts';

export type {
  AccountTotal,
  DailyValue,
  DemographicList,
  IgMediaSummary,
  PagePostSummary,
} from './insights-normalise.ts';

// The analytics' Graph calls (docs/decisions/092, docs/product/meta-platform.md#insights): an
// Instagram account's daily series and day totals, demographics, online followers, its media and
// their insights; a Page's daily insights, where its followers are, its posts and their insights.
// Composed into createMetaClient as `insights`, on the same GraphHttp as every other call (usage
// headers, the rate-limit gate per account, retries). Every metric list is checked against the
// retired metrics before it is sent, so a retired name never reaches Meta.

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

const MEDIA_FIELDS =
  'id,caption,media_type,media_product_type,permalink,thumbnail_url,media_url,timestamp';
const POST_FIELDS = 'id,message,created_time,permalink_url,full_picture,status_type';

export function createInsightsClient({ http, url, proof }: InsightsClientDeps) {
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

export type InsightsClient = ReturnType<typeof createInsightsClient>;

import { describe, expect, it } from 'vitest';
import type {
  AnalyticsOverview,
  BestTimeHeatmap,
  Demographics,
  MetricCard,
  PostDrillDown,
  TopPost,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import {
  bestTimesCsv,
  csvCell,
  csvFileName,
  demographicsCsv,
  postSamplesCsv,
  postsCsv,
  seriesCsv,
  summaryCsv,
  toCsv,
} from './csv.ts';

// The CSV export (docs/decisions/092): RFC 4180 text with a byte order mark, formula text
// neutralised but numbers left as numbers, and each table's columns.

const BOM = '\uFEFF';

/** The file's lines without the byte order mark and the last CRLF. */
function lines(csv: string): string[] {
  expect(csv.startsWith(BOM)).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

const range = {
  from: '2026-11-01',
  to: '2026-11-28',
  days: 28,
  previousFrom: '2026-10-04',
  previousTo: '2026-10-31',
  timeZone: 'Europe/Lisbon',
};

const reach: MetricCard = {
  key: 'reach',
  label: 'Reach',
  unit: 'count',
  aggregation: 'daily_average',
  value: 1234.5,
  previous: 1000,
  changePct: 23.5,
  provenance: {
    sources: [
      { platform: 'instagram', metric: 'reach', period: 'day' },
      { platform: 'facebook', metric: 'page_total_media_view_unique', period: 'day' },
    ],
    fetchedAt: '2026-11-29T06:00:00.000Z',
    estimate: null,
    note: 'Reach cannot be added up over days, so this is the average day',
  },
};

const followers: MetricCard = {
  key: 'followers',
  label: 'Followers',
  unit: 'count',
  aggregation: 'last',
  value: 980,
  previous: 1000,
  changePct: -2,
  provenance: {
    sources: [{ platform: 'instagram', metric: 'followers_count', period: 'lifetime' }],
    fetchedAt: null,
    estimate: 'Past totals worked out from daily follows and unfollows',
    note: null,
  },
};

const engagement: MetricCard = {
  key: 'engagement_rate',
  label: 'Engagement rate',
  unit: 'percent',
  aggregation: 'ratio',
  value: null,
  previous: null,
  changePct: null,
  provenance: { sources: [], fetchedAt: null, estimate: null, note: null },
};

const overview: AnalyticsOverview = {
  range,
  accounts: [],
  account: 'all',
  cards: [reach, followers, engagement],
  series: [
    {
      key: 'follows',
      label: 'Follows',
      unit: 'count',
      points: [
        { date: '2026-11-02', value: 4 },
        { date: '2026-11-01', value: -3 },
      ],
      provenance: reach.provenance,
    },
    {
      key: 'engagement_rate',
      label: 'Engagement rate',
      unit: 'percent',
      points: [
        { date: '2026-11-01', value: 4.25 },
        { date: '2026-11-02', value: null },
      ],
      provenance: engagement.provenance,
    },
  ],
  engagementRateDefinition: 'Interactions ÷ reach × 100',
  revisionNote: 'Meta may revise the last two days',
  sync: [],
};

const post: TopPost = {
  id: '7a0f0a53-0000-4000-8000-000000000001',
  accountId: '7a0f0a53-0000-4000-8000-0000000000aa',
  platform: 'instagram',
  externalId: '17890000000000001',
  productType: 'REELS',
  caption: '=HYPERLINK("http://evil.example","Click") café, "quoted"\nsecond line',
  permalink: 'https://www.instagram.com/reel/abc/',
  thumbnailUrl: 'https://cdn.example/thumb.jpg',
  publishedAt: '2026-11-03T10:00:00.000Z',
  reach: 1500,
  views: 4000,
  likes: 120,
  comments: 8,
  shares: null,
  saves: 5,
  interactions: 133,
  engagementRate: 8.9,
  fetchedAt: '2026-11-29T06:00:00.000Z',
  calendarPost: { id: '7a0f0a53-0000-4000-8000-0000000000cc', title: 'Crème brûlée week' },
};

describe('cells and files', () => {
  it('quotes fields with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('')).toBe('');
  });

  it('writes nothing for a figure that is not stored', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@handle')).toBe("'@handle");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=1+2,"x"')).toBe('"\'=1+2,""x"""');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('leaves numbers as the JSON has them, negative ones included', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(0.1 + 0.2)).toBe(JSON.stringify(0.1 + 0.2));
    expect(csvCell(1e21)).toBe('1e+21');
  });

  it('starts with a byte order mark and ends every line with CRLF', () => {
    const csv = toCsv(['A', 'B'], [['é', 1]]);
    expect(csv).toBe(`${BOM}A,B\r\né,1\r\n`);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe('the tables', () => {
  it('summary: a row per card with its provenance', () => {
    const [header, ...rows] = lines(summaryCsv(overview));
    expect(header).toBe(
      'Metric,Unit,From,To,Value,Previous from,Previous to,Previous value,Change (%),Source metrics,Period,Fetched at,Estimate,Note',
    );
    expect(rows).toEqual([
      'Reach,count,2026-11-01,2026-11-28,1234.5,2026-10-04,2026-10-31,1000,23.5,Instagram: reach; Facebook: page_total_media_view_unique,day,2026-11-29T06:00:00.000Z,,"Reach cannot be added up over days, so this is the average day"',
      'Followers,count,2026-11-01,2026-11-28,980,2026-10-04,2026-10-31,1000,-2,Instagram: followers_count,lifetime,,Past totals worked out from daily follows and unfollows,',
      'Engagement rate,percent,2026-11-01,2026-11-28,,2026-10-04,2026-10-31,,,,,,,',
    ]);
  });

  it('series: a row per date, a column per series, empty for null', () => {
    expect(lines(seriesCsv(overview))).toEqual([
      'Date,Follows,Engagement rate (%)',
      '2026-11-01,-3,4.25',
      '2026-11-02,4,',
    ]);
  });

  it('posts: every column of a post, the calendar post and the permalink', () => {
    const page: TopPostsPage = {
      range,
      items: [post, { ...post, id: 'p2', calendarPost: null, caption: null, reach: null }],
      total: 2,
      page: 1,
      pageSize: 20,
      sort: 'interactions',
      dir: 'desc',
    };
    const csv = postsCsv(page);
    const [header] = lines(csv);
    expect(header).toBe(
      'Published at,Platform,Account ID,Type,Caption,Calendar post,Calendar post ID,Permalink,Thumbnail URL,Reach,Views,Likes,Comments,Shares,Saves,Interactions,Engagement rate (%),Fetched at,Post ID,Platform post ID',
    );
    expect(csv).toContain(
      `2026-11-03T10:00:00.000Z,Instagram,${post.accountId},REELS,"'=HYPERLINK(""http://evil.example"",""Click"") café, ""quoted""\nsecond line",Crème brûlée week,${post.calendarPost!.id},https://www.instagram.com/reel/abc/,https://cdn.example/thumb.jpg,1500,4000,120,8,,5,133,8.9,2026-11-29T06:00:00.000Z,${post.id},17890000000000001\r\n`,
    );
    expect(csv).toContain(
      `\r\n2026-11-03T10:00:00.000Z,Instagram,${post.accountId},REELS,,,,https://www.instagram.com/reel/abc/,https://cdn.example/thumb.jpg,,4000,`,
    );
  });

  it('post samples: a row per sample', () => {
    const drill: PostDrillDown = {
      post,
      samples: [
        {
          sampledAt: '2026-11-03T11:00:00.000Z',
          ageHours: 1,
          reach: 100,
          views: 150,
          likes: 10,
          comments: 0,
          shares: null,
          saves: 1,
          interactions: 11,
        },
      ],
      sources: [],
    };
    expect(lines(postSamplesCsv(drill))).toEqual([
      'Sampled at,Hours after publishing,Reach,Views,Likes,Comments,Shares,Saves,Interactions',
      '2026-11-03T11:00:00.000Z,1,100,150,10,0,,1,11',
    ]);
  });

  it('demographics: a row per value, and the reason where the platform has none', () => {
    const demographics: Demographics = {
      account: 'all',
      sets: [
        {
          accountId: 'acc-1',
          metric: 'follower_demographics',
          audience: 'followers',
          breakdown: 'city',
          periodLabel: 'Lifetime (lifetime)',
          fetchedAt: '2026-11-29T06:00:00.000Z',
          values: [
            { key: 'Lisboa, Lisboa', value: 120 },
            { key: 'São Paulo, SP', value: 80 },
          ],
          unavailableReason: null,
        },
        {
          accountId: 'acc-2',
          metric: 'engaged_audience_demographics',
          audience: 'engaged',
          breakdown: 'age',
          periodLabel: 'Last 30 days (this_month)',
          fetchedAt: null,
          values: [],
          unavailableReason: 'Not available below 100 followers',
        },
      ],
    };
    expect(lines(demographicsCsv(demographics))).toEqual([
      'Account ID,Audience,Breakdown,Key,Value,Source metric,Period,Fetched at,Unavailable reason',
      'acc-1,followers,city,"Lisboa, Lisboa",120,follower_demographics,Lifetime (lifetime),2026-11-29T06:00:00.000Z,',
      'acc-1,followers,city,"São Paulo, SP",80,follower_demographics,Lifetime (lifetime),2026-11-29T06:00:00.000Z,',
      'acc-2,engaged,age,,,engaged_audience_demographics,Last 30 days (this_month),,Not available below 100 followers',
    ]);
  });

  it('best times: a row per day and hour, the rate only above the minimum of posts', () => {
    const provenance = { sources: [], fetchedAt: null, estimate: null, note: null };
    const heatmap: BestTimeHeatmap = {
      timeZone: 'Europe/Lisbon',
      online: {
        cells: [{ day: 1, hour: 9, value: 42.5, count: 20 }],
        provenance,
        days: 20,
        unavailableReason: null,
      },
      posts: {
        cells: [
          { day: 1, hour: 9, value: 6.1, count: 3 },
          { day: 2, hour: 18, value: 9.9, count: 2 },
        ],
        provenance,
        totalPosts: 5,
        minPostsPerSlot: 3,
        note: null,
      },
    };
    const [header, ...rows] = lines(bestTimesCsv(heatmap));
    expect(header).toBe('Day,Hour,Followers online,Engagement rate (%),Posts,Time zone');
    expect(rows).toHaveLength(7 * 24);
    expect(rows[0]).toBe('Sunday,0,,,0,Europe/Lisbon');
    expect(rows[24 + 9]).toBe('Monday,9,42.5,6.1,3,Europe/Lisbon');
    expect(rows[48 + 18]).toBe('Tuesday,18,,,2,Europe/Lisbon');
    expect(rows.at(-1)).toBe('Saturday,23,,,0,Europe/Lisbon');
  });
});

describe('file names', () => {
  it('names the table and the range', () => {
    expect(csvFileName('posts', { from: '2026-11-01', to: '2026-11-28' })).toBe(
      'analytics-posts-2026-11-01-to-2026-11-28.csv',
    );
    expect(csvFileName('best-times', range)).toBe(
      'analytics-best-times-2026-11-01-to-2026-11-28.csv',
    );
    expect(csvFileName('summary', { range: '28' })).toBe('analytics-summary-last-28-days.csv');
    expect(csvFileName('series', { from: '2026-11-01";x', to: '2026-11-28' })).toBe(
      'analytics-series.csv',
    );
  });
});

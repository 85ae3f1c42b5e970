import { describe, expect, it } from 'vitest';
import type { AnalyticsAccount, ResolvedRange } from '#shared/contracts/analytics.contract.ts';
import { changePct, engagementRate } from './measures.ts';
import { cardsOf, ESTIMATE_FOLLOWERS, seriesOf, type StoredFigures } from './overview.ts';

// The period comparison and engagement-rate arithmetic (docs/decisions/092): figures come only
// from stored rows; a missing period is null, never zero, and a change needs both periods.

const ig: AnalyticsAccount = {
  id: 'a',
  platform: 'instagram',
  name: 'Rosa',
  username: 'rosa',
  pictureUrl: null,
  simulated: true,
};
const fb: AnalyticsAccount = { ...ig, id: 'b', platform: 'facebook', name: 'Rosa Page' };
const range: ResolvedRange = {
  from: '2026-11-04',
  to: '2026-11-06',
  days: 3,
  previousFrom: '2026-11-01',
  previousTo: '2026-11-03',
  timeZone: 'UTC',
};
const at = '2026-11-07T08:00:00.000Z';

function figures(
  daily: Array<[string, string, string, number, boolean?]>,
  posts: Array<[string, string, number, number | null, number | null, number | null]> = [],
): StoredFigures {
  return {
    range,
    daily: new Map(
      daily.map(([account, metric, day, value, estimated]) => [
        `${account}|${metric}|${day}`,
        {
          connection_id: account,
          metric,
          day,
          value,
          estimated: estimated ?? false,
          fetched_at: at,
          fetched_ms: Date.parse(at),
        },
      ]),
    ),
    postDays: new Map(
      posts.map(([account, day, n, interactions, reach, visits]) => [
        `${account}|${day}`,
        {
          connection_id: account,
          day,
          posts: n,
          interactions,
          reach,
          visits,
          fetched_at: at,
          fetched_ms: Date.parse(at),
        },
      ]),
    ),
  };
}

const card = (cards: ReturnType<typeof cardsOf>, key: string) => cards.find((c) => c.key === key)!;

describe('arithmetic', () => {
  it('change is relative to the previous period, one decimal, null without a base', () => {
    expect(changePct(110, 100)).toBe(10);
    expect(changePct(90, 120)).toBe(-25);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(5, 0)).toBeNull();
    expect(changePct(null, 10)).toBeNull();
    expect(changePct(10, null)).toBeNull();
  });
  it('engagement rate is interactions ÷ reach × 100, null without reach', () => {
    expect(engagementRate(45, 1000)).toBe(4.5);
    expect(engagementRate(1, 3)).toBe(33.3);
    expect(engagementRate(10, 0)).toBeNull();
    expect(engagementRate(null, 10)).toBeNull();
  });
});

describe('cards', () => {
  it('sums counts, averages reach per day and takes the last follower total', () => {
    const f = figures([
      ['a', 'views', '2026-11-04', 100],
      ['a', 'views', '2026-11-05', 200],
      ['a', 'views', '2026-11-02', 150],
      ['a', 'reach', '2026-11-04', 90],
      ['a', 'reach', '2026-11-05', 110],
      ['a', 'reach', '2026-11-06', 100],
      ['a', 'followers_count', '2026-11-05', 1200],
      ['a', 'followers_count', '2026-11-06', 1210],
      ['a', 'followers_count', '2026-11-03', 1100, true],
    ]);
    const cards = cardsOf([ig], f);
    expect(card(cards, 'views')).toMatchObject({ value: 300, previous: 150, changePct: 100 });
    const reach = card(cards, 'reach');
    expect(reach).toMatchObject({ value: 100, previous: null, changePct: null });
    expect(reach.provenance.note).toMatch(/cannot be added up/);
    const followers = card(cards, 'followers');
    expect(followers).toMatchObject({ value: 1210, previous: 1100, changePct: 10 });
    expect(followers.provenance.estimate).toBeNull();
    expect(followers.provenance.sources[0]).toMatchObject({ metric: 'followers_count' });
    // Nothing stored: null, not zero.
    expect(card(cards, 'interactions')).toMatchObject({ value: null, previous: null });
    expect(card(cards, 'views').provenance.fetchedAt).toBe(at);
  });

  it('labels a figure made from an estimate', () => {
    const f = figures([['a', 'followers_count', '2026-11-06', 1000, true]]);
    expect(card(cardsOf([ig], f), 'followers').provenance.estimate).toBe(ESTIMATE_FOLLOWERS);
  });

  it('weights engagement rate by reach across posts and accounts, and counts posts', () => {
    const f = figures(
      [],
      [
        ['a', '2026-11-04', 2, 50, 1000, 12],
        ['b', '2026-11-05', 1, 30, 500, null],
        ['a', '2026-11-02', 1, 10, 100, 3],
      ],
    );
    const cards = cardsOf([ig, fb], f);
    // (50 + 30) ÷ (1000 + 500)
    expect(card(cards, 'engagement_rate')).toMatchObject({ value: 5.3, previous: 10 });
    expect(card(cards, 'posts_published')).toMatchObject({ value: 3, previous: 1, changePct: 200 });
    expect(card(cards, 'engagement_rate').provenance.note).toMatch(/^Engagement rate =/);
  });

  it('uses each platform’s own metric and says what a platform lacks', () => {
    const f = figures([
      ['b', 'page_media_view', '2026-11-04', 40],
      ['a', 'views', '2026-11-04', 60],
      ['b', 'page_views_total', '2026-11-05', 7],
    ]);
    const cards = cardsOf([ig, fb], f);
    expect(card(cards, 'views').value).toBe(100);
    expect(
      card(cards, 'views')
        .provenance.sources.map((s) => s.metric)
        .sort(),
    ).toEqual(['page_media_view', 'views']);
    expect(card(cardsOf([fb], f), 'link_taps')).toMatchObject({ value: null });
    expect(card(cardsOf([fb], f), 'link_taps').provenance.note).toMatch(/do not report/);
    expect(card(cards, 'reach').provenance.note).toMatch(/counts twice/);
  });
});

describe('series', () => {
  it('gives every day of the range, null where nothing is stored', () => {
    const f = figures([
      ['a', 'reach', '2026-11-04', 90],
      ['a', 'reach', '2026-11-06', 100],
    ]);
    const reach = seriesOf([ig], f).find((s) => s.key === 'reach')!;
    expect(reach.points).toEqual([
      { date: '2026-11-04', value: 90 },
      { date: '2026-11-05', value: null },
      { date: '2026-11-06', value: 100 },
    ]);
    expect(seriesOf([ig], f).some((s) => s.key === 'engagement_rate')).toBe(false);
  });
});

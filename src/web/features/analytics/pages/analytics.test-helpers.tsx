import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type {
  AnalyticsOverview,
  BestTimeHeatmap,
  Demographics,
  MetricCard,
  PostDrillDown,
  Provenance,
  TopPost,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import type { TenantRole } from '#shared/permissions.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import AnalyticsPage from './analytics-page.tsx';

// The analytics API's answers (analytics.contract.ts) for the page's tests.

export const IG = '00000000-0000-4000-8000-00000000a001';
export const FB = '00000000-0000-4000-8000-00000000a002';
export const POST_1 = '00000000-0000-4000-8000-00000000c001';
const FETCHED = '2026-03-29T06:00:00.000Z';

export const provenance = (overrides: Partial<Provenance> = {}): Provenance => ({
  sources: [{ platform: 'instagram', metric: 'reach', period: 'day' }],
  fetchedAt: FETCHED,
  estimate: null,
  note: null,
  ...overrides,
});

export function card(
  overrides: Partial<MetricCard> & Pick<MetricCard, 'key' | 'label'>,
): MetricCard {
  return {
    unit: 'count',
    aggregation: 'sum',
    value: 100,
    previous: 80,
    changePct: 25,
    provenance: provenance(),
    ...overrides,
  };
}

const DATES = ['2026-03-26', '2026-03-27', '2026-03-28'];

export function overview(overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    range: {
      from: '2026-03-01',
      to: '2026-03-28',
      days: 28,
      previousFrom: '2026-02-01',
      previousTo: '2026-02-28',
      timeZone: 'Europe/Lisbon',
    },
    accounts: [
      {
        id: IG,
        platform: 'instagram',
        name: 'Rosa Bakery',
        username: 'rosabakery',
        pictureUrl: null,
        simulated: true,
      },
      {
        id: FB,
        platform: 'facebook',
        name: 'Rosa Bakery Page',
        username: null,
        pictureUrl: null,
        simulated: true,
      },
    ],
    account: 'all',
    cards: [
      card({
        key: 'followers',
        label: 'Followers',
        aggregation: 'last',
        value: 1520,
        previous: 1400,
        changePct: 8.6,
      }),
      card({
        key: 'reach',
        label: 'Reach',
        aggregation: 'daily_average',
        value: 431,
        previous: null,
        changePct: null,
        provenance: provenance({
          note: 'Reach is a daily average: people cannot be added up over days.',
        }),
      }),
      card({
        key: 'engagement_rate',
        label: 'Engagement rate',
        unit: 'percent',
        aggregation: 'ratio',
        value: 4.2,
        previous: 5,
        changePct: -16,
      }),
    ],
    series: [
      {
        key: 'followers',
        label: 'Followers',
        unit: 'count',
        points: DATES.map((date, i) => ({ date, value: 1500 + i * 10 })),
        provenance: provenance(),
      },
      {
        key: 'reach',
        label: 'Reach',
        unit: 'count',
        points: DATES.map((date, i) => ({ date, value: i === 1 ? null : 400 + i })),
        provenance: provenance(),
      },
    ],
    engagementRateDefinition: 'Interactions divided by reach, per post, averaged.',
    revisionNote: 'Meta may revise the last two days.',
    sync: [
      {
        accountId: IG,
        status: 'ok',
        lastAttemptAt: FETCHED,
        lastSuccessAt: FETCHED,
        lastError: null,
        unavailableReason: null,
        nextSyncAt: null,
        backfilledFrom: null,
      },
      {
        accountId: FB,
        status: 'ok',
        lastAttemptAt: FETCHED,
        lastSuccessAt: FETCHED,
        lastError: null,
        unavailableReason: null,
        nextSyncAt: null,
        backfilledFrom: null,
      },
    ],
    ...overrides,
  };
}

export function post(n: number, overrides: Partial<TopPost> = {}): TopPost {
  return {
    id: `00000000-0000-4000-8000-00000000c00${n}`,
    accountId: IG,
    platform: 'instagram',
    externalId: `ig-${n}`,
    productType: 'FEED',
    caption: `Fresh sourdough number ${n}\nsecond line`,
    permalink: `https://instagram.example/p/${n}`,
    thumbnailUrl: null,
    publishedAt: '2026-03-20T09:00:00.000Z',
    reach: 900 + n,
    views: 1200,
    likes: 50,
    comments: 4,
    shares: 2,
    saves: 3,
    interactions: 59,
    engagementRate: 6.5,
    fetchedAt: FETCHED,
    calendarPost: null,
    ...overrides,
  };
}

export function postsPage(items: TopPost[], overrides: Partial<TopPostsPage> = {}): TopPostsPage {
  return {
    range: overview().range,
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    sort: 'interactions',
    dir: 'desc',
    ...overrides,
  };
}

export const drillDown = (overrides: Partial<PostDrillDown> = {}): PostDrillDown => ({
  post: post(1, { calendarPost: { id: 'event-1', title: 'Sourdough launch' } }),
  samples: [
    {
      sampledAt: '2026-03-20T10:00:00.000Z',
      ageHours: 1,
      reach: 100,
      views: 120,
      likes: 5,
      comments: 0,
      shares: 0,
      saves: 0,
      interactions: 5,
    },
    {
      sampledAt: '2026-03-22T09:00:00.000Z',
      ageHours: 48,
      reach: 901,
      views: 1200,
      likes: 50,
      comments: 4,
      shares: 2,
      saves: 3,
      interactions: 59,
    },
  ],
  sources: [{ platform: 'instagram', metric: 'reach', period: 'lifetime' }],
  ...overrides,
});

export const demographics = (overrides: Partial<Demographics> = {}): Demographics => ({
  account: 'all',
  sets: [
    {
      accountId: IG,
      metric: 'follower_demographics',
      audience: 'followers',
      breakdown: 'age',
      periodLabel: 'Lifetime',
      fetchedAt: FETCHED,
      values: [
        { key: '25-34', value: 600 },
        { key: '18-24', value: 300 },
      ],
      unavailableReason: null,
    },
    {
      accountId: IG,
      metric: 'follower_demographics',
      audience: 'followers',
      breakdown: 'city',
      periodLabel: 'Lifetime',
      fetchedAt: FETCHED,
      values: [{ key: 'Lisbon', value: 700 }],
      unavailableReason: null,
    },
    {
      accountId: IG,
      metric: 'engaged_audience_demographics',
      audience: 'engaged',
      breakdown: 'age',
      periodLabel: 'Last 30 days (this_month)',
      fetchedAt: FETCHED,
      values: [],
      unavailableReason: 'Not available below 100 engaged accounts',
    },
  ],
  ...overrides,
});

export const bestTimes = (overrides: Partial<BestTimeHeatmap> = {}): BestTimeHeatmap => ({
  timeZone: 'Europe/Lisbon',
  online: {
    cells: [{ day: 2, hour: 18, value: 320, count: 14 }],
    provenance: provenance(),
    days: 14,
    unavailableReason: null,
  },
  posts: {
    cells: [
      { day: 2, hour: 9, value: 6.5, count: 4 },
      { day: 3, hour: 12, value: 9.9, count: 1 },
    ],
    provenance: provenance(),
    totalPosts: 5,
    minPostsPerSlot: 3,
    note: null,
  },
  ...overrides,
});

export function analyticsApi(
  handlers: Record<string, MockHandler | MockResponse> = {},
  role: TenantRole = 'owner',
) {
  return mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: role,
      is_admin: false,
      memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role }],
    }),
    'GET /api/analytics/overview': ok(overview()),
    'GET /api/analytics/posts': ok(postsPage([post(1), post(2)])),
    [`GET /api/analytics/posts/${POST_1}`]: ok(drillDown()),
    'GET /api/analytics/demographics': ok(demographics()),
    'GET /api/analytics/best-times': ok(bestTimes()),
    'GET /api/analytics/reports': ok([]),
    ...handlers,
  });
}

export const where = { current: '' };
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    where.current = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
}

export function renderPage(path = '/dashboard/analytics') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <MemoryRouter initialEntries={[path]}>
          <AnalyticsPage />
          <LocationProbe />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The query string of the last request to `path`. */
export function lastQuery(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
): URLSearchParams {
  const urls = fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === path);
  return urls.at(-1)?.searchParams ?? new URLSearchParams();
}

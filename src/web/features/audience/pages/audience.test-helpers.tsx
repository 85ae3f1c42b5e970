import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Contact, ContactDetail, Segment } from '#shared/contracts/audience.contract.ts';
import type { DemographicSet } from '#shared/contracts/analytics.contract.ts';
import type { AddonId } from '#shared/plans.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import AudiencePage from './audience-page.tsx';
import ContactPage from './contact-page.tsx';
import SegmentPage from './segment-page.tsx';

// The audience API's answers (audience.contract.ts) for the audience pages' tests.

export const FACEBOOK = connection();
export const ANN_ID = '5a1b2c3d-0000-4000-8000-00000000a001';
export const BEN_ID = '5a1b2c3d-0000-4000-8000-00000000a002';
export const SEGMENT_ID = '5a1b2c3d-0000-4000-8000-00000000b001';

export function contact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: ANN_ID,
    name: 'Ann Lee',
    handle: 'annlee',
    pictureUrl: null,
    email: null,
    phone: null,
    location: null,
    tags: ['vip'],
    stage: 'new',
    consent: false,
    consentSource: null,
    platforms: ['instagram'],
    firstInteractionAt: '2026-11-01T10:00:00.000Z',
    lastInteractionAt: '2026-11-20T10:00:00.000Z',
    commentCount: 4,
    messageCount: 2,
    sentiment: 0.6,
    source: 'inbox',
    ownerId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function contactDetail(overrides: Partial<ContactDetail> = {}): ContactDetail {
  return {
    ...contact(),
    platforms: ['instagram', 'facebook'],
    identities: [
      {
        id: '5a1b2c3d-0000-4000-8000-00000000c001',
        platform: 'instagram',
        externalId: 'ig-1',
        handle: 'annlee',
        name: 'Ann Lee',
        connectionId: null,
      },
      {
        id: '5a1b2c3d-0000-4000-8000-00000000c002',
        platform: 'facebook',
        externalId: 'fb-1',
        handle: null,
        name: 'Ann L.',
        connectionId: null,
      },
    ],
    threads: [
      {
        id: '5a1b2c3d-0000-4000-8000-00000000d001',
        kind: 'comment',
        platform: 'instagram',
        preview: 'Love the sourdough',
        lastItemAt: '2026-11-10T10:00:00.000Z',
      },
      {
        id: '5a1b2c3d-0000-4000-8000-00000000d002',
        kind: 'conversation',
        platform: 'facebook',
        preview: 'Are you open on Sunday?',
        lastItemAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function segment(overrides: Partial<Segment> = {}): Segment {
  return {
    id: SEGMENT_ID,
    name: 'Happy regulars',
    rule: { op: 'and', children: [{ field: 'sentiment', operator: 'gte', value: 0.5 }] },
    count: 12,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function page(items: Contact[], total = items.length) {
  return ok({ items, page: 1, pageSize: 50, total });
}

export function demographicSet(overrides: Partial<DemographicSet> = {}): DemographicSet {
  return {
    accountId: FACEBOOK.id,
    metric: 'page_follows_country',
    audience: 'followers',
    breakdown: 'country',
    periodLabel: 'Lifetime',
    fetchedAt: '2026-11-27T10:00:00.000Z',
    values: [
      { key: 'PT', value: 60 },
      { key: 'ES', value: 30 },
      { key: 'FR', value: 10 },
    ],
    unavailableReason: null,
    ...overrides,
  };
}

export function audienceApi(handlers: Record<string, MockHandler | MockResponse> = {}) {
  return mockApi({
    'GET /api/platforms/connections': ok([FACEBOOK]),
    'GET /api/analytics/demographics': ok({ account: 'all', sets: [demographicSet()] }),
    'GET /api/audience/segments': ok([segment()]),
    'GET /api/audience/contacts': page([contact()]),
    ...handlers,
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** `addons`: the business's add-ons (none by default; 'crm' opens the CRM add-on's parts). */
export function renderAudience(path: string, options: { addons?: AddonId[] } = {}) {
  const auth = authValue({
    businessProfile: businessProfile({ time_zone: 'UTC' }),
    subscription: subscription({ addons: options.addons ?? [] }),
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/audience" element={<AudiencePage />} />
            <Route path="/dashboard/audience/contacts/:id" element={<ContactPage />} />
            <Route path="/dashboard/audience/segments/new" element={<SegmentPage />} />
            <Route path="/dashboard/audience/segments/:id" element={<SegmentPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The bodies sent to `path` with `method`, in order. */
export function bodiesTo(
  calls: Array<{ method: string; path: string; body: unknown }>,
  method: string,
  path: string,
) {
  return calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
}

/** The query strings of the GETs of `path`, in order. */
export function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

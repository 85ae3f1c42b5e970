import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Campaign, CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, USER_ID } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import CampaignPage from './campaign-page.tsx';
import CampaignsPage from './campaigns-page.tsx';
import NewCampaignPage from './new-campaign-page.tsx';

// The campaigns API's answers (campaigns.contract.ts) for the campaign pages' tests.

export const CAMPAIGN_ID = '0c6f6d47-3b1c-4c59-9a52-6a1d1a7f0001';
// A Page with a username, as the simulator's: its name is still how it reads.
export const FACEBOOK = connection({ username: 'rosabakery' });
export const INSTAGRAM = connection({
  id: '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e02',
  platform: 'instagram',
  login: 'instagram',
  name: 'Rosa Bakery IG',
});
export const MEDIA_ID = '0c6f6d47-3b1c-4c59-9a52-6a1d1a7fa001';

export function post(n: number, overrides: Partial<CampaignPost> = {}): CampaignPost {
  return {
    key: `p${n}`,
    id: `0c6f6d47-3b1c-4c59-9a52-6a1d1a7f${String(1000 + n)}`,
    position: n,
    scheduledFor: `2026-12-0${n}T09:00:00.000Z`,
    connectionId: FACEBOOK.id,
    format: 'post',
    caption: `Caption of post ${n}`,
    hashtags: ['#bread'],
    firstComment: null,
    media: {
      kind: 'image',
      count: 1,
      aspectRatio: '4:5',
      minSeconds: null,
      maxSeconds: null,
      description: `a close-up of loaf ${n}`,
    },
    mediaIds: [],
    eventId: null,
    status: null,
    account: { name: 'Rosa Bakery', platform: 'facebook' },
    performance: null,
    ...overrides,
  };
}

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    name: 'Winter loaves',
    status: 'draft',
    step: 'brief',
    startsOn: '2026-12-01',
    endsOn: '2026-12-14',
    connectionIds: [FACEBOOK.id],
    color: '#3b82f6',
    progress: { posts: 0, published: 0, scheduled: 0, failed: 0, missingMedia: 0 },
    version: 3,
    updatedAt: '2026-11-28T10:00:00.000Z',
    launchedAt: null,
    goal: 'Sell the winter loaves',
    audience: 'Neighbours',
    segmentId: null,
    formats: ['post'],
    cadence: { postsPerWeek: 3, weekdays: [1, 3, 5], times: ['09:00'] },
    performance: null,
    planSource: null,
    posts: [],
    createdAt: '2026-11-28T09:00:00.000Z',
    ...overrides,
  };
}

export function mediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: MEDIA_ID,
    user_id: USER_ID,
    name: 'crust.jpg',
    kind: 'image',
    mime_type: 'image/jpeg',
    size_bytes: 1000,
    width: 1080,
    height: 1080,
    duration_ms: null,
    frame_rate: null,
    video_codec: null,
    audio_codec: null,
    content_hash: 'abc',
    status: 'ready',
    processing_error: null,
    tags: [],
    has_thumbnail: false,
    has_instagram_copy: false,
    location_removed: true,
    had_location: false,
    uploaded_by: null,
    uploaded_by_name: null,
    compatibility: [],
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const campaignUrl = `/api/campaigns/${CAMPAIGN_ID}`;

export function campaignsApi(handlers: Record<string, MockHandler | MockResponse> = {}) {
  return mockApi({
    'GET /api/platforms/connections': ok([FACEBOOK, INSTAGRAM]),
    'GET /api/audience/segments': ok([]),
    ...handlers,
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderCampaigns(path: string) {
  const auth = authValue({
    businessProfile: businessProfile({
      time_zone: 'UTC',
      posting_hours: [
        { day: 2, start: '10:00', end: '12:00' },
        { day: 4, start: '18:00', end: '20:00' },
      ],
    }),
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/campaigns" element={<CampaignsPage />} />
            <Route path="/dashboard/campaigns/new" element={<NewCampaignPage />} />
            <Route path="/dashboard/campaigns/:id" element={<CampaignPage />} />
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

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { Delivery, Post } from '#shared/contracts/posts.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription, USER_ID } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import CalendarPage from './calendar-page.tsx';

// The calendar page with its composer, against a mocked API: what the composer's tests share.

export const IG = '00000000-0000-4000-8000-0000000000a1';
export const FB = '00000000-0000-4000-8000-0000000000a2';
export const PHOTO = '00000000-0000-4000-8000-0000000000c1';
export const CLIP = '00000000-0000-4000-8000-0000000000c2';
export const EVENT = '00000000-0000-4000-8000-0000000000e1';

export const photo: MediaItem = {
  id: PHOTO,
  user_id: USER_ID,
  name: 'croissants.jpg',
  kind: 'image',
  mime_type: 'image/jpeg',
  size_bytes: 200_000,
  width: 1080,
  height: 1350,
  duration_ms: null,
  frame_rate: null,
  video_codec: null,
  audio_codec: null,
  content_hash: 'x',
  status: 'ready',
  processing_error: null,
  tags: [],
  has_thumbnail: true,
  has_instagram_copy: true,
  location_removed: true,
  had_location: false,
  uploaded_by: USER_ID,
  uploaded_by_name: 'Rosa',
  compatibility: [
    { target: 'instagram_feed', ok: true, reasons: [], notes: [] },
    { target: 'facebook', ok: true, reasons: [], notes: [] },
  ],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

export const quotas: AccountQuota[] = [
  {
    connection_id: IG,
    platform: 'instagram',
    account_name: '@rosabakery',
    source: 'platform',
    remaining: 23,
    used: 2,
    total: 25,
    reason: null,
    checked_at: '2026-01-01T00:00:00Z',
  },
  {
    connection_id: FB,
    platform: 'facebook',
    account_name: 'Rosa Bakery',
    source: 'not_limited',
    remaining: null,
    used: null,
    total: null,
    reason: null,
    checked_at: '2026-01-01T00:00:00Z',
  },
];

/** The post as the API answers it: a draft to the Instagram account with the photo. */
export function post(extra: Partial<Post> = {}): Post {
  return {
    id: EVENT,
    user_id: USER_ID,
    title: 'Croissant day',
    content: 'Fresh croissants #bakery',
    platforms: ['instagram'],
    type: 'post',
    status: 'draft',
    // 10:30 in London (BST).
    scheduled_for: '2030-04-29T09:30:00.000Z',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deliveries: [delivery()],
    ...extra,
  };
}

export function delivery(extra: Partial<Delivery> = {}): Delivery {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    connection_id: IG,
    platform: 'instagram',
    account_name: 'Rosa Bakery',
    format: 'post',
    media_ids: [PHOTO],
    first_comment: null,
    status: 'draft',
    scheduled_for: null,
    external_id: null,
    permalink: null,
    attempts: 0,
    last_error: null,
    published_at: null,
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

/** A refusal of a save, as the server answers it. */
export function refused(error: string, fieldErrors: Record<string, string>): MockResponse {
  return {
    status: 400,
    body: {
      success: false,
      error,
      metadata: {
        errorCode: 'VALIDATION_ERROR',
        errorType: 'validation',
        severity: 'low',
        retryable: false,
        correlationId: 'err_1_test',
        fieldErrors,
      },
    },
  };
}

export function renderComposer(
  path: string,
  handlers: Record<string, MockHandler | MockResponse> = {},
  profile: Partial<BusinessProfile> = {},
) {
  const api = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: 'owner',
      is_admin: false,
      memberships: [],
    }),
    'GET /api/calendar-events': ok([]),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'GET /api/platforms/connections': ok([
      connection({ id: IG, platform: 'instagram' }),
      connection({ id: FB, platform: 'facebook' }),
    ]),
    'GET /api/publishing/quota': ok(quotas),
    'GET /api/media/usage': ok({
      used_bytes: 0,
      quota_bytes: 5e9,
      max_file_bytes: 1e8,
      item_count: 1,
      plan: 'trial',
      can: { upload: true, update: true, delete: true, cleanup: true },
    }),
    'GET /api/media': ok({ items: [photo], total: 1, next_cursor: null }),
    [`GET /api/media/${PHOTO}`]: ok({ ...photo, usages: [] }),
    ...handlers,
  });
  const router = createMemoryRouter([{ path: '/dashboard/calendar', Component: CalendarPage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider
        value={authValue({
          businessProfile: businessProfile({ time_zone: 'Europe/London', ...profile }),
          subscription: subscription({ plan: 'trial' }),
        })}
      >
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...api, router };
}

export const NEW_AT_SLOT = '/dashboard/calendar?compose=new&date=2030-04-29&time=10:30';

export async function openComposer(
  path = NEW_AT_SLOT,
  handlers: Record<string, MockHandler | MockResponse> = {},
  profile: Partial<BusinessProfile> = {},
) {
  const rendered = renderComposer(path, handlers, profile);
  // The composer is its own chunk: the first open waits for it.
  const composer = await screen.findByRole('dialog', { name: /post/ }, { timeout: 10_000 });
  return { ...rendered, composer };
}

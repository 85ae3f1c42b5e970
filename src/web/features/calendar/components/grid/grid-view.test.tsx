import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import type { InstagramMediaPage } from '#shared/contracts/platforms.contract.ts';
import { USER_ID } from '../../../../test/auth-state.ts';
import { connection } from '../../../../test/connections.ts';
import { fail, mockApi, ok, type MockHandler } from '../../../../test/mock-api.ts';
import { Toaster } from 'sonner';
import { renderCalendarPage } from '../../pages/calendar-page.test-helpers.tsx';

// The calendar's Grid view (docs/decisions/078): an Instagram account's profile grid, the planned
// posts (newest first) above what the platform shows; planned posts swap times by their arrow
// buttons, each move one PATCH /api/posts/{id}/schedule, undone as a whole when one is refused.

const IG = '00000000-0000-4000-8000-0000000000a2';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const day = (d: number, time: string) =>
  `${new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)}T${time}:00.000Z`;

function planned(n: number, title: string, at: string, extra: Partial<PlannedPost> = {}) {
  return {
    id: id(n),
    user_id: USER_ID,
    title,
    content: title,
    platforms: ['instagram'],
    type: 'post',
    status: 'scheduled',
    scheduled_for: at,
    created_at: at,
    updated_at: at,
    format: 'post',
    media_count: 1,
    cover: { media_id: id(100 + n), kind: 'image', has_thumbnail: true },
    ...extra,
  } satisfies PlannedPost;
}

const mediaPage: InstagramMediaPage = {
  items: [
    {
      id: '17900000000000001',
      media_type: 'CAROUSEL_ALBUM',
      media_product_type: 'FEED',
      media_url: `/api/media/${id(201)}/file/thumbnail`,
      thumbnail_url: null,
      permalink: 'http://localhost/simulator/meta/instagram/p/abc/',
      timestamp: '2026-03-01T10:00:00.000Z',
      caption: 'Loaves of the week',
    },
  ],
  next_cursor: null,
};

function renderGrid(
  posts: PlannedPost[],
  handlers: Record<string, MockHandler | ReturnType<typeof ok>> = {},
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
    'GET /api/calendar-events/covers': ok([]),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'GET /api/platforms/connections': ok([
      connection(),
      connection({ id: IG, platform: 'instagram', external_id: '17841405822304914' }),
    ]),
    'GET /api/calendar-events/planned': ok(posts),
    [`GET /api/platforms/connections/${IG}/media`]: ok(mediaPage),
    ...handlers,
  });
  renderCalendarPage('/dashboard/calendar?view=grid', { extra: <Toaster /> });
  return api;
}

const tiles = () => within(screen.getByTestId('instagram-grid')).getAllByRole('listitem');
const names = () =>
  tiles().map(
    (t) => t.querySelector('button[aria-label], a[aria-label]')?.getAttribute('aria-label') ?? '',
  );

describe('the grid view', () => {
  it('shows the Instagram account’s planned posts newest first above its published ones, square and marked', async () => {
    const api = renderGrid([
      planned(1, 'Sourdough', day(2, '10:00')),
      planned(2, 'Buns', day(3, '09:00'), {
        status: 'draft',
        format: 'carousel',
        media_count: 2,
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Instagram grid' })).toBeTruthy();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const [first, second, third] = names();
    expect(first).toMatch(/^Buns, Draft for .*, Carousel$/);
    expect(second).toMatch(/^Sourdough, Scheduled for /);
    expect(third).toMatch(/^Published, .*Carousel, “Loaves of the week”\. Opens Instagram/);
    const link = within(tiles()[2]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('http://localhost/simulator/meta/instagram/p/abc/');
    expect(link.getAttribute('target')).toBe('_blank');
    // The profile's crop: every picture fills a square from its centre.
    for (const img of screen.getByTestId('instagram-grid').querySelectorAll('img')) {
      expect(img.className).toContain('object-cover');
      expect(img.className).toContain('object-center');
    }
    expect(tiles()[0]!.className).toContain('aspect-square');
    const plannedCall = api.calls.find((c) => c.path === '/api/calendar-events/planned');
    expect(plannedCall).toBeTruthy();
  });

  it('swaps two planned posts’ times with a move button, one PATCH each, and follows the new times', async () => {
    const early = planned(1, 'Sourdough', day(2, '10:00'));
    const late = planned(2, 'Buns', day(3, '09:00'));
    const state = new Map([early, late].map((p) => [p.id, p]));
    const move: MockHandler = ({ path, body }) => {
      const postId = path.split('/')[3]!;
      const at = (body as { scheduled_for: string }).scheduled_for;
      state.set(postId, { ...state.get(postId)!, scheduled_for: at });
      return ok({ ...state.get(postId)!, deliveries: [] });
    };
    const api = renderGrid([], {
      'GET /api/calendar-events/planned': () => ok([...state.values()]),
      [`PATCH /api/posts/${early.id}/schedule`]: move,
      [`PATCH /api/posts/${late.id}/schedule`]: move,
    });
    await waitFor(() => expect(names()[0]).toMatch(/^Buns/));
    const button = screen.getByRole('button', {
      name: 'Move “Sourdough” earlier in the grid: it goes out later, swapping times with “Buns”',
    });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(names()[0]).toMatch(/^Sourdough/));
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches).toEqual([
      {
        method: 'PATCH',
        path: `/api/posts/${early.id}/schedule`,
        body: { scheduled_for: late.scheduled_for },
      },
      {
        method: 'PATCH',
        path: `/api/posts/${late.id}/schedule`,
        body: { scheduled_for: early.scheduled_for },
      },
    ]);
    expect(names()[1]).toMatch(/^Buns, Scheduled for /);
    expect(await screen.findByText('Swapped “Sourdough” and “Buns”')).toBeTruthy();
    // Focus follows the post: first in the grid now, its other move button is focused.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-grid-focus')).toBe(`${early.id}:1`),
    );
  });

  it('puts the first post back when the server refuses the second move, and says why', async () => {
    const early = planned(1, 'Sourdough', day(2, '10:00'));
    const late = planned(2, 'Buns', day(3, '09:00'));
    const api = renderGrid([early, late], {
      [`PATCH /api/posts/${early.id}/schedule`]: ok({}),
      [`PATCH /api/posts/${late.id}/schedule`]: fail(
        400,
        'VALIDATION_ERROR',
        'Failed to schedule content',
        { fieldErrors: { quota: '@rosabakery: The 24-hour publishing limit is reached' } },
      ),
    });
    await waitFor(() => expect(names()[0]).toMatch(/^Buns/));
    fireEvent.click(screen.getByRole('button', { name: /^Move “Sourdough” earlier in the grid/ }));
    expect(
      await screen.findByText('@rosabakery: The 24-hour publishing limit is reached'),
    ).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(
      patches.map((c) => [c.path, (c.body as { scheduled_for: string }).scheduled_for]),
    ).toEqual([
      [`/api/posts/${early.id}/schedule`, late.scheduled_for],
      [`/api/posts/${late.id}/schedule`, early.scheduled_for],
      [`/api/posts/${early.id}/schedule`, early.scheduled_for],
    ]);
    await waitFor(() => expect(names()[0]).toMatch(/^Buns/));
  });

  it('says what to do when the business has no Instagram account', async () => {
    renderGrid([], {
      'GET /api/platforms/connections': ok([connection()]),
    });
    expect(await screen.findByText('Connect an Instagram account to see its grid')).toBeTruthy();
  });

  it('keeps the planned posts on screen when Instagram cannot be read', async () => {
    renderGrid([planned(1, 'Sourdough', day(2, '10:00'))], {
      [`GET /api/platforms/connections/${IG}/media`]: fail(
        502,
        'INSTAGRAM_MEDIA_ERROR',
        'Failed to load your Instagram posts. Please try again.',
        { retryable: true, errorType: 'platform' },
      ),
    });
    expect(
      await screen.findByText('Failed to load your Instagram posts. Please try again.'),
    ).toBeTruthy();
    expect(names()).toEqual([expect.stringMatching(/^Sourdough, Scheduled/)]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

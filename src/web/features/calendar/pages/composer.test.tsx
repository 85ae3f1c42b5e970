import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { AccountQuota, PublishingState } from '#shared/contracts/publishing.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription, USER_ID } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { fail, mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import CalendarPage from '../../calendar/pages/calendar-page.tsx';

// The composer on the calendar page, opened by its address, against a mocked API.

const IG = '00000000-0000-4000-8000-0000000000a1';
const FB = '00000000-0000-4000-8000-0000000000a2';
const PHOTO = '00000000-0000-4000-8000-0000000000c1';
const CLIP = '00000000-0000-4000-8000-0000000000c2';
const EVENT = '00000000-0000-4000-8000-0000000000e1';

const photo: MediaItem = {
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
  uploaded_by: USER_ID,
  uploaded_by_name: 'Rosa',
  compatibility: [
    { target: 'instagram_feed', ok: true, reasons: [], notes: [] },
    { target: 'facebook', ok: true, reasons: [], notes: [] },
  ],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const quotas: AccountQuota[] = [
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

function event(extra: Partial<CalendarEvent> = {}): CalendarEvent {
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
    ...extra,
  };
}

function targets(status: PublishingState['event_status'] = 'draft'): PublishingState {
  return {
    event_id: EVENT,
    event_status: status,
    scheduled_for: '2030-04-29T09:30:00.000Z',
    targets: [
      {
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
      },
    ],
  };
}

function renderComposer(path: string, handlers: Record<string, MockHandler | MockResponse> = {}) {
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
          businessProfile: businessProfile({ time_zone: 'Europe/London' }),
          subscription: subscription({ plan: 'trial' }),
        })}
      >
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...api, router };
}

const NEW_AT_SLOT = '/dashboard/calendar?compose=new&date=2030-04-29&time=10:30';

async function openComposer(path = NEW_AT_SLOT, handlers = {}) {
  const rendered = renderComposer(path, handlers);
  // The composer is its own chunk: the first open waits for it.
  const composer = await screen.findByRole('dialog', { name: /post/ }, { timeout: 10_000 });
  return { ...rendered, composer };
}

beforeEach(() => {
  localStorage.clear();
});

describe('the composer', { timeout: 20_000 }, () => {
  it('counts, checks each account live, blocks scheduling with a summary, then saves in order', async () => {
    const { composer, calls, router } = await openComposer(NEW_AT_SLOT, {
      'POST /api/calendar-events': { status: 201, body: ok(event()).body },
      [`PUT /api/calendar-events/${EVENT}/targets`]: ok(targets()),
      [`POST /api/calendar-events/${EVENT}/schedule`]: ok(event({ status: 'scheduled' })),
    });
    expect((within(composer).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-04-29');
    expect((within(composer).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('10:30');

    const text = `Fresh croissants ${'#bake '.repeat(31)}@rosa`;
    fireEvent.change(within(composer).getByLabelText('Text'), { target: { value: text } });
    // No account yet: both platforms' counts.
    expect(within(composer).getByTestId('instagram-hashtags').textContent).toBe(
      '31 / 30 hashtags — over the limit of 30',
    );
    expect(within(composer).getByTestId('facebook-hashtags').textContent).toBe('31 hashtags');
    expect(within(composer).getByTestId('instagram-characters').textContent).toBe(
      `${text.length} / 2,200 characters`,
    );

    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    expect(
      await within(composer).findByText('23 of 25 posts left (rolling 24 hours)'),
    ).toBeTruthy();
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const problems = () =>
      within(checks)
        .queryAllByRole('listitem')
        .map((li) => [li.getAttribute('data-account'), li.getAttribute('data-rule')]);
    expect(problems()).toEqual([
      ['@rosabakery', 'caption_too_many_hashtags'],
      ['@rosabakery', 'media_required'],
    ]);
    // Instagram's preview shows the account.
    expect(
      within(composer).getByRole('article', { name: 'Instagram preview for @rosabakery' }),
    ).toBeTruthy();

    // Scheduling is stopped, with the reasons focused; nothing is sent.
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(checks).findByText(/Schedule is stopped: fix these 2 problems first/),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(checks));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);

    // Fix: fewer hashtags, and a photo from the library.
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants #bakery' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your library' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'croissants.jpg' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use 1 item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /library/ })).toBeNull());
    expect(within(composer).getAllByTestId('attached-media')).toHaveLength(1);
    expect(await within(checks).findByText(/every platform rule is met/)).toBeTruthy();

    fireEvent.change(within(composer).getByLabelText(/^First comment/), {
      target: { value: 'Open 7–3' },
    });
    expect(within(composer).getByTestId('preview-first-comment').textContent).toContain('Open 7–3');

    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/calendar-events',
      `PUT /api/calendar-events/${EVENT}/targets`,
      `POST /api/calendar-events/${EVENT}/schedule`,
    ]);
    expect(writes[0]!.body).toMatchObject({
      // The first line of the text stands in for the empty title.
      title: 'Fresh croissants #bakery',
      status: 'draft',
      type: 'post',
      platforms: ['instagram'],
      scheduled_for: '2030-04-29T09:30:00.000Z',
    });
    expect(writes[1]!.body).toEqual({
      targets: [
        { connection_id: IG, format: 'post', media_ids: [PHOTO], first_comment: 'Open 7–3' },
      ],
    });
    expect(writes[2]!.body).toEqual({ scheduled_for: '2030-04-29T09:30:00.000Z' });
    expect(localStorage.length).toBe(0);
    // The calendar shows the post's day.
    expect(router.state.location.search).toContain('date=2030-04-29');
  });

  it('shows the server’s refusal by account and field, with the catalogue’s message', async () => {
    const error = vi.spyOn(toast, 'error');
    const { composer } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/calendar-events/${EVENT}`]: ok(event()),
      [`GET /api/calendar-events/${EVENT}/targets`]: ok(targets()),
      [`PATCH /api/calendar-events/${EVENT}`]: ok(event()),
      [`PUT /api/calendar-events/${EVENT}/targets`]: ok(targets()),
      [`POST /api/calendar-events/${EVENT}/schedule`]: {
        status: 400,
        body: {
          success: false,
          error: 'Failed to schedule content',
          metadata: {
            errorCode: 'VALIDATION_ERROR',
            errorType: 'validation',
            severity: 'low',
            retryable: false,
            correlationId: 'err_1_test',
            fieldErrors: {
              'targets.0.connection_id':
                '@rosabakery: This account has reached its 24-hour publishing limit',
            },
          },
        },
      },
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    expect(within(composer).getByRole('checkbox', { name: /@rosabakery/ })).toHaveProperty(
      'checked',
      true,
    );
    await within(composer).findAllByTestId('attached-media');
    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText(/reached its 24-hour publishing limit/);
    expect(item.closest('li')!.textContent).toBe(
      '@rosabakery · Account: This account has reached its 24-hour publishing limit',
    );
    expect(error).toHaveBeenCalledWith('Failed to schedule content', {
      description: 'Your changes are saved as a draft; it is not scheduled.',
    });
    // Still open, on the same post.
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeTruthy();
  });

  it('keeps what was typed in this browser, restores it with a notice, and can discard it', async () => {
    const first = await openComposer();
    fireEvent.change(within(first.composer).getByLabelText('Text'), {
      target: { value: 'Half-written thought' },
    });
    // Closing asks first.
    fireEvent.click(within(first.composer).getAllByRole('button', { name: 'Close' })[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Close without saving?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close and keep them' }));
    await waitFor(() => expect(first.router.state.location.search).not.toContain('compose'));

    // Opening a new post again brings it back.
    await first.router.navigate(NEW_AT_SLOT);
    const composer = await screen.findByRole('dialog', { name: 'New post' }, { timeout: 10_000 });
    expect(within(composer).getByText('Restored your unsaved changes')).toBeTruthy();
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe(
      'Half-written thought',
    );
    fireEvent.click(within(composer).getByRole('button', { name: 'Discard' }));
    expect((within(composer).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('saves a draft with target problems still open: the event first, then its targets', async () => {
    const { composer, calls } = await openComposer(NEW_AT_SLOT, {
      'POST /api/calendar-events': { status: 201, body: ok(event()).body },
      [`PUT /api/calendar-events/${EVENT}/targets`]: ok(targets()),
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Save draft' }));
    // A draft needs a title (or text to take it from).
    expect(await within(composer).findAllByText('Title is required')).toHaveLength(2);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
    fireEvent.change(within(composer).getByLabelText('Title'), {
      target: { value: 'Croissant day' },
    });
    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    fireEvent.click(within(composer).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['POST', 'PUT']),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      targets: [{ connection_id: IG, format: 'post', media_ids: [], first_comment: null }],
    });
  });

  it('the quick view opens the composer, and publishes now after asking, with refusals per account', async () => {
    const { router } = renderComposer(`/dashboard/calendar?event=${EVENT}`, {
      [`GET /api/calendar-events/${EVENT}`]: ok(event()),
      [`GET /api/calendar-events/${EVENT}/targets`]: ok(targets()),
      [`POST /api/calendar-events/${EVENT}/publish-now`]: {
        status: 400,
        body: {
          success: false,
          error: 'Failed to schedule content',
          metadata: {
            errorCode: 'VALIDATION_ERROR',
            errorType: 'validation',
            severity: 'low',
            retryable: false,
            correlationId: 'err_2_test',
            fieldErrors: {
              'targets.0.media_ids.0':
                '@rosabakery: This file is still being processed or could not be read',
            },
          },
        },
      },
    });
    const quick = await screen.findByRole('dialog', { name: 'Edit post' });
    fireEvent.click(within(quick).getByRole('button', { name: 'Publish now' }));
    const confirm = await within(quick).findByRole('alertdialog', {
      name: /Publish “Croissant day” now/,
    });
    expect(await within(confirm).findByText('@rosabakery')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish now' }));
    const reasons = await within(confirm).findByRole('list', { name: 'Why it was refused' });
    expect(reasons.textContent).toBe(
      '@rosabakery · Media: This file is still being processed or could not be read',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Fix in composer' }));
    expect(
      await screen.findByRole('dialog', { name: 'Edit post' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe(`?compose=${EVENT}`);
  });

  it('a story for Instagram: a 9:16 preview without the text, notes on what it leaves out, sent without the first comment', async () => {
    const { composer, calls, router } = await openComposer(NEW_AT_SLOT, {
      'POST /api/calendar-events': { status: 201, body: ok(event()).body },
      [`PUT /api/calendar-events/${EVENT}/targets`]: ok(targets()),
      [`POST /api/calendar-events/${EVENT}/schedule`]: ok(event({ status: 'scheduled' })),
    });
    fireEvent.change(within(composer).getByLabelText('Text'), {
      target: { value: 'Fresh croissants #bakery' },
    });
    fireEvent.change(within(composer).getByLabelText(/^First comment/), {
      target: { value: 'Open 7–3' },
    });
    fireEvent.click(await within(composer).findByRole('checkbox', { name: /@rosabakery/ }));
    const story = within(composer).getByRole('radio', { name: 'Story' });
    expect(story).toHaveProperty('disabled', false);
    fireEvent.click(story);
    expect(story).toHaveProperty('checked', true);
    expect(
      within(composer).getByText(
        'One photo or video, full screen, for 24 hours; no text or first comment',
      ),
    ).toBeTruthy();

    // The story's own preview: the frame, and no caption or comment under it.
    const preview = within(composer).getByRole('article', {
      name: 'Instagram story preview for @rosabakery',
    });
    expect(within(preview).getByTestId('story-frame')).toBeTruthy();
    expect(within(preview).queryByText(/Fresh croissants/)).toBeNull();
    expect(within(preview).queryByTestId('preview-first-comment')).toBeNull();
    expect(within(preview).getByTestId('story-not-published').textContent).toBe(
      'Stories show no text or comments: the text and the first comment are not published with this story.',
    );
    // The text is published nowhere, so it is not counted against Instagram.
    expect(within(composer).queryByTestId('counts-instagram')).toBeNull();

    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const rulesIn = (name: string) =>
      within(within(checks).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => [li.getAttribute('data-account'), li.getAttribute('data-rule')]);
    expect(rulesIn('Problems')).toEqual([['@rosabakery', 'media_required']]);
    expect(rulesIn('Notes')).toEqual([
      ['@rosabakery', 'story_text_not_published'],
      ['@rosabakery', 'story_first_comment_not_posted'],
    ]);

    fireEvent.click(within(composer).getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your library' });
    fireEvent.click(await within(picker).findByRole('button', { name: 'croissants.jpg' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use 1 item' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /library/ })).toBeNull());
    expect(await within(checks).findByText(/every platform rule is met/)).toBeTruthy();
    expect(rulesIn('Notes')).toHaveLength(2);

    fireEvent.click(within(composer).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('compose'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      targets: [{ connection_id: IG, format: 'story', media_ids: [PHOTO], first_comment: null }],
    });
  });

  it('names a story video outside 3–60 seconds with its account, field and reason', async () => {
    const clip: MediaItem = {
      ...photo,
      id: CLIP,
      name: 'oven.mp4',
      kind: 'video',
      mime_type: 'video/mp4',
      width: 1080,
      height: 1920,
      duration_ms: 90_000,
      compatibility: [
        {
          target: 'instagram_story',
          ok: false,
          reasons: ['1 min 30 s is longer than 1 min 0 s.'],
          notes: [],
        },
      ],
    };
    const state = targets();
    state.targets[0] = { ...state.targets[0]!, format: 'story', media_ids: [CLIP] };
    const { composer } = await openComposer(`/dashboard/calendar?compose=${EVENT}`, {
      [`GET /api/calendar-events/${EVENT}`]: ok(event()),
      [`GET /api/calendar-events/${EVENT}/targets`]: ok(state),
      [`GET /api/media/${CLIP}`]: ok({ ...clip, usages: [] }),
    });
    expect(await within(composer).findByDisplayValue('Croissant day')).toBeTruthy();
    await waitFor(() =>
      expect(within(composer).getByRole('radio', { name: 'Story' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    const checks = within(composer).getByRole('region', { name: 'Checks' });
    const item = await within(checks).findByText(/longer than 1 min 0 s/);
    expect(item.closest('li')!.textContent).toBe(
      '@rosabakery · Media: 1 min 30 s is longer than 1 min 0 s.',
    );
    expect(item.closest('li')!.getAttribute('data-rule')).toBe('media_instagram_story');
    // The file itself is marked too, before anything is sent.
    const [tile] = within(composer).getAllByTestId('attached-media');
    expect(within(tile!).getByLabelText('Has a problem for an account')).toBeTruthy();
  });

  it('says the accounts could not be loaded, with a retry, rather than that there are none', async () => {
    const { composer, calls } = await openComposer(NEW_AT_SLOT, {
      'GET /api/platforms/connections': fail(503, 'SERVICE_UNAVAILABLE', 'Please try again.', {
        retryable: false,
      }),
    });
    expect(await within(composer).findByText('Your accounts could not be loaded')).toBeTruthy();
    expect(within(composer).queryByText(/No accounts connected yet/)).toBeNull();
    const reads = () => calls.filter((c) => c.path === '/api/platforms/connections').length;
    const before = reads();
    fireEvent.click(within(composer).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('says so when the browser refuses to keep unsaved changes, instead of promising it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const { composer } = await openComposer();
      fireEvent.change(within(composer).getByLabelText('Text'), {
        target: { value: 'Half-written thought' },
      });
      expect(within(composer).getByTestId('composer-save-state').textContent).toBe(
        'This browser is not keeping your unsaved changes: save a draft to keep them.',
      );
      fireEvent.click(within(composer).getAllByRole('button', { name: 'Close' })[0]!);
      const confirm = await screen.findByRole('alertdialog', { name: 'Close without saving?' });
      expect(
        within(confirm).getByText(
          'This browser does not let us keep them on this device: if you close now, they are lost.',
        ),
      ).toBeTruthy();
      expect(within(confirm).queryByRole('button', { name: 'Close and keep them' })).toBeNull();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    } finally {
      setItem.mockRestore();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription, USER_ID } from '../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import { NO_FILTERS, listEventsInRange } from '../api/use-events-in-range.ts';
import CalendarPage from './calendar-page.tsx';
import { preloadComposer } from '../../posts/index.ts';

// Loaded with the test file, so the composer's prefetch never outlives a short test.
await preloadComposer();

function event(
  id: number,
  title: string,
  scheduledFor: string,
  extra: Partial<CalendarEvent> = {},
) {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    user_id: USER_ID,
    title,
    content: null,
    platforms: ['instagram'],
    type: 'post',
    status: 'scheduled',
    scheduled_for: scheduledFor,
    created_at: scheduledFor,
    updated_at: scheduledFor,
    ...extra,
  } satisfies CalendarEvent;
}

function renderCalendar(
  events: CalendarEvent[],
  options: {
    role?: string;
    path?: string;
    plan?: 'free' | 'trial';
    campaigns?: Array<{ event_id: string; campaign_id: string; name: string; color: string }>;
  } = {},
) {
  const api = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: options.role ?? 'owner',
      is_admin: false,
      memberships: [],
    }),
    'GET /api/calendar-events': ok(events),
    'GET /api/calendar-events/campaigns': ok(options.campaigns ?? []),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'POST /api/posts': fail(400, 'VALIDATION_ERROR', 'Failed to save draft', {
      fieldErrors: { scheduled_for: 'Please enter a valid date and time' },
    }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider
        value={authValue({
          businessProfile: businessProfile({ time_zone: 'Europe/London' }),
          subscription: subscription({ plan: options.plan ?? 'trial' }),
        })}
      >
        <MemoryRouter initialEntries={[options.path ?? '/dashboard/calendar?date=2026-03-29']}>
          <CalendarPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

describe('calendar page', () => {
  it('states the business time zone and puts events on their London day', async () => {
    renderCalendar([
      // 23:30 UTC on 28 March is still the 28th in London (GMT); 23:30 UTC on the 29th is the 30th (BST).
      event(1, 'Late Saturday', '2026-03-28T23:30:00Z'),
      event(2, 'Early Monday', '2026-03-29T23:30:00Z'),
    ]);
    expect(screen.getByText(/Europe\/London/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/March 2026/);
    const saturday = document.querySelector('[data-date="2026-03-28"]') as HTMLElement;
    expect(await within(saturday).findByText('Late Saturday')).toBeTruthy();
    const monday = document.querySelector('[data-date="2026-03-30"]') as HTMLElement;
    expect(within(monday).getByText('Early Monday')).toBeTruthy();
  });

  it('loads the visible range only, paging through the list 500 at a time', async () => {
    const page = Array.from({ length: 500 }, (_, i) =>
      event(1000 + i, `Bulk ${i}`, '2026-03-05T10:00:00Z'),
    );
    let served = 0;
    const { fetchMock } = mockApi({
      'GET /api/calendar-events': () => ok(served++ === 0 ? page : page.slice(0, 3)),
    });
    const events = await listEventsInRange({
      start: new Date('2026-02-23T00:00:00Z'),
      end: new Date('2026-04-05T23:00:00Z'),
      filters: { ...NO_FILTERS, platform: 'instagram' },
    });
    expect(events).toHaveLength(503);
    const urls = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'));
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '500']);
    expect(urls[0]!.searchParams.get('startDate')).toBe('2026-02-23T00:00:00.000Z');
    expect(urls[0]!.searchParams.get('endDate')).toBe('2026-04-05T22:59:59.999Z');
    expect(urls[0]!.searchParams.get('limit')).toBe('500');
    expect(urls[0]!.searchParams.get('platforms')).toBe('instagram');
  });

  it('shows at most three events in a day, then "+N more"', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      event(10 + i, `Post ${i}`, `2026-03-18T${String(9 + i).padStart(2, '0')}:00:00Z`),
    );
    renderCalendar(many);
    const cell = document.querySelector('[data-date="2026-03-18"]') as HTMLElement;
    expect(await within(cell).findByRole('button', { name: /4 more/ })).toBeTruthy();
    expect(within(cell).getAllByRole('button', { name: /^Post \d/ })).toHaveLength(3);
  });

  it('marks status with words and icons, and only drafts and scheduled posts are draggable', async () => {
    renderCalendar([
      event(20, 'Went out', '2026-03-10T09:00:00Z', { status: 'published' }),
      event(21, 'Called off', '2026-03-11T09:00:00Z', { status: 'cancelled' }),
      event(22, 'Coming up', '2026-03-12T09:00:00Z'),
    ]);
    const published = await screen.findByRole('button', { name: /^Went out, .*Published/ });
    expect(published.getAttribute('draggable')).toBe('false');
    const cancelled = screen.getByRole('button', { name: /^Called off, .*Cancelled/ });
    expect(cancelled.className).toContain('line-through');
    expect(
      screen.getByRole('button', { name: /^Coming up, .*Scheduled/ }).getAttribute('draggable'),
    ).toBe('true');
    expect(screen.getByRole('region', { name: 'Legend' })).toBeTruthy();
  });

  it('creates from a day: validates on the client, then shows the server’s field message', async () => {
    const { calls } = renderCalendar([]);
    fireEvent.click(
      await screen.findByRole('button', { name: /^New post on Tuesday,? (31 March|March 31)$/ }),
    );
    // A post is written in the composer, opened at the slot; a note goes on to the quick dialog.
    const composer = await screen.findByRole('dialog', { name: 'New post' }, { timeout: 10_000 });
    expect((within(composer).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-31');
    fireEvent.click(within(composer).getByRole('button', { name: 'Add a note instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'New note' });
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-31');
    expect((within(dialog).getByLabelText(/^Time/) as HTMLInputElement).value).toBe('09:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Easter hours' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid date and time')).toBeTruthy();
    // What was typed is kept.
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Easter hours');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/posts');
    expect(post?.body).toEqual({
      post: {
        title: 'Easter hours',
        content: null,
        platforms: [],
        type: 'note',
        // 09:00 BST on 31 March.
        scheduled_for: '2026-03-31T08:00:00.000Z',
      },
      intent: 'draft',
    });
  });

  it('offers no creating or moving to a viewer', async () => {
    renderCalendar([event(30, 'Read only', '2026-03-12T09:00:00Z')], { role: 'viewer' });
    const chip = await screen.findByRole('button', { name: /^Read only/ });
    expect(chip.getAttribute('draggable')).toBe('false');
    expect(screen.queryByRole('button', { name: /^New post/ })).toBeNull();
  });

  it('shows the upgrade prompt on the free plan', () => {
    renderCalendar([], { plan: 'free' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Calendar is part of the/)).toBeTruthy();
  });

  it('draws the DST week with 24 hour rows per day in the week view', async () => {
    renderCalendar([event(40, 'After the change', '2026-03-29T01:30:00Z')], {
      path: '/dashboard/calendar?view=week&date=2026-03-29',
    });
    // 01:30 UTC on 29 March is 02:30 BST: in the 2 am row of Sunday.
    const slot = document.querySelector('[data-slot="2026-03-29T02"]') as HTMLElement;
    expect(await within(slot).findByText('After the change')).toBeTruthy();
    expect(document.querySelectorAll('[data-slot^="2026-03-29T"]')).toHaveLength(24);
  });
});

describe('campaigns on the calendar', () => {
  it("names a post's campaign, wears its colour and filters to one campaign", async () => {
    const post = event(41, 'Spring opening: the window', '2026-03-30T09:00:00.000Z', {
      type: 'campaign',
    });
    const campaignId = '00000000-0000-4000-8000-00000000c001';
    const api = renderCalendar([post], {
      campaigns: [
        { event_id: post.id, campaign_id: campaignId, name: 'Spring opening', color: '#16a34a' },
      ],
    });
    const chip = await screen.findByRole('button', { name: /Campaign Spring opening/ });
    expect(chip.style.borderColor).toBe('rgb(22, 163, 74)');
    fireEvent.change(await screen.findByLabelText('Campaign'), { target: { value: campaignId } });
    await screen.findByRole('button', { name: /Campaign Spring opening/ });
    const asked = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
    expect(
      asked.some(
        (url) =>
          url.pathname === '/api/calendar-events' &&
          url.searchParams.get('campaignId') === campaignId,
      ),
    ).toBe(true);
  });
});

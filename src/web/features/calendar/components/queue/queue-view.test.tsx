import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '#shared/contracts/posts.contract.ts';
import type { AccountQueue, Queue } from '#shared/contracts/queue.contract.ts';
import { USER_ID } from '../../../../test/auth-state.ts';
import { fail, mockApi, ok, type MockHandler } from '../../../../test/mock-api.ts';
import { renderCalendarPage } from '../../pages/calendar-page.test-helpers.tsx';

// The calendar's Queue view (docs/decisions/077): per account, the queued posts in order at their
// times with the empty times between; moves by drag, by the Move up/down buttons and the menu;
// Shuffle, Pause and Resume; a refusal shown in place with every reason; the posting times
// edited in a dialog that keeps what was typed when the server refuses.

const PAGE = '00000000-0000-4000-8000-0000000000a1';
const INSTAGRAM = '00000000-0000-4000-8000-0000000000a2';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Days ahead of now, so the queue's times are in the future whenever the test runs.
const day = (d: number, time: string) => {
  const date = new Date(Date.now() + d * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}:00.000Z`;
};

function post(n: number, title: string, at: string, status: Post['status'] = 'scheduled'): Post {
  return {
    id: id(n),
    user_id: USER_ID,
    title,
    content: `${title} from the oven`,
    platforms: ['facebook'],
    type: 'post',
    status,
    scheduled_for: at,
    created_at: at,
    updated_at: at,
    deliveries: [],
  };
}

function account(overrides: Partial<AccountQueue> = {}): AccountQueue {
  const a = post(1, 'Sourdough', day(2, '09:00'));
  const b = post(2, 'Croissants', day(2, '18:00'));
  const c = post(3, 'Rye loaf', day(3, '18:00'));
  return {
    connection_id: PAGE,
    platform: 'facebook',
    account_label: 'Rosa Bakery',
    name: 'Rosa Bakery',
    username: null,
    picture_url: null,
    can_publish: true,
    paused: false,
    paused_at: null,
    slots_source: 'account',
    slots: [
      { weekday: 1, time: '09:00' },
      { weekday: 1, time: '18:00' },
    ],
    posts: [a, b, c].map((p) => ({ slot_at: p.scheduled_for!, pinned: false, post: p })),
    timeline: [
      { at: a.scheduled_for!, kind: 'queued', post_id: a.id, title: null },
      { at: b.scheduled_for!, kind: 'queued', post_id: b.id, title: null },
      { at: day(3, '09:00'), kind: 'empty', post_id: null, title: null },
      { at: c.scheduled_for!, kind: 'queued', post_id: c.id, title: null },
      { at: day(4, '09:00'), kind: 'taken', post_id: id(9), title: 'Planned by hand' },
    ],
    next_slot_at: day(3, '09:00'),
    ...overrides,
  };
}

function queueOf(...accounts: AccountQueue[]): Queue {
  return { time_zone: 'UTC', accounts };
}

function renderQueue(
  queue: Queue,
  handlers: Record<string, MockHandler | ReturnType<typeof ok>> = {},
  role = 'owner',
) {
  const api = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: role,
      is_admin: false,
      memberships: [],
    }),
    'GET /api/calendar-events': ok([]),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'GET /api/queue': ok(queue),
    ...handlers,
  });
  renderCalendarPage('/dashboard/calendar?view=queue');
  return api;
}

const titles = () =>
  screen.getAllByTestId('queued-post').map((el) => within(el).getAllByText(/./)[0]!.textContent);

describe('the queue view', () => {
  it('is a view of the calendar page, listing each account’s queue in order with empty times', async () => {
    renderQueue(
      queueOf(
        account(),
        account({
          connection_id: INSTAGRAM,
          platform: 'instagram',
          account_label: '@rosabakery',
          posts: [],
          timeline: [],
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Posting queue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Queue' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
    const tabs = await screen.findByRole('tablist', { name: 'Accounts' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.getAttribute('aria-selected')),
    ).toEqual(['true', 'false']);
    expect(await screen.findAllByTestId('queued-post')).toHaveLength(3);
    expect(titles()).toEqual(['Sourdough', 'Croissants', 'Rye loaf']);
    expect(screen.getByText('Empty posting time')).toBeTruthy();
    expect(screen.getByText(/Held by “Planned by hand”/)).toBeTruthy();
    expect(screen.getByText(/3 posts queued · Next free time/)).toBeTruthy();

    // The other account: its own (empty) queue, reached with the arrow keys as tabs are.
    fireEvent.keyDown(within(tabs).getAllByRole('tab')[0]!, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { name: '@rosabakery' })).toBeTruthy();
    expect(screen.getByText(/Nothing queued yet/)).toBeTruthy();
  });

  it('moves a post with the keyboard buttons and the menu, each one request', async () => {
    const moved = account();
    const { calls } = renderQueue(queueOf(account()), {
      [`POST /api/queue/accounts/${PAGE}/order`]: ok(moved),
      [`POST /api/queue/accounts/${PAGE}/posts/${id(3)}/top`]: ok(moved),
      [`DELETE /api/queue/accounts/${PAGE}/posts/${id(1)}`]: ok(moved),
    });
    const down = await screen.findByRole('button', { name: 'Move “Sourdough” down' });
    expect(
      (screen.getByRole('button', { name: 'Move “Sourdough” up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(down);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/order'))?.body).toEqual({
        post_ids: [id(2), id(1), id(3)],
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'More for “Rye loaf”' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'More for “Rye loaf”' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to top' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith(`${id(3)}/top`))).toBe(true));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'More for “Sourdough”' }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'More for “Sourdough”' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from queue' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('reorders by dragging a post onto another’s place', async () => {
    const { calls } = renderQueue(queueOf(account()), {
      [`POST /api/queue/accounts/${PAGE}/order`]: ok(account()),
    });
    const cards = await screen.findAllByTestId('queued-post');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(cards[2]!, { dataTransfer });
    fireEvent.dragOver(cards[0]!.closest('li')!, { dataTransfer });
    fireEvent.drop(cards[0]!.closest('li')!, { dataTransfer });
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/order'))?.body).toEqual({
        post_ids: [id(3), id(1), id(2)],
      }),
    );
  });

  it('pauses and resumes, and shows a refusal with each reason in place', async () => {
    const paused = account({
      paused: true,
      timeline: [],
      posts: account().posts.map((p) => ({ ...p, post: { ...p.post, status: 'draft' as const } })),
    });
    let current = account();
    const { calls } = renderQueue(queueOf(current), {
      'GET /api/queue': () => ok(queueOf(current)),
      [`POST /api/queue/accounts/${PAGE}/pause`]: () => {
        current = paused;
        return ok(paused);
      },
      [`POST /api/queue/accounts/${PAGE}/resume`]: fail(
        400,
        'VALIDATION_ERROR',
        'Failed to schedule content',
        {
          fieldErrors: {
            'posts.0.targets.0.connection_id':
              '“Sourdough” on Rosa Bakery: The access to this account has ended. Reconnect it on the Platforms page',
          },
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('This queue is paused')).toBeTruthy();
    expect(screen.getAllByText('Draft while paused')).toHaveLength(3);
    expect(screen.getByText('#1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to schedule content');
    expect(alert.textContent).toContain(
      '“Sourdough” on Rosa Bakery: The access to this account has ended',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path.split('/').pop())).toEqual([
      'pause',
      'resume',
    ]);
  });

  it('edits the posting times, keeping what was typed when the server refuses', async () => {
    const saved = account({ slots: [{ weekday: 1, time: '07:45' }] });
    let attempts = 0;
    const { calls } = renderQueue(queueOf(account()), {
      [`PUT /api/queue/accounts/${PAGE}/slots`]: () =>
        attempts++ === 0
          ? fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
              fieldErrors: {
                slots:
                  'There are not enough free posting times for the 3 queued posts in the next 8 weeks. Add posting times to this account',
              },
            })
          : ok(saved),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Posting times' }));
    const dialog = await screen.findByRole('dialog', { name: 'Posting times for Rosa Bakery' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Remove 9:00 AM on Monday$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Remove 6:00 PM on Monday$/ }));
    fireEvent.change(within(dialog).getByLabelText('New time on Monday'), {
      target: { value: '07:45' },
    });
    fireEvent.click(
      within(within(dialog).getByRole('listitem', { name: 'Monday' })).getByRole('button', {
        name: 'Add',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save times' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(/not enough free posting times/)).toBeTruthy();
    // What was typed is still there.
    expect(within(dialog).getByRole('button', { name: /^Remove 7:45 AM on Monday$/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save times' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { slots: [{ weekday: 1, time: '07:45' }] },
      { slots: [{ weekday: 1, time: '07:45' }] },
    ]);
  });

  it('lets a viewer read the queue but offers no moves', async () => {
    renderQueue(queueOf(account()), {}, 'viewer');
    expect(await screen.findAllByTestId('queued-post')).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Shuffle' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^Move “/ })).toBeNull();
  });

  it('invites to connect an account when there is none', async () => {
    renderQueue(queueOf());
    expect(await screen.findByText('Connect an account to start a queue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect an account' }).getAttribute('href')).toBe(
      '/dashboard/platforms',
    );
  });
});

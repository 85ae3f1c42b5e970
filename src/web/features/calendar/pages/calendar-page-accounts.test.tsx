import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import { connection } from '../../../test/connections.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { NO_FILTERS, listEventsInRange, rangeKey } from '../api/use-events-in-range.ts';
import { AccountFilter } from '../components/account-filter.tsx';
import { renderCalendarPage } from './calendar-page.test-helpers.tsx';

// The account filter of the calendar (decision 076): offered once the business has an account,
// several accounts at a time, sent to the server with the visible range.

const BAKERY = '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e01';
const INSTAGRAM = '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e02';
const OLD_PAGE = '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e03';

const ACCOUNTS: Connection[] = [
  connection({ id: BAKERY, name: 'Rosa Bakery' }),
  connection({
    id: OLD_PAGE,
    name: 'Rosa Catering',
    status: 'disconnected',
  }),
  connection({
    id: INSTAGRAM,
    platform: 'instagram',
    name: 'Rosa Bakery IG',
    username: 'rosabakery',
  }),
];

function event(id: number, title: string, scheduledFor: string): CalendarEvent {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    user_id: USER_ID,
    title,
    content: null,
    platforms: ['facebook'],
    type: 'post',
    status: 'draft',
    scheduled_for: scheduledFor,
    created_at: scheduledFor,
    updated_at: scheduledFor,
  };
}

const ON_PAGE = event(1, 'Bread on the Page', '2026-03-10T09:00:00Z');
const ON_INSTAGRAM = event(2, 'Bread on Instagram', '2026-03-11T09:00:00Z');

/** The calendar, answering the list as the server would for the accountIds it is sent. */
function renderCalendar(connections: Connection[] | 'error') {
  const listed: Array<string | null> = [];
  const mock = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: 'owner',
      is_admin: false,
      memberships: [],
    }),
    'GET /api/calendar-events/feed': ok({ active: false, created_at: null, url: null }),
    'GET /api/platforms/connections':
      connections === 'error'
        ? fail(503, 'SERVICE_UNAVAILABLE', 'Please try again.', { retryable: false })
        : ok(connections),
    'GET /api/calendar-events': () => {
      const url = new URL(String(mock.fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      const accountIds = url.searchParams.get('accountIds');
      listed.push(accountIds);
      const chosen = accountIds?.split(',') ?? [BAKERY, INSTAGRAM];
      return ok(
        [
          chosen.includes(BAKERY) ? ON_PAGE : null,
          chosen.includes(INSTAGRAM) ? ON_INSTAGRAM : null,
        ].filter((e) => e !== null),
      );
    },
  });
  renderCalendarPage('/dashboard/calendar?view=month&date=2026-03-15', {
    timeZone: 'Europe/London',
  });
  return { ...mock, listed };
}

function openPicker() {
  fireEvent.keyDown(screen.getByRole('button', { name: /^Accounts/ }), { key: 'Enter' });
  return screen.findByRole('menu');
}

// A whole month page renders in each test: slower than the default five seconds on a busy machine.
describe('calendar account filter', { timeout: 30_000 }, () => {
  it('is not offered while the business has no account', async () => {
    const { listed, calls } = renderCalendar([]);
    expect(await screen.findByText('Bread on the Page')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/platforms/connections')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: /^Accounts/ })).toBeNull();
    expect(screen.getByLabelText('Platform')).toBeTruthy();
    expect(listed.every((accountIds) => accountIds === null)).toBe(true);
  });

  it('is not offered when the accounts cannot be loaded, and the calendar still shows', async () => {
    renderCalendar('error');
    expect(await screen.findByText('Bread on Instagram')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accounts/ })).toBeNull();
  });

  it('narrows the calendar to the chosen accounts, several at a time, and clears', async () => {
    const { listed } = renderCalendar(ACCOUNTS);
    const trigger = await screen.findByRole('button', { name: 'Accounts All accounts' });
    expect(await screen.findByText('Bread on Instagram')).toBeTruthy();

    const menu = await openPicker();
    const items = within(menu).getAllByRole('menuitemcheckbox');
    // Connected accounts first, each with its platform; a disconnected one last, marked.
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Rosa Bakery, Facebook Page',
      'Rosa Bakery IG, Instagram, @rosabakery',
      'Rosa Catering, Facebook Page, Disconnected',
    ]);
    expect(items[2]!.textContent).toBe('Rosa CateringFacebook Page · Disconnected');
    expect(items.every((i) => i.getAttribute('aria-checked') === 'false')).toBe(true);

    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: /^Rosa Bakery IG,/ }));
    // The menu stays open for the next choice.
    expect(
      within(menu)
        .getByRole('menuitemcheckbox', { name: /^Rosa Bakery IG,/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await waitFor(() => expect(listed.at(-1)).toBe(INSTAGRAM));
    fireEvent.keyDown(menu, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByText('Bread on the Page')).toBeNull());
    expect(screen.getByText('Bread on Instagram')).toBeTruthy();
    // One account: by its @username, its platform said in words and drawn as the icon.
    expect(screen.getByRole('button', { name: 'Accounts Instagram @rosabakery' })).toBe(trigger);

    // A second account: both ids, in the order shown.
    const again = await openPicker();
    fireEvent.click(
      within(again).getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Facebook Page' }),
    );
    await waitFor(() => expect(listed.at(-1)).toBe(`${BAKERY},${INSTAGRAM}`));
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(await screen.findByText('Bread on the Page')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Accounts 2 accounts' })).toBe(trigger);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Accounts All accounts' })).toBe(trigger),
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('“Show all accounts” empties the choice', async () => {
    const { listed } = renderCalendar(ACCOUNTS);
    await screen.findByRole('button', { name: 'Accounts All accounts' });
    const menu = await openPicker();
    expect(within(menu).queryByRole('menuitem', { name: 'Show all accounts' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: /^Rosa Catering/ }));
    await waitFor(() => expect(listed.at(-1)).toBe(OLD_PAGE));
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Show all accounts' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Accounts All accounts' })).toBeTruthy(),
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('account picker limits', () => {
  it('offers no eleventh account once ten are chosen', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) =>
      connection({
        id: `6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9f${String(i).padStart(2, '0')}`,
        name: `Shop ${i}`,
      }),
    );
    mockApi({ 'GET /api/platforms/connections': ok(eleven) });
    const chosen = eleven.slice(0, 10).map((c) => c.id);
    const changes: string[][] = [];
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AccountFilter value={chosen} onChange={(ids) => changes.push(ids)} />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Accounts 10 accounts' });
    const menu = await openPicker();
    expect(within(menu).getByText(/up to 10 accounts at a time/)).toBeTruthy();
    const last = within(menu).getByRole('menuitemcheckbox', { name: /^Shop 10,/ });
    expect(last.getAttribute('aria-disabled')).toBe('true');
    // Taking one away is still possible.
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: /^Shop 0,/ }));
    expect(changes.at(-1)).toEqual(chosen.slice(1));
  });
});

describe('listEventsInRange and its key with accounts', () => {
  const range = {
    start: new Date('2026-02-23T00:00:00Z'),
    end: new Date('2026-04-05T23:00:00Z'),
  };

  it('sends the accounts as one comma-separated parameter, and none when empty', async () => {
    const { fetchMock } = mockApi({ 'GET /api/calendar-events': ok([]) });
    await listEventsInRange({
      ...range,
      filters: { ...NO_FILTERS, accountIds: [BAKERY, OLD_PAGE] },
    });
    await listEventsInRange({ ...range, filters: NO_FILTERS });
    const urls = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'));
    expect(urls[0]!.searchParams.get('accountIds')).toBe(`${BAKERY},${OLD_PAGE}`);
    expect(urls[1]!.searchParams.has('accountIds')).toBe(false);
  });

  it('keys the range by the accounts, whatever their order', () => {
    const key = (accountIds: string[]) =>
      JSON.stringify(rangeKey(USER_ID, { ...range, filters: { ...NO_FILTERS, accountIds } }));
    expect(key([BAKERY, INSTAGRAM])).toBe(key([INSTAGRAM, BAKERY]));
    expect(key([BAKERY])).not.toBe(key([INSTAGRAM]));
    expect(key([])).not.toBe(key([BAKERY]));
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  analyticsApi,
  FB,
  IG,
  lastQuery,
  overview,
  post,
  postsPage,
  renderPage,
  where,
} from './analytics.test-helpers.tsx';

// The analytics page (docs/decisions/092) from the contract's answers: the cards with their
// change and provenance, the series as charts or tables, the top posts sorted on the server with
// a post's drill-down, a custom range checked before it is asked for, and the empty states.

describe('the figures', () => {
  it('shows each card with its change, or says there is no earlier data, and its provenance', async () => {
    analyticsApi();
    renderPage();
    expect((await screen.findByTestId('metric-followers')).textContent).toBe('1,520');
    expect(screen.getByText('Up 8.6% on the previous period')).toBeTruthy();
    expect(screen.getByText('Down 16.0% on the previous period')).toBeTruthy();
    // Reach has no previous period: no change is made up.
    const reach = screen.getByTestId('metric-reach').parentElement!;
    expect(within(reach).getByText('No earlier data')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'About Reach' }));
    const about = screen.getByRole('dialog', { name: 'About Reach' });
    expect(within(about).getByText('Instagram reach (day)')).toBeTruthy();
    expect(within(about).getByText('Fetched')).toBeTruthy();
    expect(within(about).getByText(/Reach is a daily average/)).toBeTruthy();
    expect(within(about).getByText('Meta may revise the last two days.')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'About Reach' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'About Engagement rate' }));
    expect(screen.getByText('Interactions divided by reach, per post, averaged.')).toBeTruthy();
  });

  it('shows a series as a table with the same numbers, and a gap as a dash', async () => {
    analyticsApi();
    renderPage();
    const followers = await screen.findByRole('region', { name: 'Followers' });
    fireEvent.click(within(followers).getByRole('button', { name: 'Show as table' }));
    const table = within(followers).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '26 Mar 2026' })).toBeTruthy();
    expect(within(table).getByText('1,520')).toBeTruthy();
    const reach = screen.getByRole('region', { name: 'Reach' });
    fireEvent.click(within(reach).getByRole('button', { name: 'Show as table' }));
    const row = within(within(reach).getByRole('table')).getByRole('row', { name: /27 Mar 2026/ });
    expect(within(row).getByText('—')).toBeTruthy();
    fireEvent.click(within(reach).getByRole('button', { name: 'Show as chart' }));
    expect(within(reach).queryByRole('table')).toBeNull();
  });
});

describe('the top posts', () => {
  it('sorts on the server by the column clicked, then the other way', async () => {
    const { fetchMock } = analyticsApi();
    renderPage();
    const table = await screen.findByRole('table', { name: /Top posts/ });
    expect(
      within(table).getByRole('button', { name: 'Details of Fresh sourdough number 1' }),
    ).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Reach' }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/analytics/posts').get('sort')).toBe('reach'),
    );
    expect(lastQuery(fetchMock, '/api/analytics/posts').get('dir')).toBe('desc');
    expect(where.current).toContain('sort=reach');
    fireEvent.click(
      within(screen.getByRole('table', { name: /Top posts/ })).getByRole('button', {
        name: 'Reach',
      }),
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/analytics/posts').get('dir')).toBe('asc'),
    );
  });

  it('pages through the posts', async () => {
    const { fetchMock } = analyticsApi({
      'GET /api/analytics/posts': ok(postsPage([post(1)], { total: 45 })),
    });
    renderPage();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/analytics/posts').get('page')).toBe('2'));
  });

  it('opens a post with its figures over time and the calendar post it came from', async () => {
    analyticsApi();
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Details of Fresh sourdough number 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Post performance' });
    const link = await within(dialog).findByRole('link', {
      name: /From your calendar: Sourdough launch/,
    });
    expect(link.getAttribute('href')).toBe('/dashboard/calendar?event=event-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show as table' }));
    const table = within(dialog).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '2 d' })).toBeTruthy();
    expect(within(table).getAllByText('901').length).toBe(1);
  });
});

describe('the range and the account', () => {
  it('refuses a custom range on the client and keeps what was typed', async () => {
    const { fetchMock } = analyticsApi();
    renderPage();
    await screen.findByTestId('metric-followers');
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '2026-03-10' } });
    fireEvent.change(to, { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The start date must be on or before the end date.',
    );
    expect(from.value).toBe('2026-03-10');
    expect(to.value).toBe('2026-03-01');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(from, { target: { value: '2024-01-01' } });
    fireEvent.change(to, { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 366 days.');
    fireEvent.change(to, { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The end date cannot be in the future.');
    expect(lastQuery(fetchMock, '/api/analytics/overview').get('from')).toBeNull();

    fireEvent.change(from, { target: { value: '2025-12-01' } });
    fireEvent.change(to, { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/analytics/overview').get('from')).toBe('2025-12-01'),
    );
    expect(lastQuery(fetchMock, '/api/analytics/overview').get('range')).toBeNull();
    expect(where.current).toContain('from=2025-12-01&to=2025-12-31');
  });

  it("shows the server's refusal of a range beside the dates", async () => {
    analyticsApi({
      'GET /api/analytics/overview': () =>
        fail(400, 'VALIDATION_ERROR', 'There is no data before 1 Jan 2025.'),
    });
    renderPage('/dashboard/analytics?from=2024-01-01&to=2024-02-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no data before 1 Jan 2025.',
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-01-01');
  });

  it('asks for one account and keeps it in the address', async () => {
    const { fetchMock } = analyticsApi();
    renderPage('/dashboard/analytics?range=7');
    await screen.findByTestId('metric-followers');
    expect(lastQuery(fetchMock, '/api/analytics/overview').get('range')).toBe('7');
    fireEvent.pointerDown(screen.getByRole('button', { name: /Account/ }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: /Rosa Bakery Page/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/analytics/overview').get('account')).toBe(FB),
    );
    expect(where.current).toContain(`account=${FB}`);
    expect(where.current).toContain('range=7');
  });

  it('links each export to the CSV of the current query', async () => {
    analyticsApi();
    renderPage(`/dashboard/analytics?account=${IG}&range=90&sort=reach&dir=asc`);
    await screen.findByTestId('metric-followers');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Export' }), {
      button: 0,
      ctrlKey: false,
    });
    const posts = await screen.findByRole('menuitem', { name: 'Top posts' });
    expect(posts.getAttribute('href')).toBe(
      `/api/analytics/export/posts?account=${IG}&range=90&sort=reach&dir=asc`,
    );
    expect(posts.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Best times to post' }).getAttribute('href')).toBe(
      `/api/analytics/export/best-times?account=${IG}`,
    );
  });
});

describe('empty and unavailable', () => {
  it('asks to connect an account when there is none', async () => {
    analyticsApi({
      'GET /api/analytics/overview': ok(
        overview({ accounts: [], cards: [], series: [], sync: [] }),
      ),
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Connect a platform' });
    expect(link.getAttribute('href')).toBe('/dashboard/platforms');
  });

  it('says an account has no insights, and shows the last figures when a refresh failed', async () => {
    const base = overview();
    analyticsApi({
      'GET /api/analytics/overview': ok(
        overview({
          sync: [
            {
              ...base.sync[0]!,
              status: 'unavailable',
              unavailableReason: 'Not available below 100 followers',
            },
            { ...base.sync[1]!, status: 'failed', lastError: 'The token has expired' },
          ],
        }),
      ),
    });
    renderPage();
    expect(await screen.findByText('Not available below 100 followers')).toBeTruthy();
    expect(
      screen.getByText(/Last updated .* — refresh failed: The token has expired/),
    ).toBeTruthy();
    expect(screen.getByTestId('metric-followers').textContent).toBe('1,520');
  });

  it("names the audience's period and says why a set is missing", async () => {
    analyticsApi();
    renderPage();
    const audience = await screen.findByRole('region', { name: 'Audience' });
    expect(await within(audience).findByText('Lisbon')).toBeTruthy();
    expect(within(audience).getAllByText(/Lifetime · fetched/).length).toBeGreaterThan(0);
    fireEvent.click(within(audience).getByRole('button', { name: 'Engaged audience' }));
    expect(within(audience).getByText('Not available below 100 engaged accounts')).toBeTruthy();
    expect(within(audience).getByText(/Last 30 days \(this_month\)/)).toBeTruthy();
  });

  it('shows a best-time slot with too few posts as not enough data', async () => {
    analyticsApi();
    renderPage();
    const best = await screen.findByRole('region', {
      name: 'How your posts did by the hour they went out',
    });
    expect(
      within(best).getByTitle('Tuesday 09:00: 6.5% engagement rate from 4 posts'),
    ).toBeTruthy();
    expect(
      within(best).getByTitle('Wednesday 12:00: not enough data (1 of 3 posts needed)'),
    ).toBeTruthy();
    fireEvent.click(within(best).getByRole('button', { name: 'Show as table' }));
    const row = within(within(best).getByRole('table')).getByRole('row', {
      name: /Wednesday 12:00/,
    });
    expect(within(row).getByText('Not enough data')).toBeTruthy();
    expect(screen.getByText('Times in Europe/Lisbon.')).toBeTruthy();
  });
});

describe('scheduled reports', () => {
  const report = {
    id: '00000000-0000-4000-8000-00000000d001',
    cadence: 'weekly' as const,
    account: IG,
    recipients: ['owner@example.com'],
    enabled: true,
    lastSentAt: null,
    nextSendAt: '2026-03-30T07:00:00.000Z',
    lastError: null,
  };

  it('creates a report once every address is valid', async () => {
    const { calls } = analyticsApi({
      'POST /api/analytics/reports': ok(report),
    });
    renderPage();
    const section = await screen.findByRole('heading', { name: 'Scheduled reports' });
    expect(section).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    const dialog = await screen.findByRole('dialog', { name: 'New scheduled report' });
    fireEvent.change(within(dialog).getByLabelText('Recipients'), {
      target: { value: 'owner@example.com, not-an-address' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    expect(within(dialog).getByText('Enter a valid email address: not-an-address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('How often'), { target: { value: 'monthly' } });
    fireEvent.change(within(dialog).getByLabelText('Recipients'), {
      target: { value: 'owner@example.com; team@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        cadence: 'monthly',
        account: 'all',
        recipients: ['owner@example.com', 'team@example.com'],
        enabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("pauses a report and shows the server's refusal of a send", async () => {
    const { calls } = analyticsApi({
      'GET /api/analytics/reports': ok([report]),
      [`PATCH /api/analytics/reports/${report.id}`]: ok({ ...report, enabled: false }),
      [`POST /api/analytics/reports/${report.id}/send`]: fail(
        403,
        'FORBIDDEN',
        'Only the owner or a manager can send reports.',
        { errorType: 'authorization' },
      ),
    });
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Weekly report · @rosabakery' });
    expect(within(row).getByText('To owner@example.com')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Send now' }));
    expect(
      await within(row).findByText('Only the owner or a manager can send reports.'),
    ).toBeTruthy();
  });

  it('lets a staff member read the reports but not change them', async () => {
    analyticsApi({ 'GET /api/analytics/reports': ok([report]) }, 'staff');
    renderPage();
    expect(
      await screen.findByText('Owners and managers can add and change scheduled reports.'),
    ).toBeTruthy();
    const row = await screen.findByRole('listitem', { name: 'Weekly report · @rosabakery' });
    expect(within(row).queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});

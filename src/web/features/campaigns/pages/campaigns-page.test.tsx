import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../test/mock-api.ts';
import {
  campaign,
  campaignsApi,
  FACEBOOK,
  INSTAGRAM,
  renderCampaigns,
} from './campaigns.test-helpers.tsx';

// The campaign list: each campaign's status, dates, accounts and progress; search, status filter
// and pages sent to the API; the empty state that says what a campaign is.

function list(items: ReturnType<typeof campaign>[], total = items.length, page = 1) {
  return ok({ items, page, pageSize: 20, total });
}

function listUrls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/campaigns')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('the campaign list', () => {
  it('shows each campaign with its status, dates, accounts and progress', async () => {
    campaignsApi({
      'GET /api/campaigns': list([
        campaign({
          status: 'active',
          connectionIds: [FACEBOOK.id, INSTAGRAM.id],
          progress: { posts: 9, published: 3, scheduled: 4, failed: 0, missingMedia: 2 },
        }),
        campaign({ id: '0c6f6d47-3b1c-4c59-9a52-6a1d1a7f0002', name: 'Spring classes' }),
        campaign({
          id: '0c6f6d47-3b1c-4c59-9a52-6a1d1a7f0003',
          name: 'Summer picnic',
          progress: { posts: 6, published: 0, scheduled: 0, failed: 0, missingMedia: 4 },
        }),
      ]),
    });
    renderCampaigns('/dashboard/campaigns');
    const cards = within(await screen.findByRole('list', { name: 'Campaigns' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: /Winter loaves/ }).getAttribute('href')).toBe(
      '/dashboard/campaigns/0c6f6d47-3b1c-4c59-9a52-6a1d1a7f0001',
    );
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText(/Dec 1, 2026 – Dec 14, 2026/)).toBeTruthy();
    expect(await first.findByText('Rosa Bakery, @rosabakery')).toBeTruthy();
    expect(first.getByText('3 published · 4 scheduled · 2 missing media')).toBeTruthy();
    expect(within(cards[1]!).getByText('Draft')).toBeTruthy();
    expect(within(cards[1]!).getByText('No posts planned yet')).toBeTruthy();
    expect(within(cards[2]!).getByText('6 posts planned · 4 missing media')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      '/dashboard/campaigns/new',
    );
  });

  it('explains what a campaign does when there is none', async () => {
    campaignsApi({ 'GET /api/campaigns': list([]) });
    renderCampaigns('/dashboard/campaigns');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    expect(screen.getByText(/A campaign plans a run of posts around one goal/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New campaign' })).toHaveLength(2);
    expect(screen.queryByRole('searchbox', { name: 'Search campaigns' })).toBeNull();
  });

  it('sends the status filter, the search and the page, and starts again at page 1', async () => {
    const { fetchMock } = campaignsApi({
      'GET /api/campaigns': list([campaign()], 45),
    });
    renderCampaigns('/dashboard/campaigns');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toEqual({ page: '2' }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'scheduled' },
    });
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toEqual({ status: 'scheduled', page: '1' }),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search campaigns' }), {
      target: { value: 'winter' },
    });
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toEqual({ status: 'scheduled', q: 'winter', page: '1' }),
    );
    expect(screen.getByTestId('location').textContent).toBe(
      '/dashboard/campaigns?status=scheduled&q=winter',
    );
  });

  it('says when nothing matches the filter', async () => {
    campaignsApi({ 'GET /api/campaigns': list([]) });
    renderCampaigns('/dashboard/campaigns?status=paused');
    expect(await screen.findByText('No campaign matches')).toBeTruthy();
  });
});

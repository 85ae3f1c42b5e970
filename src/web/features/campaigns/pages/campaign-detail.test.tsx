import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../test/mock-api.ts';
import {
  bodiesTo,
  campaign,
  CAMPAIGN_ID,
  campaignsApi,
  campaignUrl,
  post,
  renderCampaigns,
} from './campaigns.test-helpers.tsx';

// A launched campaign: its posts by date with their statuses, what is missing, and the actions
// that call their routes.

const EVENT_ID = '0c6f6d47-3b1c-4c59-9a52-6a1d1a7fe001';
const COPY_ID = '0c6f6d47-3b1c-4c59-9a52-6a1d1a7f0009';

function running(overrides: Parameters<typeof campaign>[0] = {}) {
  return campaign({
    status: 'active',
    launchedAt: '2026-11-28T12:00:00.000Z',
    progress: { posts: 2, published: 1, scheduled: 1, failed: 0, missingMedia: 1 },
    posts: [
      post(1, { status: 'published', eventId: EVENT_ID, mediaIds: [EVENT_ID] }),
      post(2, { status: 'scheduled' }),
    ],
    ...overrides,
  });
}

describe('the campaign detail', () => {
  it('shows each post by date with its status, the missing media and the exports', async () => {
    campaignsApi({ [`GET ${campaignUrl}`]: ok(running()) });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const timeline = await screen.findByRole('list', { name: 'Posts by date' });
    expect(within(timeline).getByText('Published')).toBeTruthy();
    expect(within(timeline).getByText('Scheduled')).toBeTruthy();
    expect(
      within(timeline).getByText(/Missing media: 1 image 4:5 — a close-up of loaf 2/),
    ).toBeTruthy();
    expect(
      within(timeline).getByRole('link', { name: 'Open on the calendar' }).getAttribute('href'),
    ).toBe(`/dashboard/calendar?event=${EVENT_ID}`);
    expect(screen.getByText('1 post is missing media')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export plan (CSV)' }).getAttribute('href')).toBe(
      `${campaignUrl}/plan.csv`,
    );
    expect(screen.getByRole('link', { name: 'Open calendar' }).getAttribute('href')).toBe(
      '/dashboard/calendar',
    );
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('shows how the published posts did, from Analytics, and says when there is nothing yet', async () => {
    campaignsApi({
      [`GET ${campaignUrl}`]: ok(
        running({
          performance: {
            reach: 1500,
            interactions: 75,
            engagementRate: 5,
            measuredPosts: 1,
            fetchedAt: '2026-11-29T08:00:00.000Z',
          },
          posts: [
            post(1, {
              status: 'published',
              eventId: EVENT_ID,
              mediaIds: [EVENT_ID],
              performance: { reach: 1500, interactions: 75, engagementRate: 5 },
            }),
          ],
        }),
      ),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    const timeline = await screen.findByRole('list', { name: 'Posts by date' });
    expect(
      within(timeline).getByText('Reach 1,500 · 75 interactions · 5 % engagement'),
    ).toBeTruthy();
    expect(screen.getByText(/across 1 published post, from Analytics/)).toBeTruthy();
  });

  it('says figures come once posts are out', async () => {
    campaignsApi({ [`GET ${campaignUrl}`]: ok(running()) });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    expect(
      await screen.findByText(/Reach and interactions appear here once posts are published/),
    ).toBeTruthy();
  });

  it('pauses after confirming, on the campaign’s version', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(running()),
      [`POST ${campaignUrl}/pause`]: ok(running({ status: 'paused', version: 4 })),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this campaign?' });
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/pause`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause campaign' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/pause`)).toEqual([{ version: 3 }]);
  });

  it('resumes and cancels through their routes', async () => {
    const { calls } = campaignsApi({
      [`GET ${campaignUrl}`]: ok(running({ status: 'paused' })),
      [`POST ${campaignUrl}/resume`]: ok(running({ version: 4 })),
      [`POST ${campaignUrl}/cancel`]: ok(running({ status: 'cancelled', version: 5 })),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resume campaign' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this campaign?' })).getByRole(
        'button',
        { name: 'Cancel campaign' },
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel campaign' })).toBeNull(),
    );
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/resume`)).toEqual([{ version: 3 }]);
    expect(bodiesTo(calls, 'POST', `${campaignUrl}/cancel`)).toEqual([{ version: 4 }]);
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('duplicates into a new draft and opens it', async () => {
    campaignsApi({
      [`GET ${campaignUrl}`]: ok(running()),
      [`POST ${campaignUrl}/duplicate`]: ok(
        campaign({ id: COPY_ID, name: 'Winter loaves (copy)', version: 1 }),
      ),
    });
    renderCampaigns(`/dashboard/campaigns/${CAMPAIGN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/campaigns/${COPY_ID}`),
    );
    expect(await screen.findByRole('heading', { name: 'Winter loaves (copy)' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
  });
});

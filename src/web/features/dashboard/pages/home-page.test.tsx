import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription, USER_ID } from '../../../test/auth-state.ts';
import type { HomeKpis, MetricCard } from '#shared/contracts/analytics.contract.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import DashboardHomePage, { greetingFor, onboardingChecklist } from './home-page.tsx';

const kpiCard = (
  overrides: Partial<MetricCard> & Pick<MetricCard, 'key' | 'label'>,
): MetricCard => ({
  unit: 'count',
  aggregation: 'last',
  value: null,
  previous: null,
  changePct: null,
  provenance: { sources: [], fetchedAt: null, estimate: null, note: null },
  ...overrides,
});

const NO_KPIS: HomeKpis = {
  followers: kpiCard({ key: 'followers', label: 'Followers' }),
  reach7d: kpiCard({ key: 'reach', label: '7-day reach' }),
  engagementRate: kpiCard({ key: 'engagement_rate', label: 'Engagement rate', unit: 'percent' }),
  postsScheduled: 0,
  hasAccounts: false,
};

function renderHome(
  auth: AuthContextValue,
  upcoming: unknown[],
  attention: unknown[] = [],
  unread = { comments: 0, messages: 0, waitingForReply: 0, notifications: 0 },
  kpis: HomeKpis = NO_KPIS,
) {
  // The attention list asks for failed, then unconfirmed posts (one status per request).
  const byStatus = ['failed', 'unconfirmed'];
  let call = 0;
  mockApi({
    'GET /api/publishing/quota': ok([]),
    'GET /api/inbox/unread': ok(unread),
    'GET /api/analytics/kpis': ok(kpis),
    'GET /api/calendar-events/upcoming': ok(upcoming),
    'GET /api/calendar-events': () => {
      const status = byStatus[call++ % 2];
      return ok(attention.filter((event) => (event as { status: string }).status === status));
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <DashboardHomePage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('dashboard home', () => {
  it('greets by time of day', () => {
    expect([5, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
      'Good evening',
    ]);
  });

  it('greets the business, shows the empty state and the trial days left', async () => {
    renderHome(
      authValue({
        subscription: subscription({
          trial_ends_at: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString(),
        }),
      }),
      [],
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
      /^Good (morning|afternoon|evening), Harbour Bakery$/,
    );
    expect(await screen.findByText('Nothing scheduled yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the calendar' }).getAttribute('href')).toBe(
      '/dashboard/calendar',
    );
    expect(screen.getByText('3 days left in your trial')).toBeTruthy();
  });

  it('counts the comments and messages waiting for a reply, from the inbox', async () => {
    renderHome(authValue(), [], [], {
      comments: 3,
      messages: 1,
      waitingForReply: 4,
      notifications: 0,
    });
    expect((await screen.findByTestId('waiting-count')).textContent).toBe('4');
    expect(screen.getByText('Unread: 3 comments, 1 message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the social monitor' }).getAttribute('href')).toBe(
      '/dashboard/social-monitor',
    );
  });

  it('lists upcoming posts', async () => {
    renderHome(authValue(), [
      {
        id: '00000000-0000-4000-8000-0000000000aa',
        user_id: USER_ID,
        title: 'Spring menu launch',
        content: null,
        platforms: ['instagram'],
        type: 'post',
        status: 'scheduled',
        scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: new Date(0).toISOString(),
        updated_at: new Date(0).toISOString(),
      },
    ]);
    const title = await screen.findByText('Spring menu launch');
    expect(within(title.closest('li') as HTMLElement).getByText('Scheduled')).toBeTruthy();
  });

  it('says that drafts with a date are listed, and marks them as drafts', async () => {
    renderHome(authValue(), [
      {
        id: '00000000-0000-4000-8000-0000000000ab',
        user_id: USER_ID,
        title: 'Autumn tasting',
        content: null,
        platforms: ['facebook'],
        type: 'post',
        status: 'draft',
        scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: new Date(0).toISOString(),
        updated_at: new Date(0).toISOString(),
      },
    ]);
    expect(
      screen.getByText('The next 10 posts on your calendar, soonest first, drafts included.'),
    ).toBeTruthy();
    const title = await screen.findByText('Autumn tasting');
    expect(within(title.closest('li') as HTMLElement).getByText('Draft')).toBeTruthy();
  });

  it('ticks off each step: profile completed, an account connected, a post scheduled', () => {
    expect(onboardingChecklist(businessProfile(), [], undefined).map((item) => item.done)).toEqual([
      false,
      false,
      false,
    ]);
    expect(onboardingChecklist(businessProfile(), [], []).map((item) => item.done)).toEqual([
      false,
      false,
      false,
    ]);
    const complete = businessProfile({ industry: 'Food', description: 'Neighbourhood bakery' });
    expect(
      onboardingChecklist(complete, [{ status: 'scheduled' }], [{ connection_id: 'a' }]).map(
        (item) => [item.href, item.done],
      ),
    ).toEqual([
      ['/dashboard/settings', true],
      ['/dashboard/platforms', true],
      ['/dashboard/calendar', true],
    ]);
  });

  it('lists failed and unconfirmed posts as needing attention, each linking to the calendar', async () => {
    const event = (id: string, title: string, status: string) => ({
      id,
      user_id: USER_ID,
      title,
      content: null,
      platforms: ['facebook'],
      type: 'post',
      status,
      scheduled_for: new Date(Date.now() - 86_400_000).toISOString(),
      created_at: new Date(0).toISOString(),
      updated_at: new Date(0).toISOString(),
    });
    renderHome(
      authValue(),
      [],
      [
        event('00000000-0000-4000-8000-0000000000b1', 'Weekend offer', 'failed'),
        event('00000000-0000-4000-8000-0000000000b2', 'Opening hours', 'unconfirmed'),
      ],
    );
    const failed = await screen.findByRole('link', { name: 'Weekend offer' });
    expect(failed.getAttribute('href')).toBe(
      '/dashboard/calendar?event=00000000-0000-4000-8000-0000000000b1',
    );
    expect(within(failed.closest('li') as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Opening hours' })).toBeTruthy();
  });

  it('says all is clear when nothing failed', async () => {
    renderHome(authValue(), []);
    expect(await screen.findByText('All clear: nothing failed.')).toBeTruthy();
  });

  it('shows the publishing quota card, with a link to connect an account when there is none', async () => {
    renderHome(authValue(), []);
    expect(screen.getByRole('heading', { name: 'Publishing quota' })).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Connect an account' })).getAttribute('href'),
    ).toBe('/dashboard/platforms');
  });

  it('shows the key figures with their change and where they came from, each opening analytics', async () => {
    const reach = kpiCard({
      key: 'reach',
      label: '7-day reach',
      aggregation: 'daily_average',
      value: 2450,
      previous: 2000,
      changePct: 22.5,
      provenance: {
        sources: [{ platform: 'instagram', metric: 'reach', period: 'day' }],
        fetchedAt: '2026-03-29T06:00:00.000Z',
        estimate: null,
        note: 'Reach is a daily average.',
      },
    });
    renderHome(authValue(), [], [], undefined, {
      followers: kpiCard({ key: 'followers', label: 'Followers', value: 1520, previous: null }),
      reach7d: reach,
      engagementRate: kpiCard({
        key: 'engagement_rate',
        label: 'Engagement rate',
        unit: 'percent',
        value: 4.25,
        previous: 5,
        changePct: -15,
      }),
      postsScheduled: 6,
      hasAccounts: true,
    });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByTestId('metric-followers').textContent).toBe('1,520');
    expect(within(figures).getByText('No earlier data')).toBeTruthy();
    expect(within(figures).getByTestId('metric-reach').textContent).toBe('2,450');
    expect(within(figures).getByText('Up 22.5% on the previous period')).toBeTruthy();
    expect(within(figures).getByTestId('metric-engagement_rate').textContent).toBe('4.3%');
    expect(within(figures).getByText('Down 15.0% on the previous period')).toBeTruthy();
    expect(within(figures).getByTestId('metric-posts-scheduled').textContent).toBe('6');
    expect(
      within(figures)
        .getAllByRole('link', { name: 'Open analytics' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard/analytics', '/dashboard/analytics', '/dashboard/analytics']);
    fireEvent.click(within(figures).getByRole('button', { name: 'About 7-day reach' }));
    const about = screen.getByRole('dialog', { name: 'About 7-day reach' });
    expect(within(about).getByText('Instagram reach (day)')).toBeTruthy();
    expect(within(about).getByText('Reach is a daily average.')).toBeTruthy();
  });

  it('says where the figures will appear when no account is connected', async () => {
    renderHome(authValue(), []);
    expect(
      await screen.findByText(/Your followers, reach and engagement rate appear here once/),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Key figures' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, businessProfile, subscription, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import DashboardHomePage, { greetingFor, onboardingChecklist } from './home-page.tsx';

function renderHome(
  auth: AuthContextValue,
  upcoming: unknown[],
  attention: unknown[] = [],
  unread = { comments: 0, messages: 0, waitingForReply: 0, notifications: 0 },
) {
  // The attention list asks for failed, then unconfirmed posts (one status per request).
  const byStatus = ['failed', 'unconfirmed'];
  let call = 0;
  mockApi({
    'GET /api/publishing/quota': ok([]),
    'GET /api/inbox/unread': ok(unread),
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
});

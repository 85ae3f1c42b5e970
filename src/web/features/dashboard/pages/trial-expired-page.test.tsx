import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, subscription, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import TrialExpiredPage, { planSituation } from './trial-expired-page.tsx';

function profile(status: 'active' | 'inactive') {
  return {
    id: USER_ID,
    user_id: USER_ID,
    full_name: null,
    avatar_url: null,
    settings: { status },
    roles: [],
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
  };
}

/** What GET /api/billing answers for an ended trial in test mode (billing.contract.ts). */
function billingOverview() {
  const price = (interval: 'month' | 'year', amount: number) => ({
    interval,
    amount,
    currency: 'usd',
  });
  return {
    mode: 'test',
    plan: 'trial',
    status: 'inactive',
    addons: [],
    limits: {
      connectedAccounts: 10,
      staffSeats: 5,
      aiGenerationsPerMonth: 100,
      mediaStorageBytes: 1,
    },
    usage: { connectedAccounts: 0, staffSeats: 0 },
    trialEndsAt: null,
    trialDaysLeft: null,
    providerStatus: null,
    interval: null,
    renewsAt: null,
    cancelAtPeriodEnd: false,
    pastDue: null,
    discount: null,
    grants: [],
    prices: {
      premium: [price('month', 2900), price('year', 29000)],
      addons: { crm: [price('month', 900)], email: [price('month', 900)] },
    },
    invoices: [],
    payUrl: null,
    paymentMethod: null,
    manualInstructions: null,
    canManage: true,
    problem: null,
  };
}

function renderPage(auth: AuthContextValue, status: 'active' | 'inactive', role = 'owner') {
  const api = mockApi({
    'GET /api/profile': ok(profile(status)),
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: role,
      is_admin: false,
      memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role }],
    }),
    'GET /api/billing': ok(billingOverview()),
    'POST /api/subscription/continue-free': ok(
      subscription({ plan: 'free', status: 'active', trial_ends_at: null }),
    ),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <TrialExpiredPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

const ended = () =>
  subscription({
    plan: 'trial',
    status: 'inactive',
    trial_ends_at: new Date(Date.now() - 86_400_000).toISOString(),
  });

describe('trial expired page', () => {
  it('explains the ended trial and continues on Free', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const reloadAccount = vi.fn(async () => {});
    const api = renderPage(authValue({ subscription: ended(), reloadAccount }), 'active');
    // The profile is read first: a paused account is told that instead.
    expect(await screen.findByRole('heading', { name: 'Your free trial has ended' })).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Continue on Free' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(api.calls.some((c) => c.path === '/api/subscription/continue-free')).toBe(true);
    expect(reloadAccount).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('offers the owner Premium monthly or yearly next to Free', async () => {
    const api = renderPage(authValue({ subscription: ended() }), 'active');
    expect(await screen.findByRole('radio', { name: /Monthly/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeTruthy();
    expect(screen.getByText(/no real card is charged/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue on Free' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/billing')).toBe(true);
  });

  it('tells staff only the owner can choose a plan, and offers them nothing to press', async () => {
    renderPage(authValue({ subscription: ended() }), 'active', 'staff');
    expect(
      await screen.findByText(/Only the owner of Harbour Bakery can choose a plan/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Choose Premium' })).toBeNull();
  });

  it('also offers Free for a trial past its end that the expiry job has not closed yet', async () => {
    const pastEnd = subscription({
      plan: 'trial',
      status: 'active',
      trial_ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    renderPage(authValue({ subscription: pastEnd }), 'active');
    expect(await screen.findByRole('heading', { name: 'Your free trial has ended' })).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Continue on Free' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('says an active trial is active, with the days left, and pauses nothing', async () => {
    const running = subscription({
      plan: 'trial',
      status: 'active',
      trial_ends_at: new Date(Date.now() + 13.5 * 86_400_000).toISOString(),
    });
    renderPage(authValue({ subscription: running }), 'active');
    expect(await screen.findByRole('heading', { name: 'Your free trial is active' })).toBeTruthy();
    expect(
      screen.getByText(/^14 days left: everything in Premium is open to you until/),
    ).toBeTruthy();
    expect(screen.queryByText(/has ended/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to your dashboard/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Choose Premium' })).toBeTruthy();
  });

  it('says Free and Premium plans are what they are', async () => {
    renderPage(
      authValue({
        subscription: subscription({ plan: 'free', status: 'active', trial_ends_at: null }),
      }),
      'active',
    );
    expect(await screen.findByRole('heading', { name: 'You are on the Free plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
    cleanup();
    renderPage(
      authValue({
        subscription: subscription({ plan: 'premium', status: 'active', trial_ends_at: null }),
      }),
      'active',
    );
    expect(
      await screen.findByRole('heading', { name: 'You are on the Premium plan' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose Premium' })).toBeNull();
  });

  it('sends an inactive paid plan to support rather than offering Free', async () => {
    renderPage(
      authValue({
        subscription: subscription({ plan: 'premium', status: 'inactive', trial_ends_at: null }),
      }),
      'active',
    );
    expect(
      await screen.findByRole('heading', { name: 'Your Premium plan is inactive' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
  });

  it('tells someone in no business yet how to join one', async () => {
    renderPage(authValue({ subscription: null, businessProfile: null }), 'active');
    expect(
      await screen.findByRole('heading', { name: 'You are not part of a business yet' }),
    ).toBeTruthy();
  });

  it('says an administrator paused the account instead of offering plans', async () => {
    renderPage(authValue(), 'inactive');
    expect(await screen.findByRole('heading', { name: 'Your account is paused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
  });
});

describe('planSituation', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const at = (offsetDays: number) => new Date(now + offsetDays * 86_400_000).toISOString();

  it('follows the server’s rule for an ended trial: inactive, or past its end', () => {
    expect(planSituation({ plan: 'trial', status: 'active', trial_ends_at: at(3) }, now)).toEqual({
      kind: 'trial-active',
      daysLeft: 3,
      endsAt: new Date(at(3)),
    });
    expect(
      planSituation({ plan: 'trial', status: 'active', trial_ends_at: at(-1) }, now).kind,
    ).toBe('trial-ended');
    expect(
      planSituation({ plan: 'trial', status: 'inactive', trial_ends_at: at(3) }, now).kind,
    ).toBe('trial-ended');
    expect(planSituation({ plan: 'free', status: 'active', trial_ends_at: null }, now).kind).toBe(
      'free',
    );
    expect(
      planSituation({ plan: 'premium', status: 'inactive', trial_ends_at: null }, now),
    ).toEqual({
      kind: 'plan-inactive',
      planName: 'Premium',
    });
  });
});

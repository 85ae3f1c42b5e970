import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { authValue, subscription } from '../../../test/auth-state.ts';
import { ok } from '../../../test/mock-api.ts';
import { actor, billingApi, premium, renderWith } from '../pages/billing.test-helpers.tsx';
import { PastDueBanner } from './past-due-banner.tsx';

// The banner on every dashboard page while a failed renewal's grace period runs
// (docs/decisions/094): asked for only by the owner of a paid subscription.

const pastDue = premium({
  providerStatus: 'past_due',
  pastDue: { since: '2026-04-15T12:00:00.000Z', graceEndsAt: '2099-04-22T12:00:00.000Z' },
});
const paid = () =>
  authValue({ subscription: subscription({ plan: 'premium', trial_ends_at: null }) });

describe('the past-due banner', () => {
  it('tells the owner until when access continues and links to the subscription page', async () => {
    billingApi({ 'GET /api/billing': ok(pastDue) });
    renderWith(<PastDueBanner />, '/dashboard/calendar', paid());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'Your last payment failed. Access continues until April 22, 2099.',
    );
    expect(screen.getByRole('link', { name: 'Fix your payment' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
  });

  it('says access stopped once the grace period is over', async () => {
    billingApi({
      'GET /api/billing': ok(
        premium({
          providerStatus: 'past_due',
          pastDue: { since: '2026-04-15T12:00:00.000Z', graceEndsAt: '2026-04-22T12:00:00.000Z' },
        }),
      ),
    });
    renderWith(<PastDueBanner />, '/dashboard/calendar', paid());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'Your last payment failed. Access stopped on April 22, 2026; paying the open invoice opens it again.',
    );
  });

  it('stays away from the plan status page, which offers the way on', async () => {
    const { calls } = billingApi({ 'GET /api/billing': ok(pastDue) });
    renderWith(<PastDueBanner />, '/dashboard/trial-expired', paid());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays away from the subscription page, which shows the full alert', async () => {
    const { calls } = billingApi({ 'GET /api/billing': ok(pastDue) });
    renderWith(<PastDueBanner />, '/dashboard/subscription', paid());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing while payments are fine', async () => {
    const { calls } = billingApi({ 'GET /api/billing': ok(premium()) });
    renderWith(<PastDueBanner />, '/dashboard', paid());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing for a trial or for a member who is not the owner', async () => {
    const trial = billingApi();
    renderWith(<PastDueBanner />, '/dashboard');
    await waitFor(() => expect(trial.calls.some((c) => c.path === '/api/staff/me')).toBe(true));
    expect(trial.calls.some((c) => c.path === '/api/billing')).toBe(false);

    const staff = billingApi({ 'GET /api/staff/me': ok(actor('staff')) });
    renderWith(<PastDueBanner />, '/dashboard', paid());
    await waitFor(() => expect(staff.calls.some((c) => c.path === '/api/staff/me')).toBe(true));
    expect(staff.calls.some((c) => c.path === '/api/billing')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  billingApi,
  bodiesTo,
  overview,
  premium,
  renderWith,
} from '../pages/billing.test-helpers.tsx';
import { UpgradeOffer } from './upgrade-offer.tsx';

// The upgrade on the plan status page (docs/product/screens.md#trial-expired,
// docs/decisions/094).

describe('the upgrade offer after the trial', () => {
  it('offers monthly or yearly and goes to checkout with the choice alone', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = billingApi({
      'GET /api/billing': ok(overview({ status: 'inactive', trialDaysLeft: 0 })),
      'POST /api/billing/checkout': ok({ url: 'https://checkout.example/2' }),
    });
    renderWith(<UpgradeOffer />, '/dashboard/trial-expired');
    expect(await screen.findByText(/no real card is charged/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/2'));
    expect(bodiesTo(calls, '/api/billing/checkout')).toEqual([{ interval: 'year', addons: [] }]);
  });

  it('offers the open invoice of a payment that failed for too long', async () => {
    billingApi({
      'GET /api/billing': ok(
        premium({
          status: 'inactive',
          providerStatus: 'unpaid',
          payUrl: 'https://pay.example/invoices/7',
          mode: 'stripe',
        }),
      ),
    });
    renderWith(<UpgradeOffer />, '/dashboard/trial-expired');
    const pay = await screen.findByRole('link', { name: 'Pay the open invoice' });
    expect(pay.getAttribute('href')).toBe('https://pay.example/invoices/7');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('says how to upgrade in manual mode', async () => {
    billingApi({
      'GET /api/billing': ok(
        overview({ mode: 'manual', manualInstructions: 'Write to billing@example.com.' }),
      ),
    });
    renderWith(<UpgradeOffer />, '/dashboard/trial-expired');
    expect(await screen.findByText('Write to billing@example.com.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('falls back to the subscription page when billing cannot be read', async () => {
    billingApi({
      'GET /api/billing': fail(
        503,
        'CARD_PROVIDER_ERROR',
        'The card payment service is unavailable. Please try again.',
        { errorType: 'external', severity: 'medium' },
      ),
    });
    renderWith(<UpgradeOffer />, '/dashboard/trial-expired');
    const link = await screen.findByRole('link', { name: 'Choose Premium' });
    expect(link.getAttribute('href')).toBe('/dashboard/subscription');
  });
});

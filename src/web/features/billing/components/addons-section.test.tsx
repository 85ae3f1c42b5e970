import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import { billingApi, bodiesTo, premium, renderPage } from '../pages/billing.test-helpers.tsx';

// Add-ons (docs/decisions/094): the server's prorated quote is shown before anything is bought;
// a refused purchase says the catalogue's message and buys nothing.

const quote = {
  addon: 'crm',
  action: 'add',
  dueNow: 450,
  recurring: 900,
  currency: 'usd',
  interval: 'month',
  lines: [{ description: 'CRM (remaining time)', amount: 450 }],
  nextRenewalAt: '2026-04-15T12:00:00.000Z',
};

describe('adding an add-on', () => {
  it('previews the prorated price, then adds it once confirmed and reads the overview again', async () => {
    let reads = 0;
    const { calls } = billingApi({
      'GET /api/billing': () => {
        reads += 1;
        return ok(reads < 2 ? premium() : premium({ addons: ['crm'] }));
      },
      'POST /api/billing/addons/preview': ok(quote),
      'POST /api/billing/addons': ok(premium({ addons: ['crm'] })),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add CRM?' });
    expect(bodiesTo(calls, '/api/billing/addons/preview')).toEqual([
      { addon: 'crm', action: 'add' },
    ]);
    expect(within(dialog).getByTestId('addon-due-now').textContent).toBe(
      'Due now: $4.50, prorated for the rest of this period.',
    );
    expect(within(dialog).getByTestId('addon-recurring').textContent).toBe(
      'Then $9.00 / month from April 15, 2026, with your plan.',
    );
    expect(within(dialog).getByText('CRM (remaining time)')).toBeTruthy();
    // Nothing is bought before the owner confirms.
    expect(bodiesTo(calls, '/api/billing/addons')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and add CRM' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(calls, '/api/billing/addons')).toEqual([{ addon: 'crm', action: 'add' }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('addon-crm')).getByText('Active')).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: 'Remove CRM' })).toBeTruthy();
  });

  it('buys nothing when cancelled', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/addons/preview': ok(quote),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add CRM?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(calls, '/api/billing/addons')).toHaveLength(0);
  });

  it('says the catalogue’s message when the purchase fails, and keeps the dialog open', async () => {
    billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/addons/preview': ok(quote),
      'POST /api/billing/addons': fail(
        402,
        'ADDON_PAYMENT_ERROR',
        'Add-on purchase failed. Please try again or contact support.',
        { errorType: 'payment', severity: 'medium' },
      ),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add CRM?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and add CRM' }));
    expect(
      await within(dialog).findByText(
        'Add-on purchase failed. Please try again or contact support.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add CRM?' })).toBeTruthy();
  });

  it('shows a refused quote on the add-on’s card', async () => {
    billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/addons/preview': fail(
        502,
        'CARD_PROVIDER_ERROR',
        'The card payment service is unavailable. Please try again.',
        { errorType: 'external', severity: 'medium' },
      ),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Email marketing' }));
    const card = screen.getByTestId('addon-email');
    expect(
      await within(card).findByText('The card payment service is unavailable. Please try again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('removing an add-on', () => {
  it('states the credit before removing it', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium({ addons: ['email'] })),
      'POST /api/billing/addons/preview': ok({
        ...quote,
        addon: 'email',
        action: 'remove',
        dueNow: -300,
        lines: [],
      }),
      'POST /api/billing/addons': ok(premium()),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Email marketing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Email marketing?' });
    expect(within(dialog).getByTestId('addon-due-now').textContent).toBe(
      'Credited now: $3.00, for the rest of this period.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm removal' }));
    await waitFor(() =>
      expect(bodiesTo(calls, '/api/billing/addons')).toEqual([
        { addon: 'email', action: 'remove' },
      ]),
    );
  });
});

describe('without a subscription yet', () => {
  it('offers add-ons with the upgrade instead of on their own', async () => {
    billingApi();
    renderPage();
    expect(await screen.findByRole('checkbox', { name: /Add CRM/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add CRM' })).toBeNull();
  });
});

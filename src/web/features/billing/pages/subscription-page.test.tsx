import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authValue } from '../../../test/auth-state.ts';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  billingApi,
  bodiesTo,
  invoice,
  overview,
  premium,
  renderPage,
} from './billing.test-helpers.tsx';

// The subscription page (docs/decisions/094) from the contract's answers: each billing mode, the
// upgrade that sends only choices (never a price), the return from checkout, and what a member who
// is not the owner sees.

function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('the overview in each mode', () => {
  it('labels test payments and shows the trial, its days left and the usage', async () => {
    billingApi();
    renderPage();
    expect(
      await screen.findByText(/no real card is charged\. Use card 4242 4242 4242 4242\./),
    ).toBeTruthy();
    expect(screen.getAllByText('Test payments').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Trial' })).toBeTruthy();
    expect(screen.getByText(/^10 days left/)).toBeTruthy();
    const accounts = screen.getByRole('meter', { name: 'Connected accounts' });
    expect(accounts.getAttribute('aria-valuenow')).toBe('3');
    expect(accounts.getAttribute('aria-valuemax')).toBe('10');
    expect(screen.getByText('1 of 5 used')).toBeTruthy();
    // Prices come from the overview; yearly says what it saves.
    expect(screen.getByRole('radio', { name: /Monthly.*\$29\.00 \/ month/ })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: /Yearly.*\$290\.00 \/ year.*Save \$58\.00/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });

  it('says nothing of test payments with live Stripe', async () => {
    billingApi({ 'GET /api/billing': ok(overview({ mode: 'stripe' })) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(screen.queryByText(/Test payments/)).toBeNull();
  });

  it('shows how to upgrade instead of payment buttons in manual mode', async () => {
    billingApi({
      'GET /api/billing': ok(
        overview({
          mode: 'manual',
          manualInstructions: 'Write to billing@example.com and we will switch you to Premium.',
        }),
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'How to upgrade' })).toBeTruthy();
    expect(screen.getByText(/Write to billing@example\.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    expect(screen.queryByText(/Test payments/)).toBeNull();
  });

  it('shows a running subscription: renewal, interval, card, discount', async () => {
    billingApi({
      'GET /api/billing': ok(
        premium({
          addons: ['crm'],
          discount: {
            code: 'SPRING',
            label: '20 % off',
            percentOff: 20,
            amountOff: null,
            duration: 'forever',
            durationInMonths: null,
            endsAt: null,
          },
        }),
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Premium' })).toBeTruthy();
    expect(screen.getByText('April 15, 2026')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.getByText(/Visa •••• 4242/)).toBeTruthy();
    expect(screen.getByText('20 % off (SPRING)')).toBeTruthy();
    expect(screen.getByTestId('plan-status').textContent).toBe('Active');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(within(screen.getByTestId('addon-crm')).getByText('Active')).toBeTruthy();
  });

  it('says when a cancelled subscription ends, and resumes it', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium({ cancelAtPeriodEnd: true })),
      'POST /api/billing/resume': ok(premium()),
    });
    renderPage();
    expect(await screen.findByText('Ends on April 15, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/billing/resume')).toHaveLength(1));
  });

  it('shows a problem for an administrator as a warning', async () => {
    billingApi({
      'GET /api/billing': ok(premium({ problem: 'Two live subscriptions for one business.' })),
    });
    renderPage();
    expect(await screen.findByText('Two live subscriptions for one business.')).toBeTruthy();
  });
});

describe('upgrading', () => {
  it('sends only the interval, the add-ons and the code, then goes to checkout', async () => {
    const assign = stubAssign();
    const { calls } = billingApi({
      'POST /api/billing/checkout': ok({ url: 'https://checkout.example/session/1' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /Yearly/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Add CRM/ }));
    fireEvent.change(screen.getByLabelText(/Coupon or promotion code/), {
      target: { value: ' SPRING20 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/session/1'));
    expect(bodiesTo(calls, '/api/billing/checkout')).toEqual([
      { interval: 'year', addons: ['crm'], coupon: 'SPRING20' },
    ]);
  });

  it('refuses a malformed code before asking, keeping what was typed', async () => {
    const { calls } = billingApi();
    renderPage();
    const field = await screen.findByLabelText(/Coupon or promotion code/);
    fireEvent.change(field, { target: { value: 'no spaces!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Letters, digits, - and _ only')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('no spaces!');
    expect(bodiesTo(calls, '/api/billing/checkout')).toHaveLength(0);
  });

  it('after a payment, reads the overview again until the plan is Premium', async () => {
    let reads = 0;
    billingApi({
      'GET /api/billing': () => {
        reads += 1;
        return ok(reads < 2 ? overview() : premium());
      },
    });
    renderPage('/dashboard/subscription?checkout=success&session_id=cs_1');
    expect(await screen.findByText('Thank you, your payment went through')).toBeTruthy();
    expect(await screen.findByText('Welcome to Premium')).toBeTruthy();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('says a cancelled checkout charged nothing', async () => {
    billingApi();
    renderPage('/dashboard/subscription?checkout=cancelled');
    expect(await screen.findByText('Checkout cancelled')).toBeTruthy();
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
  });
});

describe('a running subscription', () => {
  it('states the new price before switching to yearly', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/interval': ok(premium({ interval: 'year' })),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to yearly billing' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to yearly billing?' });
    expect(within(dialog).getByText(/You will pay \$290\.00 \/ year/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to yearly' }));
    await waitFor(() =>
      expect(bodiesTo(calls, '/api/billing/interval')).toEqual([{ interval: 'year' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('states the whole new price, add-ons included, before switching to monthly', async () => {
    billingApi({ 'GET /api/billing': ok(premium({ interval: 'year', addons: ['crm', 'email'] })) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to monthly billing' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to monthly billing?' });
    expect(
      within(dialog).getByText(/You will pay \$47\.00 \/ month for Premium and your add-ons\./),
    ).toBeTruthy();
  });

  it('cancels at period end only after confirming', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/cancel': ok(premium({ cancelAtPeriodEnd: true })),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel at the end of the period?' });
    expect(within(dialog).getByText(/stays open until April 15, 2026/)).toBeTruthy();
    expect(bodiesTo(calls, '/api/billing/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(bodiesTo(calls, '/api/billing/cancel')).toHaveLength(1));
  });

  it('opens the customer portal', async () => {
    const assign = stubAssign();
    billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/portal': ok({ url: 'https://portal.example/1' }),
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Manage payment method and billing' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/1'));
  });
});

describe('past due', () => {
  it('says until when access continues, with Pay now and Update card', async () => {
    const assign = stubAssign();
    billingApi({
      'GET /api/billing': ok(
        premium({
          providerStatus: 'past_due',
          pastDue: { since: '2026-04-15T12:00:00.000Z', graceEndsAt: '2099-04-22T12:00:00.000Z' },
          payUrl: 'https://pay.example/invoices/9',
        }),
      ),
      'POST /api/billing/portal': ok({ url: 'https://portal.example/2' }),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Your last payment failed. Access continues until April 22, 2099.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      'https://pay.example/invoices/9',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/2'));
    expect(screen.getByTestId('plan-status').textContent).toBe('Payment failed');
  });
});

describe('someone who is not the owner', () => {
  it('reads the plan and is offered nothing to press', async () => {
    billingApi({ 'GET /api/billing': ok(premium({ canManage: false, addons: ['crm'] })) });
    renderPage();
    expect(
      await screen.findByText(/Only the owner of this business can change billing/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Premium' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sees the trial without an upgrade offer', async () => {
    billingApi({ 'GET /api/billing': ok(overview({ canManage: false })) });
    renderPage();
    expect(await screen.findByText(/Only the owner of this business/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('is asked to log in when signed out', async () => {
    const { calls } = billingApi();
    renderPage('/dashboard/subscription', authValue({ session: null }));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('invoices', () => {
  it('lists date, number, description, amount in its currency, status and links', async () => {
    billingApi({
      'GET /api/billing': ok(
        premium({
          invoices: [
            invoice(2, {
              status: 'open',
              amountDue: 29000,
              amountPaid: 0,
              currency: 'eur',
              description: 'Premium (yearly)',
              createdAt: '2026-04-15T12:00:00.000Z',
              pdfUrl: null,
            }),
            invoice(1),
          ],
        }),
      ),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const open = within(rows[1]!);
    expect(open.getByText('April 15, 2026')).toBeTruthy();
    expect(open.getByText('INV-0002')).toBeTruthy();
    expect(open.getByText('€290.00')).toBeTruthy();
    expect(open.getByText('Open')).toBeTruthy();
    expect(open.queryByRole('link', { name: /PDF/ })).toBeNull();
    const paid = within(rows[2]!);
    expect(paid.getByText('$29.00')).toBeTruthy();
    expect(paid.getByText('Paid')).toBeTruthy();
    const pdf = paid.getByRole('link', { name: 'PDF of invoice INV-0001' });
    expect(pdf.getAttribute('href')).toBe('https://pay.example/invoices/1.pdf');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(paid.getByRole('link', { name: 'View invoice INV-0001' }).getAttribute('target')).toBe(
      '_blank',
    );
    // The phone layout lists the same invoices.
    const list = screen.getByRole('list', { name: 'Invoices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when there are none yet', async () => {
    billingApi({ 'GET /api/billing': ok(premium()) });
    renderPage();
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
  });
});

describe('a failed load', () => {
  it('shows the catalogue message with Try again', async () => {
    billingApi({
      'GET /api/billing': fail(
        500,
        'SUBSCRIPTION_ERROR',
        'Failed to load or update your subscription. Please try again.',
        { retryable: false, errorType: 'server', severity: 'high' },
      ),
    });
    renderPage();
    expect(await screen.findByText('Your subscription could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

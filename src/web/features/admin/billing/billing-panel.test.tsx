import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type {
  AdminBillingRow,
  BillingMode,
  Coupon,
  Grant,
} from '#shared/contracts/billing.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue } from '../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import { BillingPanel } from './billing-panel.tsx';

const BUSINESS = '00000000-0000-4000-8000-0000000000c1';
const TROUBLED = '00000000-0000-4000-8000-0000000000c2';
const GRANT = '00000000-0000-4000-8000-0000000000d1';

const grant: Grant = {
  id: GRANT,
  kind: 'addon',
  value: 'email',
  reason: 'Pilot customer',
  grantedBy: '00000000-0000-4000-8000-000000000001',
  createdAt: new Date(0).toISOString(),
};

const row = (overrides: Partial<AdminBillingRow>): AdminBillingRow => ({
  businessId: BUSINESS,
  email: 'bakery@example.com',
  businessName: 'Corner Bakery',
  plan: 'premium',
  status: 'active',
  addons: ['email'],
  providerStatus: 'active',
  interval: 'month',
  renewsAt: new Date(Date.UTC(2027, 0, 15)).toISOString(),
  pastDueSince: null,
  stripeCustomerId: 'cus_123',
  problem: null,
  grants: [grant],
  ...overrides,
});

const coupon: Coupon = {
  id: 'promo_1',
  code: 'SPRING20',
  percentOff: 20,
  amountOff: null,
  currency: null,
  duration: 'repeating',
  durationInMonths: 3,
  expiresAt: null,
  maxRedemptions: 10,
  timesRedeemed: 2,
  active: true,
  createdAt: new Date(0).toISOString(),
};

function renderPanel(mode: BillingMode) {
  const api = mockApi({
    'GET /api/admin/billing': ok({
      mode,
      page: 1,
      pageSize: 50,
      total: 2,
      rows: [
        row({}),
        row({
          businessId: TROUBLED,
          email: 'shop@example.com',
          businessName: 'Two Subs Shop',
          status: 'active',
          addons: [],
          grants: [],
          pastDueSince: new Date(Date.UTC(2026, 10, 1)).toISOString(),
          problem: 'Two live Stripe subscriptions: cancel one in Stripe.',
        }),
      ],
    }),
    'GET /api/admin/billing/events': ok({
      events: [
        {
          id: 'evt_1',
          type: 'invoice.paid',
          businessId: BUSINESS,
          outcome: 'applied',
          detail: 'premium, active',
          stripeCalls: 2,
          receivedAt: new Date(0).toISOString(),
        },
      ],
      failures: [
        {
          id: '00000000-0000-4000-8000-0000000000e1',
          eventId: null,
          type: null,
          reason: 'Signature did not match',
          at: new Date(0).toISOString(),
        },
      ],
    }),
    'GET /api/admin/billing/coupons': ok([coupon]),
    'POST /api/admin/billing/coupons': ({ body }) =>
      (body as { code: string }).code === 'TAKEN'
        ? fail(400, 'VALIDATION_ERROR', 'Invalid input', {
            fieldErrors: { code: 'A coupon with this code exists already' },
          })
        : ok({ ...coupon, id: 'promo_2', code: 'AUTUMN' }),
    'DELETE /api/admin/billing/coupons/promo_1': ok({ ...coupon, active: false }),
    [`POST /api/admin/billing/${BUSINESS}/grants`]: ok({ ...grant, kind: 'addon', value: 'crm' }),
    [`DELETE /api/admin/billing/${BUSINESS}/grants/${GRANT}`]: ok(grant),
    [`POST /api/admin/billing/${BUSINESS}/invoices`]: ok({}),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <BillingPanel />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

const posted = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

describe('administrators’ billing panel', () => {
  it('lists businesses with plan, status, add-ons and renewal, problems highlighted', async () => {
    renderPanel('test');
    const table = await screen.findByRole('table', { name: 'Billing of each business' });
    const bakery = within(table).getByText('Corner Bakery').closest('tr')!;
    expect(within(bakery).getByText('Premium')).toBeTruthy();
    expect(within(bakery).getByText('Email marketing')).toBeTruthy();
    expect(within(bakery).getByText('Stripe: active')).toBeTruthy();
    const troubled = within(table).getByText('Two Subs Shop').closest('tr')!;
    expect(within(troubled).getByRole('note').textContent).toMatch(/Two live Stripe/);
    expect(within(troubled).getByText(/Past due since/)).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
    expect(screen.getByText(/Test payments/)).toBeTruthy();
  });

  it('grants with a required reason, checked before sending, and revokes', async () => {
    const api = renderPanel('test');
    fireEvent.click(await screen.findByRole('button', { name: 'Billing of Corner Bakery' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('form', { name: 'Record an invoice' })).toBeNull();
    const form = within(dialog).getByRole('form', { name: 'Grant' });
    fireEvent.change(within(form).getByLabelText('What'), { target: { value: 'addon:crm' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(posted(api, 'POST', `/api/admin/billing/${BUSINESS}/grants`)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: 'Partner programme' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    await vi.waitFor(() =>
      expect(posted(api, 'POST', `/api/admin/billing/${BUSINESS}/grants`)).toEqual([
        { kind: 'addon', value: 'crm', reason: 'Partner programme' },
      ]),
    );

    const grants = within(dialog).getByRole('region', { name: 'Grants' });
    expect(within(grants).getByText('Pilot customer')).toBeTruthy();
    fireEvent.click(within(grants).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.method === 'DELETE' && c.path === `/api/admin/billing/${BUSINESS}/grants/${GRANT}`,
        ),
      ).toBe(true),
    );
  });

  it('records an invoice in manual mode', async () => {
    const api = renderPanel('manual');
    expect(await screen.findByText(/Manual billing: no Stripe key/)).toBeTruthy();
    expect(screen.queryByText('Webhook events')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Billing of Corner Bakery' }));
    const form = within(await screen.findByRole('dialog')).getByRole('form', {
      name: 'Record an invoice',
    });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record invoice' }));
    expect(await within(form).findByText('Enter an amount, e.g. 19.00')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '19.00' } });
    fireEvent.change(within(form).getByLabelText('Description'), {
      target: { value: 'Premium, March' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Record invoice' }));
    await vi.waitFor(() =>
      expect(posted(api, 'POST', `/api/admin/billing/${BUSINESS}/invoices`)).toEqual([
        { amount: 1900, status: 'paid', description: 'Premium, March' },
      ]),
    );
  });

  it('creates coupons with the contract’s rules, shows the server’s field error, deactivates', async () => {
    const api = renderPanel('test');
    const form = await screen.findByRole('form', { name: 'New coupon' });
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'autumn' } });
    fireEvent.change(within(form).getByLabelText('Percent off'), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('Applies'), { target: { value: 'repeating' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('How many months?')).toBeTruthy();
    expect(posted(api, 'POST', '/api/admin/billing/coupons')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Months'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    await vi.waitFor(() =>
      expect(posted(api, 'POST', '/api/admin/billing/coupons')).toEqual([
        { code: 'autumn', percentOff: 15, duration: 'repeating', durationInMonths: 3 },
      ]),
    );

    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'TAKEN' } });
    fireEvent.change(within(form).getByLabelText('Percent off'), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('Applies'), { target: { value: 'once' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('A coupon with this code exists already')).toBeTruthy();
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('TAKEN');

    const list = screen.getByRole('list', { name: 'Coupons' });
    expect(within(list).getByText('20 % off, 3 months')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Deactivate SPRING20' }));
    await vi.waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.method === 'DELETE' && c.path === '/api/admin/billing/coupons/promo_1',
        ),
      ).toBe(true),
    );
  });

  it('shows webhook events with outcome and Stripe calls, failures apart', async () => {
    renderPanel('stripe');
    const failures = await screen.findByRole('region', { name: 'Failures' });
    expect(within(failures).getByText('Signature did not match')).toBeTruthy();
    const events = screen.getByRole('table', { name: 'Webhook events' });
    const event = within(events).getByText('invoice.paid').closest('tr')!;
    expect(within(event).getByText('applied')).toBeTruthy();
    expect(within(event).getByText('2')).toBeTruthy();
  });
});

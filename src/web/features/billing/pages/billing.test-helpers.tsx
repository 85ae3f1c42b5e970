import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BillingOverview, Invoice } from '#shared/contracts/billing.contract.ts';
import type { TenantRole } from '#shared/permissions.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok, type MockHandler, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import SubscriptionPage from './subscription-page.tsx';

// The billing API's answers (billing.contract.ts) for the billing feature's tests.

const DAY = 86_400_000;
export const RENEWS_AT = '2026-04-15T12:00:00.000Z';

export function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    mode: 'test',
    plan: 'trial',
    status: 'active',
    addons: [],
    limits: {
      connectedAccounts: 10,
      staffSeats: 5,
      aiGenerationsPerMonth: 100,
      mediaStorageBytes: 5 * 1024 ** 3,
    },
    usage: { connectedAccounts: 3, staffSeats: 1 },
    trialEndsAt: new Date(Date.now() + 9.5 * DAY).toISOString(),
    trialDaysLeft: 10,
    providerStatus: null,
    interval: null,
    renewsAt: null,
    cancelAtPeriodEnd: false,
    pastDue: null,
    discount: null,
    grants: [],
    prices: {
      premium: [
        { interval: 'month', amount: 2900, currency: 'usd' },
        { interval: 'year', amount: 29000, currency: 'usd' },
      ],
      addons: {
        crm: [
          { interval: 'month', amount: 900, currency: 'usd' },
          { interval: 'year', amount: 9000, currency: 'usd' },
        ],
        email: [
          { interval: 'month', amount: 900, currency: 'usd' },
          { interval: 'year', amount: 9000, currency: 'usd' },
        ],
      },
    },
    invoices: [],
    payUrl: null,
    paymentMethod: null,
    manualInstructions: null,
    canManage: true,
    problem: null,
    ...overrides,
  };
}

/** A running monthly Premium subscription paid by card. */
export function premium(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return overview({
    plan: 'premium',
    trialEndsAt: null,
    trialDaysLeft: null,
    providerStatus: 'active',
    interval: 'month',
    renewsAt: RENEWS_AT,
    paymentMethod: { brand: 'visa', last4: '4242' },
    limits: {
      connectedAccounts: 10,
      staffSeats: 5,
      aiGenerationsPerMonth: 500,
      mediaStorageBytes: 25 * 1024 ** 3,
    },
    ...overrides,
  });
}

export function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `00000000-0000-4000-8000-00000000f00${n}`,
    number: `INV-000${n}`,
    status: 'paid',
    amountDue: 2900,
    amountPaid: 2900,
    currency: 'usd',
    description: 'Premium (monthly)',
    periodStart: '2026-03-15T12:00:00.000Z',
    periodEnd: RENEWS_AT,
    hostedUrl: `https://pay.example/invoices/${n}`,
    pdfUrl: `https://pay.example/invoices/${n}.pdf`,
    createdAt: '2026-03-15T12:00:00.000Z',
    ...overrides,
  };
}

export function actor(role: TenantRole = 'owner') {
  return {
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: role,
    is_admin: false,
    memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role }],
  };
}

export function billingApi(handlers: Record<string, MockHandler | MockResponse> = {}) {
  return mockApi({
    'GET /api/staff/me': ok(actor()),
    'GET /api/billing': ok(overview()),
    ...handlers,
  });
}

export function renderWith(node: ReactNode, path = '/dashboard/subscription', auth = authValue()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

export function renderPage(path = '/dashboard/subscription', auth: AuthContextValue = authValue()) {
  return renderWith(<SubscriptionPage />, path, auth);
}

/** The bodies sent to `path`, in order. */
export function bodiesTo(
  calls: Array<{ method: string; path: string; body: unknown }>,
  path: string,
) {
  return calls.filter((call) => call.method !== 'GET' && call.path === path).map((c) => c.body);
}

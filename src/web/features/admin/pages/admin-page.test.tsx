import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAccount } from '#shared/contracts/admin.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import AdminPage from './admin-page.tsx';

const PERSON = '00000000-0000-4000-8000-0000000000b1';

const account: AdminAccount = {
  id: PERSON,
  email: 'customer@example.com',
  full_name: 'Casey',
  business_name: 'Corner Shop',
  status: 'active',
  plan: 'trial',
  subscription_status: 'active',
  trial_ends_at: null,
  roles: [],
  created_at: new Date(0).toISOString(),
};

function renderPage(isAdmin: boolean) {
  const api = mockApi({
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: 'owner',
      is_admin: isAdmin,
      memberships: [],
    }),
    'GET /api/admin/accounts': ok({ items: [account], total: 1, limit: 50, offset: 0 }),
    [`PATCH /api/admin/users/${PERSON}/status`]: ok({}),
    [`PATCH /api/admin/users/${PERSON}/subscription`]: ok({}),
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/admin', Component: AdminPage },
      { path: '/dashboard', element: <p>Dashboard home</p> },
    ],
    { initialEntries: ['/dashboard/admin'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

describe('admin page', () => {
  it('sends anyone but an administrator away', async () => {
    renderPage(false);
    expect(await screen.findByText('Dashboard home')).toBeTruthy();
  });

  it('lists users 50 a page and changes status and plan', async () => {
    const api = renderPage(true);
    const row = (await screen.findByText('customer@example.com')).closest('tr')!;
    expect(api.calls.find((c) => c.path === '/api/admin/accounts')).toBeTruthy();
    fireEvent.change(within(row).getByLabelText('Status of customer@example.com'), {
      target: { value: 'inactive' },
    });
    fireEvent.change(within(row).getByLabelText('Plan of customer@example.com'), {
      target: { value: 'premium' },
    });
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { status: 'inactive' },
        { plan: 'premium', status: 'active' },
      ]),
    );
  });
});

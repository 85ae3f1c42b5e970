import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, subscription, USER_ID } from '../../../test/auth-state.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context.ts';
import TrialExpiredPage from './trial-expired-page.tsx';

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
    expect(screen.getByText(/Your free trial has ended/)).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Continue on Free' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(api.calls.some((c) => c.path === '/api/subscription/continue-free')).toBe(true);
    expect(reloadAccount).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('tells staff only the owner can choose a plan', async () => {
    renderPage(authValue({ subscription: ended() }), 'active', 'staff');
    expect(
      await screen.findByText(/Only the owner of Harbour Bakery can choose a plan/),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Continue on Free' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says an administrator paused the account instead of offering plans', async () => {
    renderPage(authValue(), 'inactive');
    expect(await screen.findByRole('heading', { name: 'Your account is paused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue on Free' })).toBeNull();
  });
});

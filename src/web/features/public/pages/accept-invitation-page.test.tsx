import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { InvitationPreview } from '#shared/contracts/staff.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, session } from '../../../test/auth-state.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import AcceptInvitationPage from './accept-invitation-page.tsx';

const TOKEN = 'a'.repeat(43);

function preview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    status: 'pending',
    business_name: 'Harbour Bakery',
    inviter_name: 'Rosa Martinez',
    email: 'owner@example.com',
    role: 'manager',
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    ...overrides,
  };
}

function renderPage(auth: AuthContextValue, answer: MockResponse, extra = {}, search = '') {
  const api = mockApi({ [`GET /api/invitations/${TOKEN}`]: answer, ...extra });
  const router = createMemoryRouter(
    [{ path: '/accept-invitation/:token', Component: AcceptInvitationPage }],
    { initialEntries: [`/accept-invitation/${TOKEN}${search}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

describe('accept invitation page', () => {
  it('tells a visitor who invites whom to which business, and offers to log in or register', async () => {
    renderPage(authValue({ session: null }), ok(preview()));
    expect(await screen.findByRole('heading', { name: 'Join Harbour Bakery' })).toBeTruthy();
    expect(screen.getByText('Rosa Martinez')).toBeTruthy();
    expect(screen.getByText('manager')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Log in to accept' });
    expect(login.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/accept-invitation/${TOKEN}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/register?redirect=${encodeURIComponent(`/accept-invitation/${TOKEN}`)}`,
    );
    // After confirming, the link brings them back here (docs/decisions/035).
    expect(screen.getByText(/you will come back here to join/)).toBeTruthy();
  });

  it('welcomes someone back from their confirmation link, one step from joining', async () => {
    renderPage(authValue(), ok(preview()), {}, '?confirmed=1');
    expect(
      await screen.findByText(
        'Your email is confirmed. Welcome to Soci Gen! One last step: join Harbour Bakery.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Harbour Bakery' })).toBeTruthy();
  });

  it('lets the invited person join', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = renderPage(authValue(), ok(preview()), {
      'POST /api/invitations/accept': ok({
        tenant_id: '00000000-0000-4000-8000-000000000009',
        business_name: 'Harbour Bakery',
        role: 'manager',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Bakery' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(api.calls.at(-1)).toMatchObject({ body: { token: TOKEN } });
    vi.unstubAllGlobals();
  });

  it('asks someone signed in with another address to switch accounts', async () => {
    renderPage(
      authValue({ session: session({ user: { ...session().user, email: 'other@example.com' } }) }),
      ok(preview()),
    );
    expect(await screen.findByText(/You are logged in as other@example.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Harbour Bakery' })).toBeNull();
  });

  it.each([
    ['expired', 'This invitation has expired'],
    ['cancelled', 'This invitation was cancelled'],
    ['accepted', 'This invitation has already been used'],
  ] as const)('explains a %s link', async (status, heading) => {
    renderPage(
      authValue({ session: null }),
      ok(preview({ status, business_name: null, email: null, role: null, inviter_name: null })),
    );
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('explains an unknown link', async () => {
    renderPage(
      authValue({ session: null }),
      fail(404, 'NOT_FOUND', 'This invitation link is not valid.', { errorType: 'not_found' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is not valid' }),
    ).toBeTruthy();
  });
});

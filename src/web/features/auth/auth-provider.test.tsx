import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/query-client.ts';
import { businessProfile, session, subscription } from '../../test/auth-state.ts';
import { fail, mockApi, ok, type MockHandler } from '../../test/mock-api.ts';
import { useAuth, type AuthEvent } from './auth-context.ts';
import { AuthProvider, POST_LOGIN_FETCH_DELAY_MS } from './auth-provider.tsx';

const events: AuthEvent[] = [];

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p>status:{auth.status}</p>
      <p>user:{auth.user?.email ?? 'none'}</p>
      <p>account:{auth.accountStatus}</p>
      <p>business:{auth.businessProfile?.business_name ?? 'none'}</p>
      <p>plan:{auth.subscription?.plan ?? 'none'}</p>
      <p>addons:{auth.addons.join(',') || 'none'}</p>
      <p>reason:{auth.signOutReason ?? 'none'}</p>
      <button type="button" onClick={() => void auth.signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => auth.onAuthEvent((event) => events.push(event))}>
        Listen
      </button>
    </div>
  );
}

function renderProvider(handlers: Record<string, MockHandler | ReturnType<typeof ok>>) {
  const api = mockApi(handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return api;
}

describe('AuthProvider', () => {
  it('goes from loading to initialised and fetches profile and subscription 100 ms after the session arrives', async () => {
    let sessionAt = 0;
    let subscriptionAt = 0;
    const { calls } = renderProvider({
      'GET /api/auth/session': () => {
        sessionAt = performance.now();
        return ok(session());
      },
      'GET /api/business-profile': ok(businessProfile()),
      'GET /api/subscription': () => {
        subscriptionAt = performance.now();
        return ok(subscription({ addons: ['crm'] }));
      },
    });
    expect(screen.getByText('status:loading')).toBeTruthy();
    expect(await screen.findByText('user:owner@example.com')).toBeTruthy();
    expect(screen.getByText('status:initialised')).toBeTruthy();
    expect(screen.getByText('account:loading')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/subscription')).toBe(false);

    expect(await screen.findByText('plan:trial')).toBeTruthy();
    expect(screen.getByText('business:Harbour Bakery')).toBeTruthy();
    expect(screen.getByText('addons:crm')).toBeTruthy();
    expect(screen.getByText('account:ready')).toBeTruthy();
    expect(subscriptionAt - sessionAt).toBeGreaterThanOrEqual(POST_LOGIN_FETCH_DELAY_MS - 5);
    expect(POST_LOGIN_FETCH_DELAY_MS).toBe(100);
  });

  it('clears user, session, profile, subscription and add-ons on sign-out', async () => {
    const { calls } = renderProvider({
      'GET /api/auth/session': ok(session()),
      'GET /api/business-profile': ok(businessProfile()),
      'GET /api/subscription': ok(subscription({ addons: ['email'] })),
      'POST /api/auth/sign-out': ok(null),
    });
    expect(await screen.findByText('plan:trial')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('user:none')).toBeTruthy();
    expect(screen.getByText('business:none')).toBeTruthy();
    expect(screen.getByText('plan:none')).toBeTruthy();
    expect(screen.getByText('addons:none')).toBeTruthy();
    expect(screen.getByText('reason:user')).toBeTruthy();
    expect(events).toContain('signed-out');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/sign-out')).toBe(
      true,
    );
  });

  it('refreshes a session close to expiry and signs out when the server refuses', async () => {
    const { calls } = renderProvider({
      'GET /api/auth/session': ok(session({ expiresIn: 60 })),
      'POST /api/auth/refresh': fail(401, 'UNAUTHORIZED', 'Please log in to access this feature.', {
        errorType: 'authentication',
        severity: 'medium',
      }),
      'GET /api/business-profile': ok(businessProfile()),
      'GET /api/subscription': ok(subscription()),
    });
    await act(async () => {
      await Promise.resolve();
    });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/refresh')).toBe(true));
    expect(await screen.findByText('reason:expired')).toBeTruthy();
    expect(screen.getByText('user:none')).toBeTruthy();
  });

  it('treats a failed session check as signed out', async () => {
    renderProvider({
      'GET /api/auth/session': fail(
        500,
        'SERVER_ERROR',
        'A server error occurred. Please try again.',
      ),
    });
    expect(await screen.findByText('status:initialised')).toBeTruthy();
    expect(screen.getByText('user:none')).toBeTruthy();
  });
});

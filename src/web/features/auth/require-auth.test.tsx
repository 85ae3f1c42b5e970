import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { RootLayout } from '../../app/root-layout.tsx';
import { routes as appRoutes } from '../../app/router.tsx';
import { TOASTER_PROPS } from '../../app/toaster.tsx';
import { authValue, subscription } from '../../test/auth-state.ts';
import { mockApi, ok } from '../../test/mock-api.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { LOGIN_REQUIRED_MESSAGE, RequireAuth, VERIFYING_MESSAGE } from './require-auth.tsx';

function LoginStub() {
  const location = useLocation();
  return <p data-testid="login">Login page{location.search}</p>;
}

const testRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/login', Component: LoginStub },
      {
        path: '/dashboard',
        Component: RequireAuth,
        children: [
          { index: true, element: <p>Dashboard home</p> },
          { path: 'calendar', element: <p>Calendar page</p> },
          { path: 'subscription', element: <p>Subscription page</p> },
          { path: 'trial-expired', element: <p>Trial expired page</p> },
          { path: 'admin-setup', element: <p>Admin setup page</p> },
        ],
      },
    ],
  },
];

function renderAt(path: string, auth: AuthContextValue, routeTable: RouteObject[] = testRoutes) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
        <Toaster {...TOASTER_PROPS} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

const signedOut = () => authValue({ session: null });

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('RequireAuth', () => {
  it('shows the verifying spinner while authentication loads', () => {
    renderAt('/dashboard', authValue({ status: 'loading', session: null }));
    expect(screen.getByText(VERIFYING_MESSAGE)).toBeTruthy();
    expect(VERIFYING_MESSAGE).toBe('Verifying your account...');
    expect(screen.queryByText('Dashboard home')).toBeNull();
  });

  it('keeps showing the spinner until the subscription is known', () => {
    renderAt('/dashboard', authValue({ accountStatus: 'loading', subscription: null }));
    expect(screen.getByText(VERIFYING_MESSAGE)).toBeTruthy();
  });

  it('sends a signed-out visitor to /login, keeping the origin, and says why', async () => {
    const { router } = renderAt('/dashboard/calendar?view=week', signedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/dashboard/calendar?view=week',
    );
    expect(router.state.location.state).toEqual({
      from: '/dashboard/calendar?view=week',
      reason: 'login-required',
    });
    expect(await screen.findByText(LOGIN_REQUIRED_MESSAGE)).toBeTruthy();
    expect(LOGIN_REQUIRED_MESSAGE).toBe('Please log in to access this page');
  });

  it('does not tell a user who just signed out to log in', async () => {
    const { router } = renderAt('/dashboard', authValue({ session: null, signOutReason: 'user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(LOGIN_REQUIRED_MESSAGE)).toBeNull();
  });

  it('sends a user with an inactive subscription to the trial-expired page', async () => {
    const { router } = renderAt(
      '/dashboard/calendar',
      authValue({ subscription: subscription({ status: 'inactive' }) }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/trial-expired'));
    expect(await screen.findByText('Trial expired page')).toBeTruthy();
  });

  it('lets an active user through', () => {
    renderAt('/dashboard/calendar', authValue());
    expect(screen.getByText('Calendar page')).toBeTruthy();
  });

  it.each(['/dashboard/admin-setup', '/dashboard/subscription', '/dashboard/trial-expired'])(
    'shows %s without any check',
    (path) => {
      const { router } = renderAt(path, authValue({ status: 'loading', session: null }));
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByText(VERIFYING_MESSAGE)).toBeNull();
      expect(
        screen.getByText(/Admin setup page|Subscription page|Trial expired page/),
      ).toBeTruthy();
    },
  );

  it('shows the unguarded pages to a signed-out visitor and to an inactive user', () => {
    renderAt('/dashboard/subscription', signedOut());
    expect(screen.getByText('Subscription page')).toBeTruthy();
  });

  it('reports error and error_description from the address and drops them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderAt(
      '/dashboard?error=access_denied&error_description=The+link+has+expired',
      signedOut(),
    );
    expect(await screen.findByText('Authentication error: The link has expired')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard');
    expect(warn).toHaveBeenCalled();
  });

  it('drops the error parameters for a signed-in user too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderAt(
      '/dashboard/calendar?error=x&error_description=Denied&tab=2',
      authValue(),
    );
    expect(await screen.findByText('Authentication error: Denied')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(router.state.location.pathname).toBe('/dashboard/calendar');
  });
});

describe('the app route table', () => {
  it('redirects /dashboard/overview to /dashboard', async () => {
    mockApi({ 'GET /api/calendar-events/upcoming': ok([]) });
    const { router } = renderAt('/dashboard/overview', authValue(), appRoutes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), {
      timeout: 5000,
    });
    expect(
      await screen.findByText('Nothing scheduled yet', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page', signedOut(), appRoutes);
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

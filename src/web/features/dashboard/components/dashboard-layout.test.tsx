import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActorContext } from '#shared/contracts/staff.contract.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { staffKeys } from '../../staff/api/staff-api.ts';
import { AuthContext } from '../../auth/auth-context.ts';
import { layoutStore, SIDEBAR_STORAGE_KEY } from '../lib/layout-store.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

/** The actor the server would report; the sidebar lists what its role may use. */
function actorOf(overrides: Partial<ActorContext> = {}): ActorContext {
  return {
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: 'owner',
    is_admin: false,
    memberships: [],
    ...overrides,
  };
}

function renderLayout(path: string, actor: ActorContext = actorOf()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(staffKeys.me(USER_ID), actor);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { path: '*', element: <p>Area content</p> },
          { index: true, element: <p>Home content</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authValue()}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => layoutStore.reset());

describe('DashboardLayout', () => {
  it('builds breadcrumbs and the page title from the path', () => {
    renderLayout('/dashboard/social-monitor');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(crumbs).getByText('Social Monitor').getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Social Monitor - Soci Gen Dashboard');
  });

  it('titles the dashboard root "Dashboard"', () => {
    renderLayout('/dashboard');
    expect(document.title).toBe('Dashboard - Soci Gen Dashboard');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByText('Dashboard')
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('toggles the sidebar, remembers the choice and starts in the default layout mode', () => {
    renderLayout('/dashboard');
    expect(screen.getByRole('main').getAttribute('data-layout-mode')).toBe('default');
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(
      screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(window.localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false');
    expect(document.getElementById('dashboard-sidebar')?.getAttribute('data-state')).toBe('closed');
  });

  it('shows the business name and e-mail on the account menu button', () => {
    renderLayout('/dashboard');
    const menu = screen.getByRole('button', { name: 'Account menu' });
    expect(menu.textContent).toContain('Harbour Bakery');
    expect(menu.textContent).toContain('owner@example.com');
  });

  it('lists only the areas the acting role may use', () => {
    renderLayout('/dashboard', actorOf({ tenant_role: 'viewer' }));
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: /Staff/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Calendar/ })).toBeTruthy();
    for (const hidden of [/AI Content/, /Engine Room/, /Platforms/, /Subscription/, /Admin/]) {
      expect(within(nav).queryByRole('link', { name: hidden })).toBeNull();
    }
  });

  it('shows the admin area to administrators only', () => {
    renderLayout('/dashboard', actorOf({ is_admin: true }));
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: /Admin/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Subscription/ })).toBeTruthy();
  });
});

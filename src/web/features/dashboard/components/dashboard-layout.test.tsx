import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActorContext } from '#shared/contracts/staff.contract.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { staffKeys } from '../../staff/index.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import { layoutStore, SIDEBAR_STORAGE_KEY } from '../lib/layout-store.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

/** The actor the server would report; the sidebar lists what its role may use. */
function actorOf(overrides: Partial<ActorContext> = {}): ActorContext {
  return {
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: 'owner',
    is_admin: false,
    memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role: 'owner' }],
    ...overrides,
  };
}

function renderLayout(
  path: string,
  actor: ActorContext | null = actorOf(),
  auth: AuthContextValue = authValue(),
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  if (actor) queryClient.setQueryData(staffKeys.me(USER_ID), actor);
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
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  // A collapsed sidebar (the toggle test) has no labels or plan card: start each test open.
  window.localStorage.removeItem(SIDEBAR_STORAGE_KEY);
  layoutStore.reset();
});

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

  it('titles the dashboard root "Home", its crumb still "Dashboard"', () => {
    renderLayout('/dashboard');
    expect(document.title).toBe('Home - Soci Gen Dashboard');
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
    const menu = screen.getByRole('button', { name: /Account menu$/ });
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

  it('spells AI in capitals in the crumb, as the sidebar does', () => {
    renderLayout('/dashboard/ai-content');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('AI Content').getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('AI Content - Soci Gen Dashboard');
  });

  it('lets the sidebar list scroll above the plan card instead of running under it', () => {
    renderLayout('/dashboard', actorOf({ is_admin: true }));
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(nav.className).toContain('min-h-0');
    expect(nav.className).toContain('overflow-y-auto');
    // The plan card sits after the list, outside it.
    const card = screen.getByRole('link', { name: /Trial: \d+ days left/ });
    expect(nav.contains(card)).toBe(false);
  });
});

describe('billing is the owner’s', () => {
  it('shows the plan card, the Subscription area and menu item to the owner', () => {
    renderLayout('/dashboard');
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: /Subscription/ })).toBeTruthy();
    expect(screen.getByText('Upgrade to Premium')).toBeTruthy();
  });

  it.each(['manager', 'staff', 'viewer'] as const)('hides them from a %s', (role) => {
    renderLayout(
      '/dashboard',
      actorOf({
        tenant_id: '00000000-0000-4000-8000-0000000000aa',
        tenant_role: role,
        memberships: [
          { tenant_id: '00000000-0000-4000-8000-0000000000aa', business_name: 'Rosa', role },
        ],
      }),
    );
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).queryByRole('link', { name: /Subscription/ })).toBeNull();
    expect(screen.queryByText('Upgrade to Premium')).toBeNull();
    expect(screen.queryByText(/Trial: \d+ days left/)).toBeNull();
  });

  it('waits for the server’s answer before offering billing at all', () => {
    renderLayout('/dashboard', null);
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).queryByRole('link', { name: /Subscription/ })).toBeNull();
    expect(screen.queryByText('Upgrade to Premium')).toBeNull();
  });
});

describe('someone in no business yet', () => {
  const alone = () => actorOf({ tenant_role: 'viewer', memberships: [] });
  const noBusinessAuth = () => authValue({ businessProfile: null, subscription: null });

  it('is told how to join instead of seeing a business’s pages, and keeps their profile', async () => {
    const router = renderLayout('/dashboard', alone(), noBusinessAuth());
    expect(
      screen.getByRole('heading', { level: 1, name: 'You are not part of a business yet' }),
    ).toBeTruthy();
    expect(screen.getByText(/Open the invitation link in the e-mail you were sent/)).toBeTruthy();
    expect(screen.getByText(/is not available in the app yet/)).toBeTruthy();
    expect(screen.queryByText('Home content')).toBeNull();
    await router.navigate('/dashboard/calendar');
    expect(await screen.findByText('You are not part of a business yet')).toBeTruthy();
    await router.navigate('/dashboard/profile');
    expect(await screen.findByText('Area content')).toBeTruthy();
  });

  it('has only their own areas in the sidebar and no business in the account menu', () => {
    renderLayout('/dashboard', alone(), noBusinessAuth());
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Home', 'Profile']);
    const menu = screen.getByRole('button', { name: /Account menu$/ });
    expect(menu.textContent).toContain('No business yet');
    expect(menu.textContent).not.toContain('Your business');
  });

  it('waits for the server instead of flashing an empty business', () => {
    renderLayout('/dashboard', null, noBusinessAuth());
    expect(screen.getByText('Loading your dashboard...')).toBeTruthy();
    expect(screen.queryByText('Home content')).toBeNull();
  });
});

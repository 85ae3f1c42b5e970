import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authValue } from '../../../test/auth-state.ts';
import { AuthContext } from '../../auth/auth-context.ts';
import { layoutStore, SIDEBAR_STORAGE_KEY } from '../lib/layout-store.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

function renderLayout(path: string) {
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
    <AuthContext.Provider value={authValue()}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
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
});

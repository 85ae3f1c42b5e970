import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authValue } from '../../test/auth-state.ts';
import { AuthContext, type AuthContextValue } from '../auth/index.ts';
import PublicLayout from './components/public-layout.tsx';
import AboutPage from './pages/about-page.tsx';
import ContactPage from './pages/contact-page.tsx';
import DocumentationPage from './pages/documentation-page.tsx';
import FeaturesPage from './pages/features-page.tsx';
import HomePage from './pages/home-page.tsx';
import PricingPage from './pages/pricing-page.tsx';
import PrivacyPage from './pages/privacy-page.tsx';
import TermsPage from './pages/terms-page.tsx';

afterEach(cleanup);

const PAGES: [path: string, Page: ComponentType, title: string][] = [
  ['/', HomePage, 'Soci Gen - Instagram and Facebook publishing you can prove'],
  ['/features', FeaturesPage, 'Features - Soci Gen'],
  ['/pricing', PricingPage, 'Pricing - Soci Gen'],
  ['/documentation', DocumentationPage, 'Documentation - Soci Gen'],
  ['/about', AboutPage, 'About - Soci Gen'],
  ['/contact', ContactPage, 'Contact - Soci Gen'],
  ['/privacy', PrivacyPage, 'Privacy Policy - Soci Gen'],
  ['/terms', TermsPage, 'Terms of Service - Soci Gen'],
];

function renderAt(path: string, Page: ComponentType) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={path} element={<Page />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('public pages', () => {
  it.each(PAGES)('%s has one h1, its title and the layout landmarks', (path, Page, title) => {
    const { container } = renderAt(path, Page);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(document.title).toBe(title);
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // The skip link comes before anything else that takes focus.
    const firstFocusable = container.querySelector('a[href], button, input, textarea');
    expect(firstFocusable?.textContent).toBe('Skip to content');
    expect(firstFocusable?.getAttribute('href')).toBe('#main');
  });

  it('links every public page from the footer', () => {
    renderAt('/about', AboutPage);
    const footer = screen.getByRole('contentinfo');
    const hrefs = Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    for (const path of [
      '/',
      '/features',
      '/pricing',
      '/documentation',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
    ]) {
      expect(hrefs).toContain(path);
    }
    expect(footer.textContent).toContain('© 2026 Soci Gen');
  });

  it('opens and closes the mobile menu as a disclosure', () => {
    const { container } = renderAt('/', HomePage);
    const button = screen.getByRole('button', { name: 'Open menu' });
    const menu = container.querySelector('#mobile-menu') as HTMLElement;
    expect(button.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toContain('Close menu');
    expect(menu.hidden).toBe(false);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('marks the sections of areas not released yet as coming soon, and only those', () => {
    renderAt('/documentation', DocumentationPage);
    const soon = screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.parentElement?.textContent?.includes('Coming soon'))
      .map((h) => h.textContent);
    expect(soon).toEqual(['Campaigns', 'Inbox', 'Analytics', 'Billing']);
    const api = document.getElementById('api');
    expect(api?.textContent).toContain('/api/openapi.json');
    expect(api?.textContent).not.toContain('Coming soon');
  });
});

describe('features page', () => {
  it('marks every area that is not released yet as coming soon, and only those', () => {
    renderAt('/features', FeaturesPage);
    const sections = [...document.querySelectorAll('section[id]')].filter(
      (section) => section.getAttribute('aria-labelledby') === `${section.id}-title`,
    );
    expect(sections.length).toBe(8);
    const released = new Set(['calendar', 'publishing', 'ai', 'team', 'media']);
    for (const section of sections) {
      if (released.has(section.id)) expect(section.textContent).not.toContain('Coming soon');
      else expect(section.textContent).toContain('Coming soon');
    }
  });
});

describe('the public header and the e-mail confirmation landing', () => {
  function renderSignedIn(path: string, auth: AuthContextValue) {
    return render(
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path="/" element={<HomePage />} />
              <Route path="/pricing" element={<PricingPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>,
    );
  }

  it('offers a signed-in person the dashboard instead of signing in or up, on every page', () => {
    for (const path of ['/', '/pricing']) {
      renderSignedIn(path, authValue());
      const header = screen.getByRole('banner');
      const dashboard = within(header).getByRole('link', { name: 'Dashboard' });
      expect(dashboard.getAttribute('href')).toBe('/dashboard');
      expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
      expect(within(header).queryByRole('link', { name: 'Start free trial' })).toBeNull();
      cleanup();
    }
  });

  it('offers a visitor sign in and the free trial', () => {
    renderSignedIn('/pricing', authValue({ session: null }));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Start free trial' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('says the address is confirmed, with the way into the dashboard, until dismissed', () => {
    renderSignedIn('/?confirmed=1', authValue());
    const message = screen.getByText('Your email is confirmed. Welcome to Soci Gen!');
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your email is confirmed. Welcome to Soci Gen!')).toBeNull();
  });

  it('asks someone the link did not sign in to log in', () => {
    renderSignedIn('/?confirmed=1', authValue({ session: null }));
    expect(screen.getByText('Your email is confirmed. Please log in to continue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('says nothing on an ordinary visit', () => {
    renderSignedIn('/', authValue());
    expect(screen.queryByText(/Your email is confirmed/)).toBeNull();
  });
});

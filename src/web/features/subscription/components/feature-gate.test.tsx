import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { authValue, subscription, USER_ID } from '../../../test/auth-state.ts';
import { staffKeys } from '../../staff/index.ts';
import { AuthContext, type AuthContextValue } from '../../auth/index.ts';
import { AreaPage, getArea, SidebarContent } from '../../dashboard/index.ts';
import { FeatureGate } from './feature-gate.tsx';

function renderWith(auth: AuthContextValue, ui: React.ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  // The server's answer for the owner: billing shows only once it says so.
  queryClient.setQueryData(staffKeys.me(USER_ID), {
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: 'owner',
    is_admin: false,
    memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role: 'owner' }],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const free = () => authValue({ subscription: subscription({ plan: 'free', trial_ends_at: null }) });

describe('feature gating (docs/product/roles-and-plans.md#features-by-plan)', () => {
  it.each(['calendar', 'ai-content', 'campaigns'] as const)(
    'shows an upgrade prompt for %s on the free plan',
    (slug) => {
      const area = getArea(slug);
      renderWith(free(), <AreaPage area={area} />);
      expect(
        screen.getByRole('heading', { name: `${area.label} is part of the Premium plan` }),
      ).toBeTruthy();
      expect(screen.getByText('Free')).toBeTruthy();
      const upgrade = screen.getByRole('link', { name: 'Upgrade to Premium' });
      expect(upgrade.getAttribute('href')).toBe('/dashboard/subscription');
      expect(screen.queryByText('Coming soon')).toBeNull();
    },
  );

  it('opens the same areas on the trial plan', () => {
    renderWith(authValue(), <AreaPage area={getArea('calendar')} />);
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('never gates analytics', () => {
    renderWith(free(), <AreaPage area={getArea('analytics')} />);
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });

  it('keeps gated areas in the sidebar with a lock badge', () => {
    renderWith(free(), <SidebarContent collapsed={false} />);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const calendar = within(nav).getByRole('link', { name: /Calendar/ });
    expect(calendar.getAttribute('href')).toBe('/dashboard/calendar');
    expect(calendar.textContent).toContain('Premium');
    expect(within(nav).getByRole('link', { name: /Analytics/ }).textContent).not.toContain(
      'Premium',
    );
    for (const label of [
      'Home',
      'AI Content',
      'Calendar',
      'Analytics',
      'Campaigns',
      'Engine Room',
      'Audience',
      'Media',
      'Social Monitor',
      'Platforms',
      'Staff',
      'Settings',
      'Profile',
      'Subscription',
    ]) {
      expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toBeTruthy();
    }
  });
});

describe('FeatureGate', () => {
  it('shows its content when the plan includes the feature', () => {
    renderWith(authValue(), <FeatureGate feature="calendar">Calendar grid</FeatureGate>);
    expect(screen.getByText('Calendar grid')).toBeTruthy();
  });

  it('offers the add-on that unlocks an add-on feature', () => {
    renderWith(authValue(), <FeatureGate feature="crm">Contacts</FeatureGate>);
    expect(screen.queryByText('Contacts')).toBeNull();
    expect(screen.getByRole('heading', { name: 'CRM comes with the CRM add-on' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add CRM' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
  });

  it('locks nothing before the subscription is known', () => {
    renderWith(
      authValue({ subscription: null }),
      <FeatureGate feature="campaigns">Campaign list</FeatureGate>,
    );
    expect(screen.getByText('Campaign list')).toBeTruthy();
  });
});

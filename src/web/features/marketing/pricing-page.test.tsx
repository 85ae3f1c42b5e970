import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ADDON_IDS, ADDONS, PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import PricingPage from './pages/pricing-page.tsx';
import { formatPrice } from './lib/format.ts';

afterEach(cleanup);

function renderPricing() {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingPage />
    </MemoryRouter>,
  );
}

describe('PricingPage', () => {
  it('sets the document title', () => {
    renderPricing();
    expect(document.title).toBe('Pricing - Soci Gen');
  });

  it('shows the Premium price from the plan catalogue, monthly then yearly after toggling', () => {
    renderPricing();
    // Guard the catalogue numbers the page is meant to show
    // (docs/product/roles-and-plans.md#plan-catalogue).
    expect(PLANS.premium.priceMonthly).toBe(29);
    expect(PLANS.premium.priceYearly).toBe(290);

    const monthly = screen.getByTestId('price-premium').textContent ?? '';
    expect(monthly).toContain(formatPrice(29));
    expect(monthly).toContain('per month');
    expect(monthly).not.toContain(formatPrice(290));

    const yearlyOption = screen.getByRole('radio', { name: /yearly/i });
    fireEvent.click(yearlyOption);
    expect((yearlyOption as HTMLInputElement).checked).toBe(true);

    const yearly = screen.getByTestId('price-premium').textContent ?? '';
    expect(yearly).toContain(formatPrice(290));
    expect(yearly).toContain('per year');

    fireEvent.click(screen.getByRole('radio', { name: /monthly/i }));
    expect(screen.getByTestId('price-premium').textContent).toContain(formatPrice(29));
  });

  it('shows every plan with its limits, and the trial length', () => {
    renderPricing();
    for (const plan of Object.values(PLANS)) {
      expect(screen.getByRole('heading', { level: 3, name: plan.name })).toBeTruthy();
    }
    expect(screen.getByTestId('price-trial').textContent).toContain(`for ${TRIAL_DAYS} days`);
    expect(screen.getByText('25 GB media storage')).toBeTruthy();
    expect(screen.getByText('500 AI generations / month')).toBeTruthy();
    expect(screen.getByText('Owner only, no staff seats')).toBeTruthy();
    expect(screen.getAllByText('10 connected accounts')).toHaveLength(2);
  });

  it('shows both add-ons with their monthly prices', () => {
    renderPricing();
    for (const id of ADDON_IDS) {
      const addon = ADDONS[id];
      const heading = screen.getByRole('heading', { level: 3, name: addon.name });
      const card = heading.closest('li');
      expect(card).not.toBeNull();
      const text = within(card as HTMLElement).getByText(addon.description);
      expect(text).toBeTruthy();
      expect(card?.textContent).toContain(formatPrice(addon.priceMonthly));
      expect(card?.textContent).toContain('per month');
    }
  });

  it('answers common questions in disclosure widgets', () => {
    const { container } = renderPricing();
    expect(container.querySelectorAll('details').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('What happens when the trial ends?')).toBeTruthy();
  });
});

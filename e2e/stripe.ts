import { expect, type Page } from '@playwright/test';
import { SIMULATOR_CONTROL_PORT } from './simulator.ts';

// Test payments: the in-app Stripe simulator's control API (clock, API requests with the
// account's key) sits beside the Graph API simulator's on the browser-test server's loopback
// control port (src/server/features/platforms/simulator-control.ts), never on the app's port.

const CONTROL_URL = `http://127.0.0.1:${SIMULATOR_CONTROL_PORT}/_stripe/_sim`;

/** POSTs to the Stripe simulator's control API and expects it to succeed. */
export async function stripeControl(page: Pick<Page, 'request'>, path: string, data: unknown = {}) {
  const res = await page.request.post(`${CONTROL_URL}${path}`, { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Record<string, unknown>;
}

/** A promotion code `code` for a new coupon taking `percentOff` % off once. */
export async function makePromotionCode(page: Page, code: string, percentOff: number) {
  const coupon = await stripeControl(page, '/api', {
    path: '/v1/coupons',
    form: { percent_off: String(percentOff), duration: 'once' },
  });
  await stripeControl(page, '/api', {
    path: '/v1/promotion_codes',
    form: { 'promotion[type]': 'coupon', 'promotion[coupon]': String(coupon.id), code },
  });
}

/** Moves the simulator's clock on, running renewals and retries due meanwhile. */
export async function advanceStripeClock(page: Page, days: number) {
  await stripeControl(page, '/clock', { advanceDays: days });
}

/** Fills and submits a hosted card form (Checkout, portal card update, invoice payment). */
export async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Baker');
}

/** Premium monthly through the simulator's checkout with the test card that succeeds, then `addon`. */
export async function buyPremiumWithAddon(page: Page, addon: 'CRM' | 'Email marketing') {
  await page.goto('/dashboard/subscription');
  await page.getByRole('radio', { name: /Monthly/ }).check();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/simulator\/stripe\/checkout\//);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription/);
  await expect(page.getByText('Welcome to Premium')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Add ${addon}` }).click();
  await page
    .getByRole('dialog', { name: `Add ${addon}?` })
    .getByRole('button', { name: `Confirm and add ${addon}` })
    .click();
  await expect(page.getByText(`${addon} is added.`)).toBeVisible();
}

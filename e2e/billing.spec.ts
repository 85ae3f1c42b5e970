import { expect, test, type Page } from './test.ts';
import { followEmailLink, register, uniqueEmail } from './helpers.ts';
import { advanceStripeClock, makePromotionCode, payWithCard, stripeControl } from './stripe.ts';

// Billing with test payments (docs/decisions/094): the in-app Stripe simulator's checkout,
// portal and invoice pages, its signed webhooks to the app, and its clock. The browser-test
// server gives a failed renewal about 17 seconds of grace (scripts/e2e-server.ts).

// The clock moved on here would put every later checkout's trial end in the simulator's past:
// the simulator starts again at the real time for the specs that follow.
test.afterAll(async ({ request }) => {
  await stripeControl({ request }, '/reset');
});

async function signUpOwner(page: Page, label: string) {
  const email = uniqueEmail(label);
  await register(page, { email, businessName: 'Harbour Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
}

/** Upgrades to Premium monthly through the simulator's checkout page with `card`. */
async function upgrade(page: Page, card: string) {
  await page.goto('/dashboard/subscription');
  await expect(page.getByText('Test payments:', { exact: false }).first()).toBeVisible();
  await page.getByRole('radio', { name: /Monthly/ }).check();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/simulator\/stripe\/checkout\//);
  await payWithCard(page, card);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  // Back on the page, which reads the plan again until the webhook has made it Premium.
  await expect(page).toHaveURL(/\/dashboard\/subscription/);
  await expect(page.getByText('Welcome to Premium')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Premium', level: 2 })).toBeVisible();
}

test('an owner upgrades with a test card, adds the CRM add-on and redeems a code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpOwner(page, 'billing');
  await upgrade(page, '4242 4242 4242 4242');
  await expect(page.getByText(/Visa •+ 4242/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();

  // The CRM add-on: its prorated price first, then the add-on is on the plan at once.
  await page.getByRole('button', { name: 'Add CRM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add CRM?' });
  await expect(dialog.getByTestId('addon-recurring')).toContainText('9.00');
  await dialog.getByRole('button', { name: 'Confirm and add CRM' }).click();
  await expect(page.getByText('CRM is added.')).toBeVisible();
  await expect(page.getByTestId('addon-crm').getByText('Active')).toBeVisible();
  const subscription = await page.request.get('/api/subscription');
  expect((await subscription.json()).data.addons).toContain('crm');

  // A promotion code made at Stripe, applied to the running subscription.
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  await makePromotionCode(page, code, 20);
  await page.getByRole('textbox', { name: 'Coupon or promotion code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText(`Code ${code} is applied.`)).toBeVisible();
  await expect(page.getByText('20 % off').first()).toBeVisible();

  // An unknown code is refused with the reason, and what was typed stays.
  const field = page.getByRole('textbox', { name: 'Coupon or promotion code', exact: true });
  await field.fill('NOSUCHCODE1');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText('No such code.')).toBeVisible();
  await expect(field).toHaveValue('NOSUCHCODE1');
});

test('a failed renewal keeps access through the grace period, then stops it until the invoice is paid', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpOwner(page, 'renewal');
  await upgrade(page, '4242 4242 4242 4242');

  // The card changes in the customer portal to one that attaches but fails every charge.
  await page.getByRole('button', { name: 'Manage payment method and billing' }).click();
  await expect(page).toHaveURL(/\/simulator\/stripe\/portal\//);
  await payWithCard(page, '4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Update card' }).click();
  await page.goto('/dashboard/subscription');

  // The renewal (at the trial's end or the month's) fails: past due, access kept, a banner.
  await advanceStripeClock(page, 32);
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your last payment failed' }),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dashboard$/);

  // After the grace period the plan is inactive and the way on is to pay.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/trial-expired/, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole('link', { name: 'Pay the open invoice' }).click();
  await expect(page).toHaveURL(/\/simulator\/stripe\/invoice\//);
  await payWithCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Paying restores access at once.
  await expect(async () => {
    await page.goto('/dashboard/calendar');
    await expect(page).toHaveURL(/\/dashboard\/calendar/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto('/dashboard/subscription');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
});

import { expect, test } from './test.ts';
import { followEmailLink, register, uniqueEmail } from './helpers.ts';

// Unknown addresses answer 404 from the server; the app still shows its not-found page, and an
// unknown dashboard address shows one inside the dashboard rather than leaving it.

test('unknown addresses are 404s with a not-found page, inside the dashboard for its addresses', async ({
  page,
}) => {
  const known = await page.goto('/pricing');
  expect(known?.status()).toBe(200);
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const email = uniqueEmail('lost');
  await register(page, { email, businessName: 'Lost & Found Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  const inDashboard = await page.goto('/dashboard/no-such-area');
  expect(inDashboard?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'This page is not in your dashboard' }),
  ).toBeVisible();
  // Still in the dashboard: its navigation is there, and the title says so.
  await expect(page.getByRole('link', { name: 'Calendar' }).first()).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Soci Gen Dashboard');
});

import { expect, test, type Page } from './test.ts';
import { followEmailLink, register, uniqueEmail } from './helpers.ts';
import { expectLastSidebarItemClear } from './app-routes.ts';
import { seriousViolations } from './axe.ts';

// Issue 3 item 5: the first administrator with the setup token; an administrator makes a user
// inactive and the user lands on trial-expired. The token is playwright.config.ts's.
const SETUP_TOKEN = 'e2e-first-administrator-setup-token';

async function signUpAndConfirm(page: Page, email: string, businessName: string) {
  await register(page, { email, businessName });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
}

test('the first administrator makes a user inactive, and the user lands on trial-expired', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const user = await userContext.newPage();
  const adminEmail = uniqueEmail('admin');
  const userEmail = uniqueEmail('customer');

  // Shown without any check (docs/product/routes.md#guard-behaviour): a visitor sees the page,
  // which asks for the sign-in.
  await admin.goto('/dashboard/admin-setup');
  await expect(admin).toHaveURL(/\/dashboard\/admin-setup$/);
  await expect(admin.getByText('Log in first')).toBeVisible();
  const logIn = admin.locator('#main-content').getByRole('link', { name: 'Log in', exact: true });
  await expect(logIn).toHaveAttribute('href', '/login?redirect=%2Fdashboard%2Fadmin-setup');

  await signUpAndConfirm(admin, adminEmail, 'Installation HQ');
  await admin.goto('/dashboard/admin-setup');
  await admin.getByLabel('Setup token').fill('not the token');
  await admin.getByRole('button', { name: /an administrator$/ }).click();
  await expect(admin.getByText(/setup token is not valid/).first()).toBeVisible();
  await admin.getByLabel('Setup token').fill(SETUP_TOKEN);
  await admin.getByRole('button', { name: /an administrator$/ }).click();
  await expect(admin).toHaveURL(/\/dashboard\/admin$/);
  await expect(admin.getByRole('heading', { name: 'Administration' })).toBeVisible();

  // Once only.
  await admin.goto('/dashboard/admin-setup');
  await expect(admin.getByText('This installation already has an administrator.')).toBeVisible();

  await signUpAndConfirm(user, userEmail, 'Customer Corner');
  await user.goto('/dashboard');
  await expect(user.getByRole('heading', { level: 1 })).toContainText('Customer Corner');

  await admin.goto('/dashboard/admin');
  await admin.getByLabel('Search users').fill(userEmail);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: userEmail });
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel(`Plan of ${userEmail}`)).toHaveValue('trial');
  await row.getByLabel(`Plan of ${userEmail}`).selectOption('premium');
  await expect(admin.getByText(`${userEmail} is now on Premium.`)).toBeVisible();
  await row.getByLabel(`Status of ${userEmail}`).selectOption('inactive');
  await expect(admin.getByText(`${userEmail} is now inactive.`)).toBeVisible();

  await user.goto('/dashboard');
  await expect(user).toHaveURL(/\/dashboard\/trial-expired$/);
  await expect(user.getByRole('heading', { name: 'Your account is paused' })).toBeVisible();

  // Back to active: the dashboard opens again.
  await row.getByLabel(`Status of ${userEmail}`).selectOption('active');
  await expect(admin.getByText(`${userEmail} is now active.`)).toBeVisible();
  await user.goto('/dashboard');
  await expect(user.getByRole('heading', { level: 1 })).toContainText('Customer Corner');

  // System health: the monitor (docs/product/constants.md#logging-and-monitor), queues and
  // failed jobs.
  await admin.getByRole('tab', { name: 'System health' }).click();
  await expect(admin.getByText('Calls in the last minute')).toBeVisible();
  await expect(admin.getByText('Alert above 10%')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Job queues' })).toBeVisible();

  // What only an administrator sees passes the checks every page passes (decision 090): no
  // serious accessibility violation on either tab, nothing wider than a phone, and on a laptop
  // the Admin item, last in the sidebar, shows whole above the plan card.
  const pageWidth = () => admin.evaluate(() => document.documentElement.scrollWidth);
  const found = await seriousViolations(admin, '/dashboard/admin, system health');
  await admin.setViewportSize({ width: 360, height: 740 });
  const widths = [await pageWidth()];
  await admin.getByRole('tab', { name: 'Users' }).click();
  await expect(admin.getByRole('row').filter({ hasText: userEmail })).toHaveCount(1);
  found.push(...(await seriousViolations(admin, '/dashboard/admin, users (360 px)')));
  widths.push(await pageWidth());
  expect(found, found.join('\n')).toEqual([]);
  expect(widths, 'page widths of both tabs at 360 px').toEqual([360, 360]);
  await expectLastSidebarItemClear(admin);

  await adminContext.close();
  await userContext.close();
});

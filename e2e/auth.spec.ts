import { expect, test } from './test.ts';
import {
  PASSWORD,
  followEmailLink,
  openMailbox,
  register,
  signIn,
  uniqueEmail,
} from './helpers.ts';

test('sign up, confirm through the mailbox, see the dashboard, sign out, sign in again', async ({
  page,
}) => {
  const email = uniqueEmail('owner');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await expect(page.getByText(email)).toBeVisible();
  // Without SMTP the e-mail waits in the development mailbox, and the page says where its key is.
  await expect(
    page.getByText('This server sends no e-mail: it is in the development mailbox'),
  ).toBeVisible();
  await expect(page.getByText(/the link the server printed in its start-up log/)).toBeVisible();

  await followEmailLink(page, email, '/api/auth/confirm');
  // The confirmation link signs the user in and lands on the site root, which says so and stays
  // saying so, with the way in; the header offers the dashboard instead of signing up again.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
  // Not a toast that is gone in four seconds.
  await page.waitForTimeout(5000);
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rosa’s Bakery');
  await expect(page).toHaveTitle('Home - Soci Gen Dashboard');
  await expect(page.getByText('Nothing scheduled yet')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/pricing');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page).toHaveTitle('Settings - Soci Gen Dashboard');
  // Every public page offers a signed-in person the dashboard.
  await page.goto('/pricing');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a confirmation link opened in another browser confirms the address but signs in nobody', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  await register(page, { email, businessName: 'Elsewhere Co' });
  await openMailbox(page);
  await page
    .getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
    .first()
    .click();
  const link = await page
    .getByRole('link', { name: /\/api\/auth\/confirm/ })
    .first()
    .getAttribute('href');

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.0.7' } });
  const otherPage = await other.newPage();
  await otherPage.goto(link!);
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(
    otherPage.getByText('Your email is confirmed. Please log in to continue.'),
  ).toBeVisible();
  await signIn(otherPage, email);
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  await other.close();
});

// The message of docs/product/routes.md#guard-behaviour.
test('the guard sends visitors to login with the origin kept and the product’s message', async ({
  page,
}) => {
  await page.goto('/dashboard/calendar');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fcalendar/);
  await expect(page.getByText('Please log in to access this page').first()).toBeVisible();
});

test('an authentication error in the address is reported', async ({ page }) => {
  await page.goto('/dashboard?error=access_denied&error_description=The+user+denied+access');
  await expect(
    page.getByText('Authentication error: The user denied access').first(),
  ).toBeVisible();
});

test('a wrong password shows the catalogue message and keeps what was typed', async ({ page }) => {
  const email = uniqueEmail('typo');
  await page.goto('/login');
  await signIn(page, email, 'not the right password');
  await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('an unconfirmed account is told to confirm, and a weak password is refused by field', async ({
  page,
}) => {
  const email = uniqueEmail('weak');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Password is too weak. Please choose a stronger password.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await register(page, { email, businessName: 'Weak Co' });
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(
    page.getByText('Please check your email and confirm your account.').first(),
  ).toBeVisible();
});

test('forgot and reset password through the e-mailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  await register(page, { email, businessName: 'Reset Co' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/If an account exists/)).toBeVisible();

  await followEmailLink(page, email, '/reset-password');
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = 'lighthouse marmalade sprint 7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard/);
});

test('/dashboard/overview redirects to /dashboard, and unknown paths show the not-found page', async ({
  page,
}) => {
  const email = uniqueEmail('nav');
  await register(page, { email, businessName: 'Nav Co' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /not found|doesn’t exist|does not exist/i,
  );
});

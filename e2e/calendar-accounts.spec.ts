import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// The calendar's account filter (decision 076) in demo mode: connect a simulated Facebook Page and
// its Instagram account, plan one post for each (saved with its account through the API the
// composer uses, POST /api/posts), then narrow the calendar to one account, to both, and back;
// also on a phone.

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in next month (the business zone of a new account is UTC): always in the future. */
function nextMonthDay(day: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

async function shot(page: Page, name: string) {
  if (process.env.CALENDAR_SHOTS) await page.screenshot({ path: `/tmp/calendar-${name}.png` });
}

async function planPost(page: Page, title: string, day: string, connectionId: string) {
  const created = await page.request.post('/api/posts', {
    data: {
      post: { title, content: `${title} #bakery`, scheduled_for: `${day}T10:00:00.000Z` },
      targets: [{ connection_id: connectionId, format: 'post', media_ids: [] }],
      intent: 'draft',
    },
  });
  expect(created.status()).toBe(201);
}

test('narrow the calendar to one account, then both, then every account', async ({ page }) => {
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('calendar-accounts');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);

  // No account yet: no account filter.
  const day = nextMonthDay(12);
  await page.goto(`/dashboard/calendar?view=month&date=${day}`);
  await expect(page.getByRole('form', { name: 'Filters' }).getByLabel('Platform')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Accounts/ })).toHaveCount(0);

  // Connect the Page and its Instagram account through the simulated consent page.
  await connectRosaBakery(page);

  const connections = (await (await page.request.get('/api/platforms/connections')).json())
    .data as Array<{ id: string; platform: string }>;
  const pageId = connections.find((c) => c.platform === 'facebook')!.id;
  const instagramId = connections.find((c) => c.platform === 'instagram')!.id;
  await planPost(page, 'Sourdough on the Page', day, pageId);
  await planPost(page, 'Croissants on Instagram', nextMonthDay(13), instagramId);

  await page.goto(`/dashboard/calendar?view=month&date=${day}`);
  const onPage = page.getByRole('button', { name: /^Sourdough on the Page, / });
  const onInstagram = page.getByRole('button', { name: /^Croissants on Instagram, / });
  await expect(onPage).toBeVisible();
  await expect(onInstagram).toBeVisible();

  const picker = page.getByRole('button', { name: 'Accounts All accounts' });
  await picker.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemcheckbox')).toHaveCount(2);
  await menu.getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Instagram, @rosabakery' }).click();
  await expect(
    menu.getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Instagram, @rosabakery' }),
  ).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'accounts-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(onInstagram).toBeVisible();
  await expect(onPage).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accounts Instagram @rosabakery' })).toBeVisible();

  // Both accounts, chosen with the keyboard.
  await page.getByRole('button', { name: /^Accounts/ }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Facebook Page' }).focus();
  await page.keyboard.press('Space');
  await expect(
    menu.getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Facebook Page' }),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Accounts 2 accounts' })).toBeVisible();
  await expect(onPage).toBeVisible();
  await expect(onInstagram).toBeVisible();

  // On a phone: the list view, the picker still usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/calendar?view=list&date=${day}`);
  await page.getByRole('button', { name: 'Accounts All accounts' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'Rosa Bakery, Facebook Page' }).click();
  await shot(page, 'accounts-menu-phone');
  await page.keyboard.press('Escape');
  // A row of the list is named by its time, then its title.
  await expect(page.getByRole('button', { name: /Sourdough on the Page/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Croissants on Instagram/ })).toHaveCount(0);
  await shot(page, 'accounts-phone');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: 'Accounts All accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Croissants on Instagram/ })).toBeVisible();
});

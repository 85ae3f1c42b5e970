import fs from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// Analytics (docs/product/screens.md#analytics, docs/decisions/092 and 093) as a business uses
// it: the simulator's Page and Instagram account connected, with 60 days of posts and insights
// behind them (the simulator's insightsHistoryDays), and synced; the page
// shows the figures; the range and the account change them and stay in the address; a top
// post opens with its figures over time; the CSV of the cards holds the number on the page.

interface Overview {
  cards: Array<{ key: string; value: number | null }>;
}

async function signUpWithAccounts(page: Page) {
  const email = uniqueEmail('analytics');
  await simulatorControl(page, '/reset', { config: { insightsHistoryDays: 60 } });
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await connectRosaBakery(page);
}

/** Asks for a refresh of every account and waits until the followers and posts are stored. */
async function syncInsights(page: Page) {
  const queued = await page.request.post('/api/analytics/sync', { data: { account: 'all' } });
  expect(queued.status(), await queued.text()).toBe(202);
  await expect(async () => {
    const res = await page.request.get('/api/analytics/overview?account=all&range=28');
    expect(res.ok(), await res.text()).toBeTruthy();
    const overview = (await res.json()).data as Overview;
    expect(overview.cards.find((c) => c.key === 'followers')?.value ?? null).not.toBeNull();
    const posts = await page.request.get('/api/analytics/posts?account=all&range=28');
    expect(((await posts.json()).data as { total: number }).total).toBeGreaterThan(0);
  }).toPass({ timeout: 90_000 });
}

/** The value of a page's figure as a number ("1,520" → 1520). */
async function figure(page: Page, key: string): Promise<number> {
  const text = (await page.getByTestId(`metric-${key}`).first().textContent()) ?? '';
  return Number(text.replace(/[,%]/g, ''));
}

// The specs after this one find the simulator without past posts, as the server starts it.
test.afterEach(async ({ page }) => {
  await simulatorControl(page, '/reset');
});

test('the figures of the connected accounts: range, account, a post, and a CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpWithAccounts(page);
  await syncInsights(page);

  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const followers = page.getByTestId('metric-followers');
  await expect(followers).toHaveText(/^\d[\d,.]*$/);
  await expect(page.getByRole('region', { name: 'Followers', exact: true })).toBeVisible();
  await expect(page.getByText(/\(28 days\), compared with/)).toBeVisible();

  // The range: 7 days, kept in the address.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/range=7/);
  await expect(page.getByText(/\(7 days\), compared with/)).toBeVisible();

  // One account: the Instagram one.
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: /@rosabakery/ }).click();
  await expect(page).toHaveURL(/account=[0-9a-f-]{36}/);
  await expect(page.getByRole('button', { name: /^Account Instagram @rosabakery/ })).toBeVisible();
  await expect(followers).toHaveText(/^\d[\d,.]*$/);

  // A reload keeps both.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account Instagram @rosabakery/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A top post, with its figures since publishing.
  const posts = page.getByRole('table', { name: /Top posts/ });
  await expect(posts).toBeVisible();
  await posts
    .getByRole('button', { name: /^Details of/ })
    .first()
    .click();
  const drill = page.getByRole('dialog', { name: 'Post performance' });
  await expect(drill.getByText('Over time')).toBeVisible();
  await drill.getByRole('button', { name: 'Show as table' }).click();
  await expect(drill.getByRole('table')).toBeVisible();
  await drill.getByRole('button', { name: 'Close' }).click();
  await expect(drill).toBeHidden();

  // The cards' CSV holds the followers shown on the page.
  const shown = await figure(page, 'followers');
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Summary (the cards)' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split(/\r\n/);
  const columns = header!.split(',');
  const row = rows.find((r) => r.startsWith('Followers,'))!.split(',');
  expect(Number(row[columns.indexOf('Value')])).toBe(shown);
});

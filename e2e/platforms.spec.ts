import { expect, test, type Page } from './test.ts';
import { followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// Connecting accounts in demo mode: the app has no Meta app configured, so the Graph API
// simulator inside it plays Facebook. Connect a Page and its Instagram account through the
// consent page, see them healthy, expire the token in the simulator, see the warning, reconnect.
// The business has simulated Pages of its own (docs/decisions/057): their ids are read back.

async function signUp(page: Page) {
  const email = uniqueEmail('platforms');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
}

/** The simulated Page id of the connected Facebook Page. */
async function connectedPageId(page: Page): Promise<string> {
  const res = await page.request.get('/api/platforms/connections');
  const connections = (await res.json()).data as Array<{ platform: string; external_id: string }>;
  return connections.find((c) => c.platform === 'facebook')!.external_id;
}

function card(page: Page, name: string, kind: 'Facebook Page' | 'Instagram') {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .filter({ hasText: `· ${kind} ·` });
}

test('connect a simulated Facebook Page and its Instagram account, expire the token, reconnect', async ({
  page,
}) => {
  await simulatorControl(page, '/reset', {});
  await signUp(page);
  await page.goto('/dashboard/platforms');
  await expect(page.getByRole('heading', { name: 'Platforms', level: 1 })).toBeVisible();
  await expect(page.getByText('Demo mode: simulated Facebook and Instagram')).toBeVisible();
  await expect(page.getByText('No accounts connected yet')).toBeVisible();

  // The simulated Facebook consent page, then back to /dashboard/connect.
  await page.getByRole('button', { name: 'Connect Facebook' }).first().click();
  await expect(page.getByText('Simulated Facebook')).toBeVisible();
  await expect(page.getByText('instagram_content_publish')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard\/connect\?/);
  await expect(page.getByRole('heading', { name: 'Choose the accounts to connect' })).toBeVisible();
  await expect(page.getByText('Simulated accounts')).toBeVisible();
  await page.getByRole('checkbox', { name: /Rosa Catering/ }).uncheck();
  await page.getByRole('checkbox', { name: /Rosa Events/ }).uncheck();
  await page.getByRole('button', { name: 'Connect 2 accounts' }).click();

  await expect(page).toHaveURL(/\/dashboard\/platforms$/);
  const facebook = card(page, 'Rosa Bakery', 'Facebook Page');
  const instagram = card(page, 'Rosa Bakery', 'Instagram');
  await expect(facebook.getByLabel('Status: Healthy')).toBeVisible();
  await expect(instagram.getByLabel('Status: Healthy')).toBeVisible();
  await expect(instagram.getByText('@rosabakery')).toBeVisible();
  await expect(facebook.getByText('Simulated')).toBeVisible();
  await page.screenshot({ path: '/tmp/platforms-healthy.png', fullPage: true });

  // Access about to end: the warning with its fix.
  const pageId = await connectedPageId(page);
  await simulatorControl(page, '/tokens', {
    subjectId: pageId,
    action: 'expire_in',
    seconds: 3 * 86_400 - 60,
  });
  await facebook.getByRole('button', { name: 'Check now: Rosa Bakery' }).click();
  await expect(facebook.getByLabel('Status: Expiring in 3 days')).toBeVisible();
  await expect(
    facebook.getByText('Access ends in 3 days. Reconnect with Facebook to renew it.'),
  ).toBeVisible();

  // Expired: the warning on the page names the fix; reconnecting brings it back.
  await simulatorControl(page, '/tokens', { subjectId: pageId, action: 'expire' });
  await facebook.getByRole('button', { name: 'Check now: Rosa Bakery' }).click();
  await expect(facebook.getByLabel('Status: Expired')).toBeVisible();
  await expect(page.locator('#main-content').getByText('1 account needs attention')).toBeVisible();
  // The dashboard-wide notice: a count beside "Platforms" in the sidebar.
  await expect(
    page.getByRole('link', { name: 'Platforms 1 account needs attention' }),
  ).toBeVisible();
  await expect(
    facebook.getByText('Access has expired. Reconnect with Facebook to keep publishing.'),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/platforms-expired.png', fullPage: true });

  await facebook.getByRole('button', { name: 'Reconnect Rosa Bakery' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Choose the accounts to connect' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Rosa Catering/ }).uncheck();
  await page.getByRole('checkbox', { name: /Rosa Events/ }).uncheck();
  await page.getByRole('button', { name: 'Connect 2 accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/platforms$/);
  await expect(facebook.getByLabel('Status: Healthy')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rosa Bakery', exact: true })).toHaveCount(2);
});

test('a cancelled dialog and a reused link end on a clear message with a way back', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/dashboard/platforms');
  await page.getByRole('button', { name: 'Connect Instagram' }).first().click();
  await expect(page.getByText('Simulated Instagram')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/instagram-callback\?/);
  await expect(page.getByText('The connection did not go through')).toBeVisible();
  await expect(page.getByText('You cancelled the Instagram connection')).toBeVisible();
  await page.getByRole('link', { name: 'Back to platforms' }).click();
  await expect(page).toHaveURL(/\/dashboard\/platforms$/);

  await page.getByRole('button', { name: 'Connect Instagram' }).first().click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('rosa.studio')).toBeVisible();
  const spentUrl = page.url();
  await page.getByRole('button', { name: 'Connect 1 account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/platforms$/);
  await expect(card(page, 'Rosa Studio', 'Instagram').getByLabel('Status: Healthy')).toBeVisible();
  await page.goto(spentUrl);
  await expect(
    page.getByText('This connection link was already used. Please start the connection again.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
});

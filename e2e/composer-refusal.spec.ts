import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// A post to two accounts that one of them refuses, in demo mode (docs/decisions/087): the
// business's default platforms preselect both accounts of a new post; Instagram needs a photo
// or a video, the Page takes the text alone. The composer names the problem for Instagram only,
// stops "Schedule" and keeps what was typed; nothing is scheduled, and the server, asked the same
// in one request, refuses it as a whole.

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in next month (a new account's business zone is UTC): always in the future. */
function nextMonthDay(day: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

test('a post that one of its two accounts refuses is not scheduled, and the composer names that account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('refusal');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await connectRosaBakery(page);

  // Both platforms by default (settings): a new post starts with both accounts chosen.
  const profile = await page.request.patch('/api/business-profile', {
    data: { default_platforms: ['facebook', 'instagram'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const day = nextMonthDay(20);
  await page.goto(`/dashboard/calendar?date=${day}`);
  await page
    .locator(`[data-date="${day}"]`)
    .getByRole('button', { name: /^New post on/ })
    .click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer.getByRole('checkbox', { name: /^Rosa Bakery/ })).toBeChecked();
  await expect(composer.getByRole('checkbox', { name: /@rosabakery/ })).toBeChecked();

  const text = 'Rye bread is back on Saturday #bakery';
  await composer.getByLabel('Title').fill('Rye is back');
  await composer.getByLabel('Text').fill(text);
  await composer.getByLabel(/^Time/).fill('09:00');

  // Instagram's problem, named by account and rule; none for the Page.
  const checks = composer.getByRole('region', { name: 'Checks' });
  await expect(checks.locator('li[data-rule="media_required"]')).toHaveText(
    '@rosabakery · Media: Instagram needs at least one photo or video',
  );
  await expect(checks.locator('li[data-account="Rosa Bakery"]')).toHaveCount(0);

  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(checks.getByText('Schedule is stopped: fix this problem first.')).toBeVisible();
  await expect(checks).toBeFocused();
  // Still open, with everything typed.
  await expect(composer.getByLabel('Text')).toHaveValue(text);
  await expect(composer.getByLabel('Title')).toHaveValue('Rye is back');

  // Nothing was scheduled, or saved at all.
  const listed = async () =>
    ((await (await page.request.get('/api/calendar-events')).json()).data as unknown[]).length;
  expect(await listed()).toBe(0);

  // The server, asked the same in one request, refuses it as a whole, naming Instagram.
  const connections = (await (await page.request.get('/api/platforms/connections')).json())
    .data as Array<{ id: string; platform: string }>;
  const pageId = connections.find((c) => c.platform === 'facebook')!.id;
  const instagramId = connections.find((c) => c.platform === 'instagram')!.id;
  const refused = await page.request.post('/api/posts', {
    data: {
      post: { title: 'Rye is back', content: text, scheduled_for: `${day}T09:00:00.000Z` },
      targets: [
        { connection_id: pageId, format: 'post', media_ids: [] },
        { connection_id: instagramId, format: 'post', media_ids: [] },
      ],
      intent: 'schedule',
    },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as {
    error: string;
    metadata: { fieldErrors: Record<string, string> };
  };
  expect(body.error).toBe('Failed to schedule content');
  expect(body.metadata.fieldErrors).toEqual({
    'targets.1.media_ids': '@rosabakery: Instagram needs at least one photo or video',
  });
  expect(await listed()).toBe(0);

  // And the calendar shows nothing on that day.
  await page.keyboard.press('Escape');
  await page
    .getByRole('alertdialog', { name: 'Close without saving?' })
    .getByRole('button', { name: 'Close and keep them' })
    .click();
  await expect(composer).toBeHidden();
  await expect(
    page.locator(`[data-date="${day}"]`).getByRole('button', { name: /^Rye/ }),
  ).toHaveCount(0);
});

import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';

// The engine room (docs/product/screens.md#engine-room, docs/decisions/096) with the offline
// engine: a session drafts three posts, which land on the calendar once confirmed, and the
// session opens again by its address.

test('a session drafts three posts into the calendar and is reopened by its address', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('engine');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await connectRosaBakery(page);

  await page.goto('/dashboard/engine-room');
  await expect(page.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Draft 3 posts for Rosa Bakery next week');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/dashboard\/engine-room\/sessions\/[0-9a-f-]{36}$/);
  const sessionUrl = page.url();

  const card = page.getByRole('article', { name: 'Posts to add' });
  await expect(card.getByText('Waiting for you')).toBeVisible();
  await card.getByRole('button', { name: 'Add to calendar as drafts' }).click();
  await expect(card.getByText('Done')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open post 3 in the calendar' })).toBeVisible();

  // The three drafts are on the calendar, as AI content.
  const drafts = await page.request.get('/api/calendar-events?type=ai_generated&status=draft');
  expect(drafts.ok()).toBeTruthy();
  expect(((await drafts.json()).data as unknown[]).length).toBe(3);

  // The address opens the same session again, its card as it ended.
  await page.goto('/dashboard');
  await page.goto(sessionUrl);
  await expect(
    page
      .getByRole('list', { name: 'Conversation' })
      .getByText('Draft 3 posts for Rosa Bakery next week'),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Posts to add' }).getByText('Done')).toBeVisible();
});

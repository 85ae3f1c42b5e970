import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// The posting queue (decision 077) in demo mode: connect the simulated Page and its Instagram
// account, write two posts in the composer and add them to the Page's queue, see them in its
// first two posting times on the calendar's Queue view, move the second to the top, then remove
// one and see the other move up into the first time.

async function shot(page: Page, name: string) {
  if (process.env.QUEUE_SHOTS) await page.screenshot({ path: `/tmp/queue-${name}.png` });
}

/** The queued posts' rows: each a time and a post. */
const queuedRows = (page: Page) => page.locator('li', { has: page.getByTestId('queued-post') });

test('add two posts to the queue, move the second to the top, remove one and close the gap', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('queue');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await connectRosaBakery(page);

  const connections = (await (await page.request.get('/api/platforms/connections')).json())
    .data as Array<{ id: string; platform: string }>;
  const pageId = connections.find((c) => c.platform === 'facebook')!.id;

  // An empty queue first: the account's posting times, all free.
  await page.goto('/dashboard/calendar?view=queue');
  await expect(page.getByRole('button', { name: 'Queue', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('tab', { name: /Rosa Bakery/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Nothing queued yet.', { exact: false })).toBeVisible();
  const firstTime = await page.locator('ul > li > span').first().textContent();
  const secondTime = await page.locator('ul > li > span').nth(1).textContent();

  // Two posts written in the composer and added to the Page's queue.
  for (const title of ['Sourdough Saturday', 'Croissant Sunday']) {
    await page.getByRole('button', { name: 'New post' }).first().click();
    const composer = page.getByRole('dialog', { name: 'New post' });
    await composer.getByLabel('Text').fill(`${title} at Rosa Bakery #bakery`);
    await composer.getByLabel('Title').fill(title);
    await composer.getByRole('checkbox', { name: /^Rosa Bakery/ }).check();
    await composer.getByRole('button', { name: 'Add to queue' }).click();
    await expect(composer).toBeHidden();
    await expect(page.getByText('Added to the queue', { exact: true }).first()).toBeVisible();
  }
  const rows = queuedRows(page);
  await expect(rows).toHaveCount(2);
  // In the first two posting times, one after the other.
  await expect(rows.nth(0)).toContainText('Sourdough Saturday');
  await expect(rows.nth(0)).toContainText(firstTime!);
  await expect(rows.nth(1)).toContainText('Croissant Sunday');
  await expect(rows.nth(1)).toContainText(secondTime!);
  await expect(page.getByText('2 posts queued', { exact: false })).toBeVisible();
  await shot(page, 'two-queued');

  // The second to the top: it takes the first time, the first moves to the second.
  await page.getByRole('button', { name: 'More for “Croissant Sunday”' }).click();
  await page.getByRole('menuitem', { name: 'Move to top' }).click();
  await expect(rows.nth(0)).toContainText('Croissant Sunday');
  await expect(rows.nth(0)).toContainText(firstTime!);
  await expect(rows.nth(1)).toContainText('Sourdough Saturday');
  await expect(rows.nth(1)).toContainText(secondTime!);

  // Remove the one at the top: the other moves up into its time, and the gap is closed.
  await page.getByRole('button', { name: 'More for “Croissant Sunday”' }).click();
  await page.getByRole('menuitem', { name: 'Remove from queue' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Sourdough Saturday');
  await expect(rows.nth(0)).toContainText(firstTime!);
  await expect(page.locator('ul > li > span').nth(1)).toHaveText(secondTime!);
  await expect(page.getByText('1 post queued', { exact: false })).toBeVisible();
  await shot(page, 'gap-closed');

  // The removed post stays on the calendar as a draft.
  const queue = (await (await page.request.get('/api/queue')).json()).data as {
    accounts: Array<{ connection_id: string; timeline: Array<{ kind: string }> }>;
  };
  const timeline = queue.accounts.find((a) => a.connection_id === pageId)!.timeline;
  expect(timeline.slice(0, 2).map((e) => e.kind)).toEqual(['queued', 'empty']);
});

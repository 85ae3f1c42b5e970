import sharp from 'sharp';
import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';

// A campaign from brief to launch (docs/product/screens.md#campaigns, docs/decisions/095) with
// the offline planner: its Instagram post needs a photo; the launch is refused while the photo is
// missing, the photo is taken from the library, and the launch then schedules the post.

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a campaign from brief to launch: refused for a missing image, then accepted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('campaign');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await connectRosaBakery(page);

  // A photo in the library.
  await page.goto('/dashboard/media');
  const photo = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: '#c87828' },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('media-file-input')
    .setInputFiles([{ name: 'crust.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(page.getByTestId('upload-entry').filter({ hasText: 'crust.jpg' })).toHaveAttribute(
    'data-status',
    'done',
    { timeout: 20_000 },
  );

  // 1. The brief.
  await page.goto('/dashboard/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await page.getByRole('textbox', { name: 'Campaign name' }).fill('Sourdough week');
  await page.getByRole('textbox', { name: 'Goal' }).fill('More orders of our sourdough loaf');
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. Dates, the Instagram account, one post a week.
  await page.getByLabel('Starts on').fill(day(3));
  await page.getByLabel('Ends on').fill(day(9));
  await page.getByRole('checkbox', { name: '@rosabakery' }).check();
  await page.getByRole('checkbox', { name: 'Post', exact: true }).check();
  await page.getByRole('spinbutton', { name: 'Posts per week, per account' }).fill('1');
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. The offline plan.
  await page.getByRole('button', { name: 'Plan my posts' }).click();
  await expect(page.getByRole('button', { name: 'Plan again' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem').filter({ hasText: '@rosabakery' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. Media left out on purpose; 5. the launch is refused and says why.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByText('The campaign was not launched')).toBeVisible();
  const why = page.getByRole('list', { name: 'Why it was not launched' });
  await expect(why).toBeVisible();
  await why.getByRole('link', { name: 'Fix in Media' }).first().click();

  // The photo from the library fulfils the requirement.
  await page.getByRole('button', { name: 'Choose media' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choose from your library' });
  await picker.getByRole('list', { name: 'Library' }).getByRole('listitem').first().click();
  await picker.getByRole('button', { name: /^Use / }).click();
  await expect(page.getByRole('list', { name: 'Chosen media' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Launched: the campaign's page lists its post, scheduled, and the calendar has it.
  await expect(page.getByText('Ready to launch')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(page.getByRole('list', { name: 'Posts by date' })).toBeVisible({ timeout: 20_000 });
  const events = await page.request.get('/api/calendar-events?type=campaign&status=scheduled');
  expect(((await events.json()).data as unknown[]).length).toBeGreaterThan(0);
});

import sharp from 'sharp';
import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// An Instagram story end to end, in demo mode (the Graph API simulator plays Instagram): a 9:16
// photo, the Story format with its own preview and what it leaves out, published now through the
// simulator, and found there on the account's stories (docs/decisions/086).

test('publishes an Instagram story of one photo, without its text', async ({ page }) => {
  test.setTimeout(150_000);
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('stories');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);

  // The Page and its Instagram account.
  await connectRosaBakery(page);

  // A 9:16 photo: too tall for the feed, right for a story.
  await page.goto('/dashboard/media');
  const photo = await sharp({
    create: { width: 1080, height: 1920, channels: 3, background: '#c87828' },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('media-file-input')
    .setInputFiles([{ name: 'window.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(page.getByTestId('media-grid').locator('img')).toHaveCount(1, { timeout: 20_000 });

  await page.goto('/dashboard/calendar?compose=new');
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer).toBeVisible();
  const text = 'Today in the window #bakery';
  await composer.getByLabel('Text').fill(text);
  await composer.getByRole('checkbox', { name: /@rosabakery/ }).check();
  await composer.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from your library' });
  await picker.getByRole('button', { name: 'window.jpg' }).click();
  await picker.getByRole('button', { name: 'Use 1 item' }).click();
  await expect(picker).toBeHidden();
  const checks = composer.getByRole('region', { name: 'Checks' });
  // As a post the photo is too tall; as a story it is fine, and the text is said to stay behind.
  await expect(checks.locator('li[data-rule="media_instagram_feed"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await composer.getByRole('radio', { name: 'Story' }).check();
  await expect(checks.getByText(/every platform rule is met/)).toBeVisible();
  if (process.env.COMPOSER_SHOTS) await page.screenshot({ path: '/tmp/composer-story.png' });
  await expect(checks.locator('li[data-rule="story_text_not_published"]')).toHaveText(
    '@rosabakery · Text: Stories show no text: it stays on your calendar but is not published with the story',
  );
  const preview = composer.getByRole('article', {
    name: 'Instagram story preview for @rosabakery',
  });
  await expect(preview.getByTestId('story-frame')).toBeVisible();
  await expect(preview).not.toContainText(text);

  await composer.getByRole('button', { name: 'Publish now' }).click();
  await page
    .getByRole('alertdialog', { name: 'Publish now?' })
    .getByRole('button', { name: 'Publish now' })
    .click();
  await expect(composer).toBeHidden();
  const events = (await (await page.request.get('/api/calendar-events')).json()).data as Array<{
    id: string;
  }>;
  expect(events).toHaveLength(1);
  const id = events[0]!.id;
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/posts/${id}`)).json()).data as {
            status: string;
          }
        ).status,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe('published');
  const stored = (await (await page.request.get(`/api/posts/${id}`)).json()).data as {
    deliveries: Array<{ format: string; permalink: string | null }>;
  };
  expect(stored.deliveries).toEqual([
    expect.objectContaining({
      format: 'story',
      // The simulator's page of the story, on the app's origin (docs/decisions/058).
      permalink: expect.stringMatching(
        /^http:\/\/localhost:\d+\/simulator\/meta\/instagram\/stories\/rosabakery\/\d+\/$/,
      ),
    }),
  ]);
});

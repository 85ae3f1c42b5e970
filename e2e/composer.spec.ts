import sharp from 'sharp';
import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// The post composer end to end, in demo mode (the Graph API simulator plays Facebook and
// Instagram): connect a Page and its Instagram account, upload a photo, compose a post on the
// calendar with live counts, checks and previews, keep a typed draft across a reload, schedule
// it, reopen it in the composer, and publish it now through the simulator.

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in next month (a new account's business zone is UTC): always in the future. */
function nextMonthDay(day: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

async function image(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function shot(page: Page, name: string) {
  if (process.env.COMPOSER_SHOTS) await page.screenshot({ path: `/tmp/composer-${name}.png` });
}

test('compose, check, preview, keep a draft across a reload, schedule, reopen and publish now', async ({
  page,
}) => {
  test.setTimeout(180_000);
  if (process.env.COMPOSER_SHOTS) await page.setViewportSize({ width: 1366, height: 900 });
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('composer');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await connectRosaBakery(page);

  // A photo in the library.
  await page.goto('/dashboard/media');
  await page.getByTestId('media-file-input').setInputFiles([
    {
      name: 'croissants.jpg',
      mimeType: 'image/jpeg',
      buffer: await image(1080, 1350, '#c87828'),
    },
  ]);
  await expect(page.getByTestId('media-grid').locator('img')).toHaveCount(1, { timeout: 20_000 });

  // Open the composer from a day on the calendar.
  const day = nextMonthDay(14);
  await page.goto(`/dashboard/calendar?date=${day}`);
  await page
    .locator(`[data-date="${day}"]`)
    .getByRole('button', { name: /^New post on/ })
    .click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer).toBeVisible();
  await expect(page).toHaveURL(/compose=new/);
  await expect(composer.getByLabel('Date')).toHaveValue(day);

  const text = 'Warm croissants from 7am! #bakery #fresh @rosabakery';
  await composer.getByLabel('Text').fill(text);
  await composer.getByLabel('Title').fill('Croissant morning');
  await composer.getByLabel(/^Time/).fill('10:30');

  // Instagram chosen without media: its quota, and the problem named by account and rule.
  await composer.getByRole('checkbox', { name: /@rosabakery/ }).check();
  await expect(composer.getByText(/posts left \(rolling 24 hours\)/)).toBeVisible();
  await expect(composer.getByTestId('instagram-characters')).toHaveText(
    `${text.length} / 2,200 characters`,
  );
  await expect(composer.getByTestId('instagram-hashtags')).toHaveText('2 / 30 hashtags');
  const checks = composer.getByRole('region', { name: 'Checks' });
  const mediaProblem = checks.locator('li[data-rule="media_required"]');
  await shot(page, 'top');
  await expect(mediaProblem).toHaveText(
    '@rosabakery · Media: Instagram needs at least one photo or video',
  );
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(checks.getByText('Schedule is stopped: fix this problem first.')).toBeVisible();
  await expect(checks).toBeFocused();
  await shot(page, 'blocked');

  // Nothing typed is lost: a reload brings the composer back with the text.
  await page.reload();
  await expect(composer).toBeVisible();
  await expect(composer.getByText('Restored your unsaved changes')).toBeVisible();
  await expect(composer.getByLabel('Text')).toHaveValue(text);
  await expect(composer.getByRole('checkbox', { name: /@rosabakery/ })).toBeChecked();

  // The Page too, and the photo from the library.
  await composer.getByRole('checkbox', { name: /^Rosa Bakery/ }).check();
  await expect(composer.getByText('Facebook sets no daily limit')).toBeVisible();
  await composer.getByRole('button', { name: 'Choose from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from your library' });
  await picker.getByRole('button', { name: 'croissants.jpg' }).click();
  await shot(page, 'picker');
  await picker.getByRole('button', { name: 'Use 1 item' }).click();
  await expect(picker).toBeHidden();
  await expect(mediaProblem).toHaveCount(0);
  await expect(checks.getByText(/every platform rule is met/)).toBeVisible();

  // A second photo uploaded from the composer makes Instagram's post a carousel.
  await composer
    .getByTestId('composer-file-input')
    .setInputFiles([
      { name: 'table.jpg', mimeType: 'image/jpeg', buffer: await image(1080, 1080, '#2878c8') },
    ]);
  await expect(composer.getByTestId('attached-media')).toHaveCount(2, { timeout: 20_000 });
  await expect(composer.getByRole('radio', { name: 'Carousel' })).toBeChecked();
  await expect(composer.getByRole('radio', { name: 'Story' })).toBeEnabled();
  await expect(checks.getByText(/every platform rule is met/)).toBeVisible({ timeout: 20_000 });
  const instagramPreview = composer.getByRole('article', {
    name: 'Instagram preview for @rosabakery',
  });
  await composer.getByRole('tab', { name: '@rosabakery' }).click();
  await expect(instagramPreview.getByTestId('carousel-dots')).toBeVisible();
  await expect(instagramPreview).toContainText('Warm croissants from 7am!');
  await composer.getByLabel(/^First comment/).fill('Open 7–3, Tuesday to Sunday');
  await expect(instagramPreview.getByTestId('preview-first-comment')).toContainText(
    'Open 7–3, Tuesday to Sunday',
  );
  await shot(page, 'desktop');
  if (process.env.COMPOSER_SHOTS) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'desktop-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await composer.getByRole('tab', { name: 'Rosa Bakery' }).click();
  await expect(
    composer.getByRole('article', { name: 'Facebook preview for Rosa Bakery' }),
  ).toContainText('Warm croissants');
  await composer.getByRole('button', { name: 'Remove table.jpg' }).click();
  await expect(composer.getByTestId('attached-media')).toHaveCount(1);
  await expect(composer.getByRole('radio', { name: 'Post' })).toBeChecked();

  if (process.env.COMPOSER_SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'mobile-top');
    await composer.getByRole('region', { name: 'Checks' }).scrollIntoViewIfNeeded();
    await shot(page, 'mobile-checks');
    await composer.getByRole('complementary', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await shot(page, 'mobile-preview');
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // Schedule: it lands on the calendar at 10:30 on that day.
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(composer).toBeHidden();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();
  const chip = page
    .locator(`[data-date="${day}"]`)
    .getByRole('button', { name: /^Croissant morning, / });
  await expect(chip).toHaveAttribute('aria-label', /Scheduled/);
  const events = (await (await page.request.get('/api/calendar-events')).json()).data as Array<{
    id: string;
    status: string;
    scheduled_for: string;
  }>;
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    status: 'scheduled',
    scheduled_for: `${day}T10:30:00.000Z`,
  });
  const id = events[0]!.id;
  const stored = (await (await page.request.get(`/api/posts/${id}`)).json()).data as {
    deliveries: Array<{ platform: string; status: string; first_comment: string }>;
  };
  expect(stored.deliveries.map((t) => [t.platform, t.status]).sort()).toEqual([
    ['facebook', 'scheduled'],
    ['instagram', 'scheduled'],
  ]);
  expect(stored.deliveries[0]!.first_comment).toBe('Open 7–3, Tuesday to Sunday');

  // Reopen it: a post that can still change opens in the composer, with everything in place.
  await chip.click();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await expect(edit).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`compose=${id}`));
  await expect(edit.getByLabel('Text')).toHaveValue(text);
  await expect(edit.getByRole('checkbox', { name: /@rosabakery/ })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: /^Rosa Bakery/ })).toBeChecked();
  await expect(edit.getByTestId('attached-media')).toHaveCount(1);
  await expect(edit.getByLabel(/^Time/)).toHaveValue('10:30');

  // Publish now: asked once, then sent through the simulator.
  await edit.getByRole('button', { name: 'Publish now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish now?' });
  await expect(confirm).toContainText('Rosa Bakery');
  await shot(page, 'publish-confirm');
  await confirm.getByRole('button', { name: 'Publish now' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Publishing now')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/calendar-events/${id}`)).json()).data as {
            status: string;
          }
        ).status,
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('published');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Croissant morning, / }).first()).toHaveAttribute(
    'aria-label',
    /Published/,
  );

  // "View on Instagram" opens the simulator's page of the post, caption included (decision 058).
  await page
    .getByRole('button', { name: /^Croissant morning, / })
    .first()
    .click();
  const [post] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'View on Instagram' }).click(),
  ]);
  await expect(post).toHaveURL(/\/simulator\/meta\/instagram\/p\/[\w-]+\/$/);
  await expect(post.getByRole('main')).toContainText('Warm croissants from 7am! #bakery #fresh');
  await shot(post, 'simulated-instagram-post');
});

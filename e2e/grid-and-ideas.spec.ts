import sharp from 'sharp';
import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// The Instagram grid and the ideas tray of the calendar, end to end in demo mode
// (docs/decisions/078): a post published now and two scheduled show on the account's grid, the
// published one read from the platform (the simulator) below the planned ones; the two planned
// posts swap their times by keyboard; a draft without a date waits in the tray and, planned on a
// day, opens in the composer at that date.

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in next month (a new account's business zone is UTC): always in the future. */
function nextMonthDay(day: number): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}

async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1080, height: 1350, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

interface Saved {
  id: string;
  scheduled_for: string | null;
}

/** A post saved through /api/posts as the composer sends it (decision 087). */
async function savePost(page: Page, body: unknown): Promise<Saved> {
  const res = await page.request.post('/api/posts', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Saved }).data;
}

async function scheduledFor(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/api/posts/${id}`);
  return ((await res.json()) as { data: Saved }).data.scheduled_for!;
}

test('the grid shows published and planned posts, swaps two by keyboard, and an idea is planned on a day', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('grid');
  await register(page, { email, businessName: 'Rosa Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await connectRosaBakery(page);

  // Three photos in the library.
  await page.goto('/dashboard/media');
  await page.getByTestId('media-file-input').setInputFiles(
    await Promise.all(
      ['#c87828', '#2878c8', '#7a4f9a'].map(async (colour, i) => ({
        name: `loaf-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(colour),
      })),
    ),
  );
  await expect(page.getByTestId('media-grid').locator('img')).toHaveCount(3, { timeout: 30_000 });
  const media = (
    (await (await page.request.get('/api/media')).json()) as { data: { items: { id: string }[] } }
  ).data.items.map((m) => m.id);
  const accounts = (
    (await (await page.request.get('/api/platforms/connections')).json()) as {
      data: { id: string; platform: string }[];
    }
  ).data;
  const instagram = accounts.find((a) => a.platform === 'instagram')!.id;
  const to = (mediaId: string) => [
    { connection_id: instagram, format: 'post', media_ids: [mediaId] },
  ];

  // One post published now, two scheduled.
  const out = await savePost(page, {
    post: { title: 'Fresh out of the oven', content: 'Fresh out of the oven #bakery' },
    targets: to(media[0]!),
    intent: 'publish',
  });
  const early = await savePost(page, {
    post: {
      title: 'Rye on Tuesday',
      content: 'Rye on Tuesday',
      scheduled_for: `${nextMonthDay(10)}T09:00:00.000Z`,
    },
    targets: to(media[1]!),
    intent: 'schedule',
  });
  const late = await savePost(page, {
    post: {
      title: 'Buns on Friday',
      content: 'Buns on Friday',
      scheduled_for: `${nextMonthDay(13)}T16:30:00.000Z`,
    },
    targets: to(media[2]!),
    intent: 'schedule',
  });
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/calendar-events/${out.id}`)).json()) as {
            data: { status: string };
          }
        ).data.status,
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('published');

  // The grid: the planned posts, latest first, above the one Instagram shows.
  await page.goto('/dashboard/calendar?view=grid');
  await expect(page.getByRole('heading', { name: 'Instagram grid' })).toBeVisible();
  const grid = page.getByTestId('instagram-grid');
  const tiles = grid.getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.nth(0).getByRole('button').first()).toHaveAccessibleName(
    /^Buns on Friday, Scheduled for /,
  );
  await expect(tiles.nth(1).getByRole('button').first()).toHaveAccessibleName(
    /^Rye on Tuesday, Scheduled for /,
  );
  const published = tiles.nth(2).getByRole('link');
  await expect(published).toHaveAccessibleName(/^Published, .*“Fresh out of the oven #bakery”/);
  await expect(published).toHaveAttribute('href', /\/simulator\/meta\/instagram\/p\/[\w-]+\/$/);
  await expect(published.locator('img')).toHaveAttribute('src', /^\/api\/media\//);

  // Swap the two planned posts with the keyboard: Rye moves up the grid and goes out later.
  const move = page.getByRole('button', {
    name: /^Move “Rye on Tuesday” earlier in the grid: it goes out later, swapping times with “Buns on Friday”/,
  });
  await move.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Swapped “Rye on Tuesday” and “Buns on Friday”')).toBeVisible();
  await expect(tiles.nth(0).getByRole('button').first()).toHaveAccessibleName(
    /^Rye on Tuesday, Scheduled for /,
  );
  await expect(tiles.nth(1).getByRole('button').first()).toHaveAccessibleName(
    /^Buns on Friday, Scheduled for /,
  );
  expect(await scheduledFor(page, early.id)).toBe(late.scheduled_for);
  expect(await scheduledFor(page, late.id)).toBe(early.scheduled_for);
  // The published one stays where it was.
  await expect(tiles.nth(2).getByRole('link')).toHaveAccessibleName(/^Published/);

  // A draft without a date, written in the composer.
  await page.goto('/dashboard/calendar?view=month');
  await page.getByRole('button', { name: 'New post' }).first().click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await composer.getByLabel('Title').fill('Customer of the month');
  await composer.getByLabel('Text').fill('A story about our regulars');
  // No date and no time: a draft that waits for its day.
  await composer.getByLabel('Date').fill('');
  await composer.getByLabel(/^Time/).fill('');
  await composer.getByRole('button', { name: 'Save draft' }).click();
  await expect(composer).toBeHidden();

  // It waits in the tray; planned on a day, it opens in the composer at that date.
  await page.getByRole('button', { name: /^Open the ideas tray/ }).click();
  const tray = page.getByRole('complementary', { name: /Ideas/ });
  await expect(tray.getByText('Customer of the month')).toBeVisible();
  await expect(tray.getByText('Draft · no account yet')).toBeVisible();
  await tray.getByRole('button', { name: 'Plan “Customer of the month”…' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan “Customer of the month”' });
  const day = nextMonthDay(18);
  await plan.getByLabel('Date').fill(day);
  await plan.getByLabel(/^Time/).fill('11:30');
  await plan.getByRole('button', { name: 'Open in the composer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await expect(edit).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expect(edit.getByLabel('Date')).toHaveValue(day);
  await expect(edit.getByLabel(/^Time/)).toHaveValue('11:30');
  await expect(edit.getByLabel('Title')).toHaveValue('Customer of the month');
});

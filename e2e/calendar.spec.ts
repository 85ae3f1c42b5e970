import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// The content calendar end to end, in demo mode (the Graph API simulator plays Facebook): plan a
// post by clicking a day, continue in the composer to choose its account and schedule it, move
// it by dragging (and undo) and with the keyboard, edit it, and the private subscription link
// with its revocation.

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in next month (the business zone of a new account is UTC): always in the future. */
function nextMonthDay(day: number): { key: string; month: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const month = `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`;
  return { key: `${month}-${pad(day)}`, month };
}

const cell = (page: Page, key: string) => page.locator(`[data-date="${key}"]`);

async function shot(page: Page, name: string) {
  if (process.env.CALENDAR_SHOTS) await page.screenshot({ path: `/tmp/calendar-${name}.png` });
}

/** Signs up and connects the simulator's Page and its Instagram account. */
async function signUpWithAccounts(page: Page, label: string, businessName: string) {
  await simulatorControl(page, '/reset');
  const email = uniqueEmail(label);
  await register(page, { email, businessName });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  await connectRosaBakery(page);
}

test('plan a post on the calendar, move it, undo, edit it, and subscribe', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithAccounts(page, 'calendar', 'Harbour Bakery');

  const day15 = nextMonthDay(15);
  const day16 = nextMonthDay(16);
  const day17 = nextMonthDay(17);
  await page.goto(`/dashboard/calendar?date=${day15.key}`);
  await expect(page).toHaveTitle('Calendar - Soci Gen Dashboard');
  await expect(page.getByText('UTC', { exact: false }).first()).toBeVisible();

  // Create by clicking the day: a post opens in the composer; this one is planned in the quick
  // dialog first, then continues in the composer, where its account is chosen.
  await cell(page, day15.key)
    .getByRole('button', { name: /^New post on/ })
    .click();
  await page
    .getByRole('dialog', { name: 'New post' })
    .getByRole('button', { name: 'Add a note instead' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Post' }).check();
  await expect(dialog.getByLabel('Date')).toHaveValue(day15.key);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await shot(page, 'create-dialog');
  await dialog.getByLabel('Title').fill('Spring menu launch');
  await dialog.getByLabel('Content').fill('Fresh bread, new coffee; come by!');
  await dialog.getByRole('checkbox', { name: 'Facebook' }).check();
  await dialog.getByLabel('Time (UTC)').fill('10:30');
  // Nothing is scheduled without an account: scheduling goes on in the composer.
  await expect(dialog.getByRole('radio', { name: 'Schedule' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue in the composer' }).click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer.getByLabel('Title')).toHaveValue('Spring menu launch');
  await expect(composer.getByLabel('Text')).toHaveValue('Fresh bread, new coffee; come by!');
  await expect(composer.getByLabel('Date')).toHaveValue(day15.key);
  await expect(composer.getByLabel(/^Time/)).toHaveValue('10:30');
  // The Page, for the platform chosen in the quick dialog.
  await expect(composer.getByRole('checkbox', { name: /^Rosa Bakery/ })).toBeChecked();
  await expect(composer.getByRole('checkbox', { name: /@rosabakery/ })).not.toBeChecked();
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(composer).toBeHidden();

  const chip = () => page.getByRole('button', { name: /^Spring menu launch, / });
  await expect(
    cell(page, day15.key).getByRole('button', { name: /^Spring menu launch/ }),
  ).toBeVisible();
  await expect(chip()).toHaveAttribute('aria-label', /Scheduled, Post, Facebook/);
  await shot(page, 'month');

  // Drag to the next day, then undo from the toast.
  await chip().dragTo(cell(page, day16.key));
  await expect(
    cell(page, day16.key).getByRole('button', { name: /^Spring menu launch/ }),
  ).toBeVisible();
  await expect(page.getByText(/^Moved “Spring menu launch”/)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(
    cell(page, day15.key).getByRole('button', { name: /^Spring menu launch/ }),
  ).toBeVisible();
  await expect(page.getByText(/is back at/)).toBeVisible();

  // The keyboard way: Alt+→ moves it a day.
  await chip().focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(
    cell(page, day16.key).getByRole('button', { name: /^Spring menu launch/ }),
  ).toBeVisible();
  await expect(chip()).toBeFocused();

  // Open it, in the composer, and edit it; the time stays 10:30.
  await chip().click();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await expect(edit.getByLabel('Title')).toHaveValue('Spring menu launch');
  await expect(edit.getByLabel(/^Time/)).toHaveValue('10:30');
  await edit.getByLabel('Title').fill('Spring menu launch (updated)');
  await edit.getByLabel('Date').fill(day17.key);
  await edit.getByRole('button', { name: 'Schedule' }).click();
  await expect(edit).toBeHidden();
  await expect(
    cell(page, day17.key).getByRole('button', { name: /^Spring menu launch \(updated\)/ }),
  ).toBeVisible();

  // The week and list views show it too.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.goto(`/dashboard/calendar?view=week&date=${day17.key}`);
  await expect(
    page.locator(`[data-slot="${day17.key}T10"]`).getByRole('button', { name: /^Spring menu/ }),
  ).toBeVisible();
  await shot(page, 'week');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('button', { name: /Spring menu launch \(updated\)/ })).toBeVisible();

  // Subscribe: a private link, shown once, that calendar apps can read without a session.
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const feed = page.getByRole('dialog');
  await feed.getByRole('button', { name: 'Create my calendar link' }).click();
  const linkField = feed.getByLabel('Your private calendar link');
  await expect(linkField).toHaveValue(/\/api\/calendar-feeds\/.+\.ics$/);
  const firstUrl = await linkField.inputValue();
  await shot(page, 'feed');
  const ics = await page.request.get(firstUrl, { headers: { cookie: '' } });
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const body = (await ics.text()).replace(/\r\n /g, '');
  expect(body).toContain('SUMMARY:Spring menu launch (updated)');
  expect(body).toContain(`DTSTART:${day17.key.replace(/-/g, '')}T103000Z`);

  // A new link replaces the old one: the old one answers 404.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(feed.getByText('Your calendar link is on')).toBeVisible();
  await feed.getByRole('button', { name: 'Make a new link' }).click();
  await feed.getByRole('alertdialog').getByRole('button', { name: 'Make a new link' }).click();
  await expect(linkField).toHaveValue(/\.ics$/);
  const secondUrl = await linkField.inputValue();
  expect(secondUrl).not.toBe(firstUrl);
  expect((await page.request.get(firstUrl)).status()).toBe(404);
  expect((await page.request.get(secondUrl)).status()).toBe(200);

  // Turning it off ends the second link too.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await feed.getByRole('button', { name: 'Turn off' }).click();
  await expect(feed.getByRole('button', { name: 'Create my calendar link' })).toBeVisible();
  expect((await page.request.get(secondUrl)).status()).toBe(404);
});

test('the dashboard home lists the next posts and links them to the calendar', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpWithAccounts(page, 'home', 'Corner Café');
  const day = nextMonthDay(3);
  await page.goto(`/dashboard/calendar?date=${day.key}`);
  await cell(page, day.key)
    .getByRole('button', { name: /^New post on/ })
    .click();
  await page
    .getByRole('dialog', { name: 'New post' })
    .getByRole('button', { name: 'Add a note instead' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Post' }).check();
  await dialog.getByLabel('Title').fill('Coffee tasting');
  await dialog.getByLabel('Content').fill('Three roasts to try, on the house.');
  await dialog.getByRole('button', { name: 'Continue in the composer' }).click();
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer.getByLabel('Title')).toHaveValue('Coffee tasting');
  await composer.getByRole('checkbox', { name: /^Rosa Bakery/ }).check();
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(composer).toBeHidden();

  await page.goto('/dashboard');
  await expect(page.getByText('All clear: nothing failed.')).toBeVisible();
  await page.getByRole('link', { name: 'Coffee tasting' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar/);
  // A scheduled post opens in the composer.
  await expect(page.getByRole('dialog', { name: 'Edit post' }).getByLabel('Title')).toHaveValue(
    'Coffee tasting',
  );
  await shot(page, 'linked');

  if (process.env.CALENDAR_SHOTS) {
    const heading = page.getByRole('heading', { level: 1 });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/calendar?date=${day.key}`);
    await expect(page.getByRole('button', { name: /Coffee tasting/ })).toBeVisible();
    await shot(page, 'mobile-list');
    await page.goto(`/dashboard/calendar?view=month&date=${day.key}`);
    await expect(heading).toHaveText('Content calendar');
    await page.waitForTimeout(500);
    await shot(page, 'mobile-month');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByText('All clear: nothing failed.')).toBeVisible();
    await shot(page, 'home');
  }
});

import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';

// From a prompt to a scheduled `ai_generated` post, with the offline generator (no provider is
// configured in the browser tests): "Schedule" saves the variant as a draft at the time chosen and
// opens it in the calendar's composer, where its account is chosen and it is scheduled; checked
// through the calendar API, in the page's own list of AI content, and opened again from the
// variant's "Open in the composer" link.

async function signUp(page: Page, businessName: string) {
  const email = uniqueEmail('ai');
  await register(page, { email, businessName });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
}

function inputValueFor(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test('prompt → streamed variants → edit → schedule → on the calendar as ai_generated', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await simulatorControl(page, '/reset');
  await signUp(page, 'Rosa’s Bakery');
  // A Page to publish to (the simulator's), connected before scheduling.
  await connectRosaBakery(page);
  await page.goto('/dashboard/ai-content');
  await expect(page).toHaveTitle('AI Content - Soci Gen Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Content' })).toBeVisible();
  await expect(page.getByText('Offline generator').first()).toBeVisible();
  await expect(page.getByText('100 of 100 left')).toBeVisible();

  // The form is checked in the browser first; nothing is counted.
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Describe the post you want in a few words')).toBeVisible();

  await page
    .getByLabel('What should the post be about?')
    .fill('Announce our new pumpkin sourdough, available from Monday');
  await page.getByLabel('Tone').selectOption('playful');
  await page.getByLabel('Variants').selectOption('2');
  await page.getByRole('button', { name: 'Generate' }).click();

  const first = page.getByRole('region', { name: 'Variant 1' });
  const second = page.getByRole('region', { name: 'Variant 2' });
  await expect(first.getByText('Ready')).toBeVisible();
  await expect(second.getByText('Ready')).toBeVisible();
  await expect(page.getByText('98 of 100 left')).toBeVisible();

  const caption = first.getByLabel('Caption');
  await expect(caption).toHaveValue(/pumpkin sourdough/);
  await expect(first.getByText(/ \/ 2,200 characters/)).toBeVisible();
  await expect(first.getByText('Best times to post')).toBeVisible();
  await caption.fill(`${await caption.inputValue()} Fresh from the oven at 7am.`);

  const when = new Date(Date.now() + 2 * 86_400_000);
  when.setHours(10, 30, 0, 0);
  await first.getByLabel('Publish at (your time)').fill(inputValueFor(when));
  await first.getByRole('button', { name: 'Schedule' }).click();

  // The composer, on the variant's post: its text, marked AI-generated; an account is chosen
  // there, and it is scheduled.
  await expect(page).toHaveURL(/\/dashboard\/calendar\?compose=/);
  const composer = page.getByRole('dialog', { name: 'Edit post' });
  await expect(composer.getByText('AI-generated')).toBeVisible();
  await expect(composer.getByLabel('Text')).toHaveValue(/Fresh from the oven at 7am\./);
  await composer.getByRole('checkbox', { name: /^Rosa Bakery/ }).check();
  await composer.getByRole('button', { name: 'Schedule' }).click();
  await expect(composer).toBeHidden();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();

  // docs/product/services.md#calendar-events: the AI content list (events of type ai_generated).
  const list = await page.request.get('/api/calendar-events/ai-content');
  const events = (await list.json()).data as Array<Record<string, unknown>>;
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: 'ai_generated',
    status: 'scheduled',
    platforms: ['facebook'],
    scheduled_for: when.toISOString(),
  });
  expect(String(events[0]!['content'])).toContain('Fresh from the oven at 7am.');
  const upcoming = await page.request.get('/api/calendar-events/upcoming');
  expect(((await upcoming.json()).data as Array<{ id: string }>).map((e) => e.id)).toContain(
    events[0]!['id'],
  );
  await page.goto('/dashboard/ai-content');
  await expect(page.getByRole('list', { name: 'AI content' }).getByText('Scheduled')).toBeVisible();
  await expect(first.getByText('Scheduled', { exact: true })).toBeVisible();

  // "Open in the composer" opens the scheduled post in the calendar's composer.
  await first.getByRole('link', { name: 'Open in the composer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(String(events[0]!['title']));
  await expect(dialog.getByText(/AI-generated/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/ai-content');

  // The prompt is in the history, and can be reused.
  await page.getByLabel('What should the post be about?').fill('');
  await page.getByLabel('Search prompts').fill('pumpkin');
  await page.getByRole('button', { name: /Reuse the prompt “Announce our new pumpkin/ }).click();
  await expect(page.getByLabel('What should the post be about?')).toHaveValue(
    'Announce our new pumpkin sourdough, available from Monday',
  );
  await expect(page.getByLabel('Tone')).toHaveValue('playful');
});

test('five variants and one regenerated count against the allowance; English only offline', async ({
  page,
}) => {
  await signUp(page, 'Harbour Yoga');
  await page.goto('/dashboard/ai-content');
  await page.getByLabel('What should the post be about?').fill('Sunrise yoga on the beach');
  await page.getByLabel('Language').selectOption('en');
  await expect(page.getByRole('option', { name: 'Spanish' })).toBeDisabled();
  await page.getByLabel('Variants').selectOption('5');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('region', { name: 'Variant 5' }).getByText('Ready')).toBeVisible();
  await expect(page.getByText('95 of 100 left')).toBeVisible();
  // Regenerating one variant streams into its card and counts one generation.
  await page
    .getByRole('region', { name: 'Variant 2' })
    .getByRole('button', { name: 'Regenerate' })
    .click();
  await expect(page.getByRole('region', { name: 'Variant 2' }).getByText('Ready')).toBeVisible();
  await expect(page.getByText('94 of 100 left')).toBeVisible();
  await expect(page.getByLabel('What should the post be about?')).toHaveValue(
    'Sunrise yoga on the beach',
  );
});

test('variants are still shown after a reload, and any generation opens from the history', async ({
  page,
}) => {
  await signUp(page, 'Casa Lola');
  await page.goto('/dashboard/ai-content');
  await expect(page.getByText('Your variants appear here')).toBeVisible();

  // The prompt of the review that found "6 euros a! ✨".
  const prompt = 'Happy hour every Friday, glasses of wine 6 euros a';
  await page.getByLabel('What should the post be about?').fill(prompt);
  await page.getByLabel('Variants').selectOption('2');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const first = page.getByRole('region', { name: 'Variant 1' });
  const second = page.getByRole('region', { name: 'Variant 2' });
  await expect(second.getByText('Ready')).toBeVisible();
  const written = [
    await first.getByLabel('Caption').inputValue(),
    await second.getByLabel('Caption').inputValue(),
  ];
  for (const caption of written) {
    expect(caption).toContain('6 euros');
    expect(caption).not.toMatch(/\b(a|an|the)\s*[.!?,]/);
  }
  await expect(first.getByRole('button', { name: '#HappyHour, included' })).toBeVisible();

  // What used the allowance is there again after a reload, counted once.
  await page.reload();
  await expect(second.getByText('Ready')).toBeVisible();
  await expect(first.getByLabel('Caption')).toHaveValue(written[0]!);
  await expect(second.getByLabel('Caption')).toHaveValue(written[1]!);
  await expect(page.getByText('98 of 100 left')).toBeVisible();
  await expect(page.getByText('2 variants for')).toBeVisible();

  // A new generation replaces the cards; the earlier one opens again from the history.
  await page
    .getByLabel('What should the post be about?')
    .fill('Our aged Manchego tasting night on Thursday');
  await page.getByLabel('Variants').selectOption('1');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(first.getByLabel('Caption')).toHaveValue(/Manchego tasting night/);
  await expect(second).toHaveCount(0);
  await page.getByRole('button', { name: `Open “${prompt}”` }).click();
  await expect(first.getByLabel('Caption')).toHaveValue(written[0]!);
  await expect(second.getByLabel('Caption')).toHaveValue(written[1]!);
  await expect(page.getByText('97 of 100 left')).toBeVisible();
});

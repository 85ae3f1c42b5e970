import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';
import { accountsOf, publishOnPage, waitForContacts } from './accounts.ts';

// The audience (docs/product/screens.md#audience, docs/decisions/097): people who write to the
// business become contacts, and a segment built from rules shows its live count and sample.

test('people who write become contacts, and a segment of them has a live count', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('audience');
  await simulatorControl(page, '/reset');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await connectRosaBakery(page);

  // Two people comment on a post of the Page: Marta twice, Tom once.
  const accounts = await accountsOf(page);
  const postId = await publishOnPage(page, accounts.facebook.id);
  const marta = { id: '5100000000000101', name: 'Marta Ruiz' };
  const tom = { id: '5100000000000102', name: 'Tom Baker' };
  for (const [from, text] of [
    [marta, 'Do you bake gluten-free loaves?'],
    [marta, 'And on Sundays?'],
    [tom, 'Looks delicious'],
  ] as const) {
    await simulatorControl(page, '/inbox/comments', { objectId: postId, text, from });
  }

  // The contacts, once the inbox has the conversations.
  await waitForContacts(page, ['Marta Ruiz', 'Tom Baker']);

  // A segment: the count follows the rule as it is built.
  await page.getByRole('link', { name: 'New segment' }).first().click();
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  await page.getByRole('combobox', { name: 'Rule 1 field' }).selectOption({ label: 'Platform' });
  await page.getByRole('combobox', { name: 'Rule 1 value' }).selectOption('facebook');
  const matching = page.getByRole('complementary', { name: 'Matching contacts' });
  await expect(matching.getByRole('status')).toHaveText('2 contacts');
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  await page
    .getByRole('combobox', { name: 'Rule 2 field' })
    .selectOption({ label: 'Interactions' });
  await page.getByRole('combobox', { name: 'Rule 2 operator' }).selectOption('gte');
  await page.getByRole('spinbutton', { name: 'Rule 2 value' }).fill('2');
  await expect(matching.getByRole('status')).toHaveText('1 contact');
  await expect(
    matching.getByRole('list', { name: 'Sample of matching contacts' }).getByText('Marta Ruiz'),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Segment name' }).fill('Regulars');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audience\/segments\/[0-9a-f-]{36}$/);
  const saved = (await (await page.request.get('/api/audience/segments')).json()).data as Array<{
    name: string;
    count: number;
  }>;
  expect(saved.find((s) => s.name === 'Regulars')?.count).toBe(1);
});

test('a CSV file of contacts is previewed, its invalid rows skipped, and imported', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('import');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();

  await page.goto('/dashboard/audience');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
  const csv = [
    'Full name,Email address,Phone,Tags,City,Newsletter consent,Consent source',
    'Marta Ruiz,marta@example.com,+34 600 000 000,regular; gluten-free,Madrid,yes,Shop counter',
    'Tom Baker,tom@example.com,,,Leeds,no,',
    'Nobody,not-an-address,,,,,',
  ].join('\r\n');
  await dialog.getByLabel('Choose a CSV file').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const preview = dialog.getByRole('table', { name: 'Preview' });
  await expect(preview.getByText('Marta Ruiz')).toBeVisible();
  await expect(preview.getByText('Email address: Not a valid e-mail address')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Column Email address' })).toHaveValue('email');
  const importButton = dialog.getByRole('button', { name: 'Import 2 contacts' });
  await expect(importButton).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Skip the 1 invalid row' }).check();
  await importButton.click();
  await expect(dialog.getByText('Contacts imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByText('Marta Ruiz')).toBeVisible();
  await expect(table.getByText('Tom Baker')).toBeVisible();
  await expect(table.getByText('gluten-free')).toBeVisible();
});

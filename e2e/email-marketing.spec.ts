import { expect, test, type Page } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';
import { accountsOf, publishOnPage, waitForContacts } from './accounts.ts';
import { buyPremiumWithAddon } from './stripe.ts';
import { seriousViolations } from './axe.ts';

// The e-mail marketing add-on (docs/decisions/100): a business with the Email add-on writes an
// e-mail for a segment of the people who commented, sends itself a test and then the e-mail;
// a contact follows the unsubscribe link of the message in the development mailbox — the page
// asks first, the button unsubscribes — and the e-mail's figures and the suppression list show it.

/** Gives a contact an address and consent on its page. */
async function giveAddress(page: Page, name: string, email: string) {
  await page.goto('/dashboard/audience');
  await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name }).click();
  const form = page.getByRole('form', { name: 'Contact details' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('checkbox', { name: 'Agreed to hear from the business' }).check();
  await form.getByRole('textbox', { name: /Where they agreed/ }).fill('At the counter');
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Contact saved')).toBeVisible();
}

test('an e-mail goes to a segment, and a contact unsubscribes from the message', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = uniqueEmail('email-owner');
  await simulatorControl(page, '/reset');
  await register(page, { email: owner, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, owner, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();

  // Without the add-on, the tab offers it rather than a dead end.
  await page.goto('/dashboard/audience?tab=emails');
  await expect(page.getByRole('link', { name: 'Add Email marketing' })).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
  await buyPremiumWithAddon(page, 'Email marketing');

  // Two people comment on a post of the Page and become contacts with an address and consent.
  await connectRosaBakery(page);
  const accounts = await accountsOf(page);
  const postId = await publishOnPage(page, accounts.facebook.id);
  const marta = { id: '5100000000000201', name: 'Marta Ruiz', email: uniqueEmail('marta') };
  const tom = { id: '5100000000000202', name: 'Tom Baker', email: uniqueEmail('tom') };
  for (const person of [marta, tom]) {
    await simulatorControl(page, '/inbox/comments', {
      objectId: postId,
      text: 'Lovely bread',
      from: { id: person.id, name: person.name },
    });
  }
  await waitForContacts(page, [marta.name, tom.name]);
  for (const person of [marta, tom]) await giveAddress(page, person.name, person.email);
  const segment = await page.request.post('/api/audience/segments', {
    data: {
      name: 'Commenters',
      rule: { op: 'and', children: [{ field: 'platform', operator: 'is', value: 'facebook' }] },
    },
  });
  expect(segment.ok(), await segment.text()).toBeTruthy();

  // The e-mail: the reach of the segment, a merge field, the server's preview.
  await page.goto('/dashboard/audience?tab=emails');
  await page.getByRole('link', { name: 'New e-mail' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/audience\/emails\/new$/);
  const form = page.getByRole('form', { name: 'E-mail' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Spring news');
  await form
    .getByRole('combobox', { name: 'Segment' })
    .selectOption({ label: 'Commenters (2 contacts)' });
  await expect(
    form.getByText(
      '2 of 2 contacts have an e-mail address and consent; 0 are on the suppression list. It goes to 2 people.',
    ),
  ).toBeVisible();
  await form.getByRole('textbox', { name: /^Subject/ }).fill('Spring loaves are here');
  const body = form.getByRole('textbox', { name: /^Body/ });
  await body.fill('Hello ');
  await form.getByRole('button', { name: /Insert first name/ }).click();
  await body.press('End');
  await body.pressSequentially(',\n\nOur spring loaves are in the shop from Saturday.');
  await expect(body).toHaveValue(
    'Hello {{firstName|there}},\n\nOur spring loaves are in the shop from Saturday.',
  );
  const preview = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.getByText(/Our spring loaves are in the shop/)).toBeVisible();

  expect(await seriousViolations(page, 'the e-mail editor')).toEqual([]);

  // A test to the owner, then the e-mail itself after the question that says whom it reaches.
  await form.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(`Test sent to ${owner}`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/audience\/emails\/[0-9a-f-]{36}$/);
  const emailUrl = new URL(page.url()).pathname;
  await page
    .getByRole('form', { name: 'E-mail' })
    .getByRole('button', { name: 'Send now' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Send this e-mail now to 2 people?' });
  await ask.getByRole('button', { name: 'Send now' }).click();
  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(figures).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  const figure = (label: string) => figures.locator('dt', { hasText: label }).locator('+ dd');
  await expect(figure('Sent').first()).toHaveText('2', { timeout: 60_000 });

  expect(await seriousViolations(page, 'a sent e-mail')).toEqual([]);

  // Marta's message: its unsubscribe page asks first and does nothing by itself.
  await followEmailLink(page, marta.email, '/email/unsubscribe/');
  await expect(page).toHaveURL(/\/email\/unsubscribe\//);
  const suppressed = async () =>
    (
      (await (await page.request.get('/api/audience/suppressions')).json()).data as {
        items: Array<{ email: string }>;
      }
    ).items.map((s) => s.email);
  expect(await suppressed()).not.toContain(marta.email);
  await page.getByRole('button').first().click();
  await expect(page.getByText(/unsubscribed/i).first()).toBeVisible();
  expect(await suppressed()).toContain(marta.email);

  // Back in the app: the e-mail counts one unsubscribe, and the address is on the list.
  await page.goto(emailUrl);
  await expect(figure('Unsubscribed')).toHaveText('1');
  await page.goto('/dashboard/audience/emails/suppressions');
  const list = page.getByRole('list', { name: 'Suppression list' });
  const entry = list.getByRole('listitem').filter({ hasText: marta.email });
  await expect(entry.getByText('Unsubscribed')).toBeVisible();
  await expect(list.getByText(tom.email)).toHaveCount(0);
  expect(await seriousViolations(page, 'the suppression list')).toEqual([]);
});

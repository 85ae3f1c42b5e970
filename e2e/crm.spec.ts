import { expect, test } from './test.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { simulatorControl } from './simulator.ts';
import { accountsOf, publishOnPage, waitForContacts } from './accounts.ts';
import { buyPremiumWithAddon } from './stripe.ts';

// The CRM add-on (docs/decisions/099-crm.md): a business that bought it through the Stripe
// simulator's checkout moves a contact made from its inbox across the board by drag and drop, the
// move survives a reload, and a note added on the contact's page shows on its timeline.

// Tall enough for the board's columns to show whole below the page's panels.
test.use({ viewport: { width: 1280, height: 1400 } });

test('a contact moves across the CRM board and a note shows on its timeline', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('crm');
  await simulatorControl(page, '/reset');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();

  // Without the add-on the board offers it.
  await page.goto('/dashboard/audience?tab=board');
  await expect(page.getByText('The board comes with the CRM add-on')).toBeVisible();

  await connectRosaBakery(page);
  const accounts = await accountsOf(page);
  const postId = await publishOnPage(page, accounts.facebook.id);
  const marta = { id: '5100000000000201', name: 'Marta Ruiz' };
  const tom = { id: '5100000000000202', name: 'Tom Baker' };
  for (const [from, text] of [
    [marta, 'Do you make wedding cakes?'],
    [tom, 'Looks delicious'],
  ] as const) {
    await simulatorControl(page, '/inbox/comments', { objectId: postId, text, from });
  }

  const table = await waitForContacts(page, ['Marta Ruiz', 'Tom Baker']);

  // Her page offers the add-on in place of notes, owner and timeline.
  await table.getByRole('link', { name: 'Marta Ruiz' }).click();
  await expect(page.getByText('Notes, owners and a timeline come with CRM')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Stage' })).toBeDisabled();

  await buyPremiumWithAddon(page, 'CRM');

  // The board: both are new; Marta is dragged to Customer.
  await page.goto('/dashboard/audience?tab=board');
  await expect(page).toHaveURL(/tab=board/);
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const martaCard = page.getByTestId('board-card').filter({ hasText: 'Marta Ruiz' });
  await expect(column('New').getByTestId('board-card')).toHaveCount(2);
  // Both cards and the target column in view, so the drag scrolls nothing between press and move.
  await column('New').scrollIntoViewIfNeeded();
  await martaCard.dragTo(column('Customer'));
  await expect(column('Customer').getByTestId('board-card')).toHaveText(/Marta Ruiz/);
  await expect(page.getByText('Marta Ruiz moved to Customer')).toBeVisible();
  await page.reload();
  await expect(column('Customer').getByTestId('board-card')).toHaveText(/Marta Ruiz/);
  await expect(column('New').getByTestId('board-card')).toHaveCount(1);
  await expect(column('Customer').getByLabel('1 contact', { exact: true })).toBeVisible();

  // Her page: a note, then the timeline has the note, the move and her comment.
  await martaCard.getByRole('link', { name: 'Marta Ruiz' }).click();
  await expect(page.getByRole('heading', { name: 'Marta Ruiz', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'New note' }).fill('Wedding in June, wants a tasting');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText(
    'Wedding in June, wants a tasting',
  );
  await expect(timeline).toContainText('moved them from New to Customer');
  await expect(timeline).toContainText('Do you make wedding cakes?');
});

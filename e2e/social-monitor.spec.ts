import { expect, test, type Page } from './test.ts';
import {
  PASSWORD,
  connectRosaBakery,
  followEmailLink,
  openMailbox,
  register,
  uniqueEmail,
} from './helpers.ts';
import { simulatorControl } from './simulator.ts';
import { accountsOf, publishOnPage } from './accounts.ts';

// The social monitor (docs/product/screens.md#social-monitor, docs/decisions/091) as a business
// uses it: a follower's comment arrives while the page is open and is answered; a comment is
// hidden and shown again; a message inside the 24-hour window is answered, one outside it is
// refused with the reason; a thread assigned to a staff member is theirs on their screen.
//
// A follower writing is driven through the simulator's control API (docs/decisions/057,
// src/simulators/meta-graph/inbox-control.ts): the simulator stores the comment or message as
// Meta would and delivers its signed webhook to the app.

const follower = {
  /** A follower comments on a Facebook post or an Instagram medium (its platform id). */
  comment: (page: Page, input: { objectId: string; name: string; text: string }) =>
    simulatorControl(page, '/inbox/comments', {
      objectId: input.objectId,
      text: input.text,
      from: { name: input.name },
    }),
  /** A follower writes to a Page or an Instagram account (its platform id). */
  message: (page: Page, input: { accountId: string; name: string; text: string }) =>
    simulatorControl(page, '/inbox/messages', {
      accountId: input.accountId,
      text: input.text,
      from: { name: input.name },
    }),
  /** The same, written `hours` ago by the platform's clock. */
  async messageAgo(
    page: Page,
    hours: number,
    input: { accountId: string; name: string; text: string },
  ) {
    await simulatorControl(page, '/clock', { advanceSeconds: -hours * 3600 });
    try {
      await follower.message(page, input);
    } finally {
      await simulatorControl(page, '/clock', { advanceSeconds: hours * 3600 });
    }
  },
};

async function signUpWithAccounts(page: Page, email: string) {
  await simulatorControl(page, '/reset');
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
  await connectRosaBakery(page);
}

async function openMonitor(page: Page, query = '') {
  await page.goto(`/dashboard/social-monitor${query}`);
  await expect(page.getByRole('heading', { name: 'Social Monitor', level: 1 })).toBeVisible();
}

const threads = (page: Page) => page.getByRole('list', { name: 'Threads' });

test('a comment arrives while the page is open, is answered, hidden and shown again', async ({
  page,
}) => {
  test.slow();
  await signUpWithAccounts(page, uniqueEmail('monitor'));
  const { facebook } = await accountsOf(page);
  const postId = await publishOnPage(page, facebook.id);
  await openMonitor(page);
  await expect(page.getByText('No comments to answer')).toBeVisible();

  // Live: no reload.
  await follower.comment(page, {
    objectId: postId,
    name: 'Maya Lopez',
    text: 'Do you have gluten-free sourdough on Saturdays?',
  });
  const row = threads(page).getByRole('button', { name: /Maya Lopez/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Needs reply');
  await expect(
    page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: /Social Monitor/ }),
  ).toContainText(/\d/);

  await row.click();
  const comment = page.getByRole('article', { name: 'Comment by Maya Lopez' });
  await expect(comment).toContainText('gluten-free sourdough');
  await page
    .getByRole('textbox', { name: 'Reply to Maya Lopez' })
    .fill('Yes, every Saturday from 8!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const reply = page.getByRole('list', { name: 'Replies to Maya Lopez' });
  await expect(reply).toContainText('Yes, every Saturday from 8!');
  await expect(reply).toContainText('Replied by');
  await expect(reply).not.toContainText('Sending…');
  await expect(row).not.toContainText('Needs reply');

  // Hide, then unhide: the comment says so, and the simulator agrees after a reload.
  await comment.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(comment.getByText('Hidden', { exact: true })).toBeVisible();
  await page.reload();
  await expect(comment.getByRole('button', { name: 'Unhide', exact: true })).toBeVisible();
  await comment.getByRole('button', { name: 'Unhide', exact: true }).click();
  await expect(comment.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  await expect(comment.getByText('Hidden', { exact: true })).toHaveCount(0);

  // A Facebook comment can be liked from here.
  await comment.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(comment.getByText('Liked', { exact: true })).toBeVisible();

  // Done takes it off the open list.
  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('a message inside the 24-hour window is answered; one outside it is refused with the reason', async ({
  page,
}) => {
  test.slow();
  await signUpWithAccounts(page, uniqueEmail('messages'));
  const { facebook, instagram } = await accountsOf(page);
  await follower.message(page, {
    accountId: instagram.external_id,
    name: 'Sofia Rossi',
    text: 'Is the café open on Sunday?',
  });
  await follower.messageAgo(page, 30, {
    accountId: facebook.external_id,
    name: 'Tom Becker',
    text: 'Do you deliver?',
  });
  await openMonitor(page, '?tab=messages');

  // A conversation is found by what the person wrote (the platform may not give their name).
  await threads(page)
    .getByRole('button', { name: /Is the café open on Sunday/ })
    .click();
  await expect(page.getByText(/Reply window: \d+ h/)).toBeVisible();
  const box = page.getByRole('textbox', { name: /^Message to/ });
  await box.fill('Yes, from 9 to 13!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('Yes, from 9 to 13!');
  await expect(messages).toContainText('Delivered');

  // Over Instagram's 1,000 bytes: refused before sending, the text kept.
  await box.fill('€'.repeat(400));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Instagram takes up to 1,000 bytes');
  await expect(box).toHaveValue('€'.repeat(400));

  await threads(page)
    .getByRole('button', { name: /Do you deliver/ })
    .click();
  await expect(page.getByText('The reply window has closed')).toBeVisible();
  await expect(page.getByText(/only within 24 hours of the person’s last message/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Message to/ })).toHaveCount(0);

  // On a phone: the list, then the thread alone with a way back, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await openMonitor(page, '?tab=messages');
  await expect(threads(page)).toBeVisible();
  // Its preview is the last message now: the answer.
  await threads(page)
    .getByRole('button', { name: /Yes, from 9 to 13/ })
    .click();
  await expect(threads(page)).toBeHidden();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Yes, from 9 to 13!');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(threads(page)).toBeVisible();
});

test('a thread assigned to a staff member is theirs on their screen', async ({ browser }) => {
  test.slow();
  const ownerContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const staff = await staffContext.newPage();
  const staffEmail = uniqueEmail('inbox-staff');
  await signUpWithAccounts(owner, uniqueEmail('inbox-owner'));

  // The owner invites Sam as staff; Sam registers from the invitation and joins.
  await owner.goto('/dashboard/staff');
  await owner.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('E-mail address').fill(staffEmail);
  await dialog.getByLabel(/^Staff/).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${staffEmail}.`)).toBeVisible();
  await openMailbox(staff);
  await staff
    .getByRole('button', { name: /invited you to/ })
    .filter({ hasText: staffEmail })
    .first()
    .click();
  await staff
    .getByRole('link', { name: /\/accept-invitation\// })
    .first()
    .click();
  await staff.getByRole('link', { name: 'Create an account' }).click();
  await staff.getByLabel('Your name').fill('Sam Lee');
  await staff.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await staff.getByRole('button', { name: 'Create account and join' }).click();
  await expect(staff.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await followEmailLink(staff, staffEmail, '/api/auth/confirm');
  await staff.getByRole('button', { name: 'Join Rosa’s Bakery' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);

  const { facebook } = await accountsOf(owner);
  await follower.comment(owner, {
    objectId: await publishOnPage(owner, facebook.id),
    name: 'Lina Haddad',
    text: 'Can I order a birthday cake for 12 people?',
  });
  await openMonitor(owner);
  await threads(owner)
    .getByRole('button', { name: /Lina Haddad/ })
    .click();
  await owner.getByRole('button', { name: 'Assign', exact: true }).click();
  await owner.getByRole('menuitem', { name: /Sam Lee/ }).click();
  await expect(owner.getByRole('button', { name: 'Sam Lee', exact: true })).toBeVisible();
  await expect(threads(owner).getByRole('button', { name: /Lina Haddad/ })).toContainText(
    'Sam Lee',
  );

  // Sam: the bell says so, and "Mine" lists it.
  await openMonitor(staff);
  await expect(staff.getByRole('button', { name: /Your assignments 1/ })).toBeVisible();
  await staff
    .getByRole('group', { name: 'Quick filters' })
    .getByRole('button', { name: /Mine/ })
    .click();
  await expect(threads(staff).getByRole('listitem')).toHaveCount(1);
  await threads(staff)
    .getByRole('button', { name: /Lina Haddad/ })
    .click();
  await expect(staff.getByRole('button', { name: 'Assigned to you', exact: true })).toBeVisible();
  await staff.getByRole('textbox', { name: 'Reply to Lina Haddad' }).fill('Of course! Which day?');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByRole('list', { name: 'Replies to Lina Haddad' })).toContainText(
    'Replied by Sam Lee',
  );

  await ownerContext.close();
  await staffContext.close();
});

import { expect, test, type Page } from './test.ts';
import { PASSWORD, followEmailLink, openMailbox, register, uniqueEmail } from './helpers.ts';

// Issue 3 item 4: invite a staff member, accept in a second browser context, act as staff. A
// person without an account registers from the invitation and joins with no business of their
// own (docs/decisions/035).

async function signUpAndConfirm(page: Page, email: string, businessName: string) {
  await register(page, { email, businessName });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page.getByText('Your email is confirmed. Welcome to Soci Gen!')).toBeVisible();
}

/** Opens the invitation e-mail to `email` in the development mailbox and follows its link. */
async function openInvitation(page: Page, email: string) {
  await openMailbox(page);
  await page
    .getByRole('button', { name: /invited you to/ })
    .filter({ hasText: email })
    .first()
    .click();
  await page
    .getByRole('link', { name: /\/accept-invitation\// })
    .first()
    .click();
}

/** Invites `email` with `role` from the owner's staff page. */
async function invite(owner: Page, email: string, role: RegExp = /^Staff/) {
  await owner.goto('/dashboard/staff');
  await owner.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel(role).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
}

test('an owner invites staff, who registers from the invitation, joins without a business of their own and works in the owner’s', async ({
  browser,
}) => {
  // Two people's whole first hour, in two browsers.
  test.slow();
  const ownerContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const staff = await staffContext.newPage();
  const ownerEmail = uniqueEmail('owner');
  const staffEmail = uniqueEmail('staff');

  await signUpAndConfirm(owner, ownerEmail, 'Rosa’s Bakery');
  await owner.goto('/dashboard/staff');
  await expect(owner.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(owner.getByText('No team members yet')).toBeVisible();

  // Invalid input is refused with the catalogue message and what was typed stays.
  await owner.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter a valid e-mail address')).toBeVisible();
  await expect(dialog.getByLabel('E-mail address')).toHaveValue('not-an-address');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await invite(owner, staffEmail);
  const invitations = owner.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByText(staffEmail)).toBeVisible();
  await expect(invitations.getByText('Pending')).toBeVisible();

  // The invited person opens the link before having an account: who invites whom, where.
  await openInvitation(staff, staffEmail);
  await expect(staff.getByRole('heading', { name: 'Join Rosa’s Bakery' })).toBeVisible();
  await expect(staff.getByText(staffEmail).first()).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Log in to accept' })).toBeVisible();
  await staff.getByRole('link', { name: 'Create an account' }).click();

  // Registering from it: the business is named, the address is the invited one and fixed, and
  // no business name is asked for (docs/decisions/035).
  await expect(staff).toHaveURL(/\/register\?redirect=/);
  await expect(staff.getByRole('heading', { name: 'Join Rosa’s Bakery' })).toBeVisible();
  await expect(staff.getByText(/invited you to work on/)).toBeVisible();
  await expect(staff.getByLabel('Business name')).toHaveCount(0);
  await expect(staff.getByLabel('Email')).toHaveValue(staffEmail);
  await expect(staff.getByLabel('Email')).not.toBeEditable();
  await staff.getByLabel('Your name').fill('Sam Lee');
  await staff.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await staff.getByRole('button', { name: 'Create account and join' }).click();
  await expect(staff.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(staff.getByText(/come straight back to your invitation to join/)).toBeVisible();
  await expect(
    staff.getByText('This server sends no e-mail: it is in the development mailbox'),
  ).toBeVisible();

  // Confirming in the same browser lands back on the invitation, signed in, one step from joining.
  await followEmailLink(staff, staffEmail, '/api/auth/confirm');
  await expect(staff).toHaveURL(/\/accept-invitation\/[^/?]+$/);
  await expect(
    staff.getByText(
      'Your email is confirmed. Welcome to Soci Gen! One last step: join Rosa’s Bakery.',
    ),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Join Rosa’s Bakery' }).click();

  // Acting as staff: the owner's business, the staff role, what staff may not do is not offered.
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('Rosa’s Bakery');
  const nav = staff.getByRole('navigation', { name: 'Dashboard' }).first();
  await expect(nav.getByRole('link', { name: /Staff/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Subscription/ })).toHaveCount(0);
  await expect(staff.getByText('Upgrade to Premium')).toHaveCount(0);
  await staff.getByRole('button', { name: 'Account menu' }).click();
  await expect(staff.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(0);
  await staff.keyboard.press('Escape');
  await staff.goto('/dashboard/staff');
  await expect(staff.getByText('You work here as staff.')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Invite staff' })).toHaveCount(0);
  // No stray business of their own: nothing to switch to, no "Unknown Business" anywhere.
  await expect(staff.getByRole('list', { name: 'Team members' })).toContainText(staffEmail);
  await expect(staff.getByRole('list', { name: 'Your businesses' })).toHaveCount(0);
  await expect(staff.getByText('Unknown Business')).toHaveCount(0);

  // The owner sees the new member and the invitation as accepted.
  await owner.reload();
  await expect(owner.getByRole('list', { name: 'Team members' })).toContainText(staffEmail);
  await expect(owner.getByRole('list', { name: 'Team members' })).toContainText('Sam Lee');
  await expect(
    owner.getByRole('list', { name: 'Invitations' }).getByText('Accepted'),
  ).toBeVisible();

  // The link was single use.
  await openInvitation(staff, staffEmail);
  await expect(
    staff.getByRole('heading', { name: 'This invitation has already been used' }),
  ).toBeVisible();

  await ownerContext.close();
  await staffContext.close();
});

test('someone with a business of their own joins another and switches between them', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const staff = await staffContext.newPage();
  const staffEmail = uniqueEmail('staff');

  await signUpAndConfirm(owner, uniqueEmail('owner'), 'Corner Café');
  await signUpAndConfirm(staff, staffEmail, 'Staff Side Studio');
  await invite(owner, staffEmail, /^Manager/);
  await openInvitation(staff, staffEmail);
  await staff.getByRole('button', { name: 'Join Corner Café' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('Corner Café');

  // Own business and the owner's: the person chooses where to act.
  await staff.goto('/dashboard/staff');
  await expect(staff.getByRole('list', { name: 'Your businesses' })).toContainText(
    'Staff Side Studio',
  );
  await staff.getByRole('button', { name: 'Switch to Staff Side Studio' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('Staff Side Studio');
  // Back in their own business, they are its owner and manage its plan.
  const nav = staff.getByRole('navigation', { name: 'Dashboard' }).first();
  await expect(nav.getByRole('link', { name: /Subscription/ })).toBeVisible();

  await ownerContext.close();
  await staffContext.close();
});

test('unknown and cancelled invitation links each get a clear page', async ({ page }) => {
  await page.goto(`/accept-invitation/${'x'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { name: 'This invitation link is not valid' }),
  ).toBeVisible();

  const email = uniqueEmail('owner');
  const invitee = uniqueEmail('invitee');
  await signUpAndConfirm(page, email, 'Cancel Cafe');
  await page.goto('/dashboard/staff');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('button', { name: `Cancel the invitation to ${invitee}` }).click();
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByText('Cancelled'),
  ).toBeVisible();
  await openInvitation(page, invitee);
  await expect(page.getByRole('heading', { name: 'This invitation was cancelled' })).toBeVisible();
});

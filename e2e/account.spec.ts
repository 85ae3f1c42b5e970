import { expect, test, type Page } from './test.ts';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { PASSWORD, followEmailLink, register, signIn, uniqueEmail } from './helpers.ts';

async function newAccount(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await register(page, { email, businessName: 'Rosa’s Bakery' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);
  return email;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('turn on two-factor authentication and sign in with a code, then a backup code', async ({
  page,
}) => {
  const email = await newAccount(page, 'mfa');
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const manualKey = (await page.getByTestId('mfa-manual-key').textContent())!.replace(/\s+/g, '');
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(manualKey),
  });

  // A wrong code is refused with a clear message.
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('This code is not valid or has already been used.')).toBeVisible();

  await page
    .getByLabel('Code from the app')
    .fill(totp.generate({ timestamp: Date.now() - 30_000 }));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 of 10 backup codes left.')).toBeVisible();

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // Next step's code: the one used to turn it on cannot be used again.
  await page
    .getByLabel('Authentication code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signIn(page, email);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
  await expect(page.getByText('9 of 10 backup codes left.')).toBeVisible();

  // Turning it off needs the password.
  await page.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Your account is protected by your password only.')).toBeVisible();
});

test('profile and settings: name, photo, password, business profile, notifications, deletion', async ({
  page,
}) => {
  await newAccount(page, 'profile');
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  await page.getByLabel('Full name').fill('Rosa M. Martinez');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();

  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#f59e0b' },
  })
    .png()
    .toBuffer();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('Please choose a JPEG, PNG, WebP or GIF image.')).toBeVisible();

  // A wrong current password gets the catalogue's text and keeps what was typed.
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('not my password');
  await passwordForm.getByLabel('New password').fill('amber lantern orchard 77');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page
      .getByText('Password change failed. Please verify your current password and try again.')
      .first(),
  ).toBeVisible();
  await expect(passwordForm.getByLabel('New password')).toHaveValue('amber lantern orchard 77');

  await expect(
    page.getByRole('list', { name: 'Active sessions' }).getByText('This device'),
  ).toBeVisible();

  await page.goto('/dashboard/settings');
  const business = page.getByRole('form', { name: 'Business profile' });
  await business.getByLabel('Business name').fill('');
  await business.getByRole('button', { name: 'Save business profile' }).click();
  await expect(business.getByText('Business name is required')).toBeVisible();
  await business.getByLabel('Business name').fill('Rosa’s Bakery & Café');
  await business.getByLabel('Industry').fill('Bakery');
  await business.getByLabel('Website').fill('https://rosa.example');
  await business.getByLabel('Brand voice').fill('Warm and playful');
  // A combobox: type to filter, then choose (docs/decisions/036).
  await business.getByRole('combobox', { name: 'Time zone' }).fill('lisbon');
  await business.getByRole('option', { name: /Europe \/ Lisbon/ }).click();
  await business.getByLabel('Instagram').check();
  await business.getByRole('button', { name: 'Add posting window' }).click();
  await business.getByLabel('Start of posting window 1').fill('08:30');
  await business.getByLabel('End of posting window 1').fill('10:00');
  await business.getByRole('button', { name: 'Save business profile' }).click();
  await expect(page.getByText('Business profile saved.')).toBeVisible();

  // A photo larger than one request may carry is scaled down in the browser first.
  const large = await sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: '#0ea5e9',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(large.length).toBeGreaterThan(1_100_000);
  await page.getByTestId('logo-input').setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: large,
  });
  await expect(page.getByText('Logo updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: /logo$/ })).toBeVisible();

  await page.getByLabel('Daily inbox digest').check();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();

  await page.reload();
  await expect(business.getByLabel('Business name')).toHaveValue('Rosa’s Bakery & Café');
  await expect(business.getByRole('combobox', { name: 'Time zone' })).toHaveValue(
    'Europe / Lisbon',
  );
  await expect(business.getByLabel('Instagram')).toBeChecked();
  await expect(business.getByLabel('Start of posting window 1')).toHaveValue('08:30');
  await expect(page.getByLabel('Daily inbox digest')).toBeChecked();

  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(page).toHaveURL(/\/deletion-confirmation\?id=[2-9A-Z]{16}$/);
  await expect(page.getByTestId('deletion-status')).toHaveText('Completed');
  await expect(page.getByRole('heading', { name: 'Your data has been deleted' })).toBeVisible();
});

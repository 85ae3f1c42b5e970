import { expect, type Page } from '@playwright/test';
import { E2E_MAILBOX_KEY } from './server-settings.ts';

export const PASSWORD = 'violet kettle harbour 42';

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Fills and submits the register form, and waits for the "Check your email" screen. */
export async function register(
  page: Page,
  input: { email: string; businessName: string; password?: string },
) {
  await page.goto('/register');
  await page.getByLabel('Business name').fill(input.businessName);
  await page.getByLabel('Your name').fill('Rosa Martinez');
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Password', { exact: true }).fill(input.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

/** Opens the development mailbox with its key, as the link printed at start does. */
export async function openMailbox(page: Page) {
  await page.goto(`/dev/mailbox#key=${E2E_MAILBOX_KEY}`);
}

/** Opens the development mailbox, picks the newest message to `email`, and follows its link. */
export async function followEmailLink(page: Page, email: string, linkPart: string) {
  await openMailbox(page);
  await page
    .getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
    .first()
    .click();
  await page
    .getByRole('link', { name: new RegExp(linkPart.replace(/[/?]/g, '\\$&')) })
    .first()
    .click();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Connects the simulator's Rosa Bakery Page and its Instagram account (leaving the other two
 * Pages out) through the consent page, and waits until both show as healthy.
 */
export async function connectRosaBakery(page: Page) {
  await page.goto('/dashboard/platforms');
  await page.getByRole('button', { name: 'Connect Facebook' }).first().click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Choose the accounts to connect' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Rosa Catering/ }).uncheck();
  await page.getByRole('checkbox', { name: /Rosa Events/ }).uncheck();
  await page.getByRole('button', { name: 'Connect 2 accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/platforms$/);
  await expect(page.getByLabel('Status: Healthy')).toHaveCount(2);
}

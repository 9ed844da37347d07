// "Sign out everywhere" in Chromium (functions/lib/sessions.ts): two browsers signed in as
// one person; the first ends every session from /settings and lands on the sign-in page; the second is
// sent there on its next call, told why; signing in again works. "Delete my account" at 375 px: a wrong
// password is refused in the dialog, the right one deletes the account, and it cannot sign in again.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  E2E_PASSWORD,
  e2eBaseUrl,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  screenshots,
  signInThroughUi,
  signUpAndSignIn,
} from './helpers.ts';

test('sign out everywhere ends this browser’s session and another’s; a new sign-in works', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-sessions-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndSignIn(page, email, { trial: false });
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signInThroughUi(phone, email);
  await phone.goto(`${e2eBaseUrl()}/settings`);
  await expect(phone.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.goto(`${e2eBaseUrl()}/settings`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const ended = page.waitForResponse((r) => r.url().endsWith('/profiles/me/sign-out-everywhere'));
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  expect((await ended).status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Signed out on every device. Sign in again to continue.')).toBeVisible();

  // The other browser still holds its tokens; its next call is refused and it is sent to sign in.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(phone.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await other.close();

  await page.waitForTimeout(1_100);
  await signInThroughUi(page, email);
  await page.goto(`${e2eBaseUrl()}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
});

test('delete my account: the password is checked, the account goes, and it cannot sign in again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-delete-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndSignIn(page, email, { trial: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${e2eBaseUrl()}/settings`);
  const zone = page.getByRole('region', { name: 'Danger zone' });
  await expect(zone.getByText('It cannot be undone.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await zone.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // The dialog alone: the settings page behind it is inert under the overlay (checked just above).
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await emulateColorScheme(page, 'dark');
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await emulateColorScheme(page, 'light');
  await screenshots(page, 'delete-account');
  await page.setViewportSize({ width: 375, height: 812 });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  const deleted = page.waitForResponse((r) => r.url().endsWith('/profiles/me/delete-account'));
  await confirm.click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('Your account and its data were deleted.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/settings/);

  // The sign-in no longer exists.
  await page.goto(`${e2eBaseUrl()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Incorrect email or password. Please try again.')).toBeVisible();
});

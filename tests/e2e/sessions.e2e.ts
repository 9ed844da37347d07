// "Sign out everywhere" in Chromium (issue 15 item 1, functions/lib/sessions.ts): two browsers signed in as
// one person; the first ends every session from /settings and lands on the sign-in page; the second is
// sent there on its next call, told why; signing in again works.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2eBaseUrl, expectNoSeriousAxeViolations, signInThroughUi, signUpAndSignIn } from './helpers.ts';

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

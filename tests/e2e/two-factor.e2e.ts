// Two-factor authentication in Chromium: turn on the authenticator app
// from /settings (codes computed from the shown setup key), sign out and in → the code step → a wrong
// code says 'Invalid verification code' → the right one with "Trust this device" → the next sign-in
// skips the code; remove the device → the code step again; the API refuses a password-only sign-in;
// turn 2FA off with a code. Then e-mail codes through the outbox the same way, and the rest of Security
// (change password) and Appearance. 375 px and axe. After each kind of code (authenticator, recovery,
// e-mailed) the accounts screen shows the bank's accounts, not an error.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  E2E_PASSWORD,
  e2eBaseUrl as base,
  expectNoSeriousAxeViolations,
  linkBankThroughApi,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

const STEP_MS = 30_000;
/** Past the code step: the home logic's landing (/get-started before any bank, or /accounts). */
const SIGNED_IN = /\/(get-started|accounts)$/;

/**
 * Past the code step on a browser that is not trusted: the home logic lands on /accounts (the person has
 * a bank) and the screen lists the bank's accounts. Calls made before the code was given were refused
 * (403 two_factor_required); none of their errors may be left on the screen.
 */
async function expectAccountsScreen(page: Page) {
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Gingham Share Draft/ }).first()).toBeVisible();
  await expect(page.getByText("We couldn't load your profiles")).toHaveCount(0);
  await expect(page.getByText('Your session has expired. Please log in again.')).toHaveCount(0);
}

/** Authenticator codes, each from a later time step than the last one used (the server takes a step once). */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = -Infinity;
  return async (): Promise<string> => {
    let now = Date.now();
    let step = Math.max(lastStep + 1, Math.floor(now / STEP_MS));
    // The server accepts one step either side of its own; past that, wait for time to catch up.
    while (step > Math.floor(now / STEP_MS) + 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      now = Date.now();
    }
    step = Math.max(step, Math.floor(now / STEP_MS) - 1);
    lastStep = step;
    return totp.generate({ timestamp: step * STEP_MS + 1000 });
  };
}

async function signOut(page: Page) {
  await page.goto(`${base()}/settings`);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto(`${base()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.idToken')) return localStorage.getItem(key) ?? '';
    }
    return '';
  });
}

test('authenticator app: code step, trusted device, revoke, the API refuses a password-only sign-in, turn off', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `e2e-2fa-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndSignIn(page, email, { fullName: 'Tess Totp' });
  await linkBankThroughApi(page);

  await page.goto(`${base()}/settings`);
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const nextCode = authenticator(key);
  await page.getByLabel('Verification code').fill(await nextCode());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Save your recovery codes now')).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const recovery = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map(
    (c) => c.trim(),
  );
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText(/Two-factor authentication is on: Authenticator app/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshots(page, 'settings-security-on-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Setup trusted this browser; a fresh browser context is a new device.
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await signIn(other, email);
  await expect(other).toHaveURL(/\/two-factor/);
  await expect(other.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectNoSeriousAxeViolations(other);

  // A password-only sign-in gets nothing from the API.
  const refused = await other.request.get(`${process.env.E2E_API_URL}/profiles/me`, {
    headers: { authorization: `Bearer ${await idToken(other)}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('two_factor_required');

  await other.getByLabel('Verification code').fill('000000');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByText('Invalid verification code')).toBeVisible();
  await other.getByLabel('Verification code').fill(await nextCode());
  await other.getByLabel('Trust this device for 30 days').check();
  await other.getByRole('button', { name: 'Verify' }).click();
  await expectAccountsScreen(other);

  // Trusted: the next sign-in on this device skips the code.
  await signOut(other);
  await signIn(other, email);
  await expectAccountsScreen(other);

  // Remove the device from the first browser; the second must give a code again.
  await page.goto(`${base()}/settings`);
  const rows = page.getByRole('button', { name: /^Remove / });
  await expect(rows).toHaveCount(2);
  await page
    .getByRole('listitem')
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(rows).toHaveCount(1);
  await signOut(other);
  await signIn(other, email);
  await expect(other).toHaveURL(/\/two-factor/);
  // A recovery code works once.
  await other.getByRole('button', { name: 'Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(recovery[0] ?? '');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expectAccountsScreen(other);
  await fresh.close();

  // Turn it off with a code.
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await nextCode());
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
});

test('e-mail codes through the outbox: setup, the code step, turn off; change password; theme', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `e2e-2fa-mail-${randomUUID().slice(0, 8)}@example.com`;
  const codeFor = async (after: string) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outbox = (await (await page.request.get(`${process.env.E2E_API_URL}/__outbox`)).json()) as Array<{
        to: string;
        kind: string;
        text: string;
        sentAt: string;
      }>;
      const message = outbox
        .filter((m) => m.to === email && m.kind === 'two_factor_code' && m.sentAt > after)
        .sort((a, b) => (a.sentAt < b.sentAt ? -1 : 1))
        .at(-1);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await page.waitForTimeout(200);
    }
    throw new Error('no code in the outbox');
  };
  await signUpAndSignIn(page, email, { fullName: 'Eve Email' });
  await linkBankThroughApi(page);
  await page.goto(`${base()}/settings`);
  let since = new Date().toISOString();
  await page.getByRole('button', { name: 'Use e-mail codes' }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFor(since));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText(/Two-factor authentication is on: E-mail codes/)).toBeVisible();

  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  since = new Date().toISOString();
  await signIn(other, email);
  await expect(other).toHaveURL(/\/two-factor/);
  await expect(other.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();
  await other.getByLabel('Verification code').fill(await codeFor(since));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expectAccountsScreen(other);
  await fresh.close();

  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  since = new Date().toISOString();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await codeFor(since));
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();

  // The rest of Security and Appearance: change the password (a wrong current one is refused), sign in
  // with the new one; the theme choice applies at once.
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('wrong-one');
  await page.getByLabel('New password', { exact: true }).fill('fresh-secret-2');
  await page.getByLabel('New password again', { exact: true }).fill('fresh-secret-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not right. Please try again.')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await page.getByRole('radio', { name: /^Dark/ }).check();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('radio', { name: /^Light/ }).check();
  await signOut(page);
  await signIn(page, email, 'fresh-secret-2');
  await expect(page).toHaveURL(SIGNED_IN);
});

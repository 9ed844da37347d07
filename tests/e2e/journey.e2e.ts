// The first slice through every layer, as a person does it in Chromium: sign up (questionnaire, then the
// account) → resend the code → confirm → sign in → the home logic lands a new user on /get-started (spec §2) → settings →
// change full name → reload → it persisted → sign out → a protected route redirects to /login. Every API
// call of the session is same-origin (/api) and none is preceded by a CORS preflight.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { answerQuestionnaire } from './helpers.ts';

const base = () => process.env.E2E_BASE_URL ?? '';

test('sign up, confirm, sign in, rename, reload, sign out', async ({ page }) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'tallywise-e2e-pass';
  // The SPA calls the API under its own origin (/api), so no call needs a CORS preflight.
  const apiCalls: string[] = [];
  const preflights: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    const toApi = url.startsWith(`${base()}/api/`) || url.startsWith(`${process.env.E2E_API_URL}/`);
    if (toApi) (request.method() === 'OPTIONS' ? preflights : apiCalls).push(url);
  });

  await page.goto(`${base()}/signup`);
  await answerQuestionnaire(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email/);
  // "Resend code" goes through spec §7's send-verification-email, with no sign-in yet.
  const resent = page.waitForResponse((r) => r.url().endsWith('/functions/send-verification-email'));
  await page.getByRole('button', { name: 'Resend code' }).click();
  expect((await resent).status()).toBe(202);
  await expect(page.getByText(`We sent a new code to ${email}`)).toBeVisible();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified! Please sign in to continue.')).toBeVisible();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Welcome back', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The account's first sign-in welcomes them as new (spec §8's 'Welcome back!' is for returns).
  await expect(page.getByText("Welcome to Tallywise! Let's get you set up.")).toBeVisible();

  // spec §2 home logic: no accounts and onboarding incomplete.
  await expect(page).toHaveURL(/\/get-started$/);
  await page.goto(`${base()}/settings`);
  const fullName = page.getByLabel('Full name');
  await expect(fullName).toHaveValue('Grace Hopper');
  await fullName.fill('Grace Brewster Hopper');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  // The runtime config comes in the page, so a start requests no /config.json.
  const configRequests: string[] = [];
  const countConfig = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
  };
  page.on('request', countConfig);
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Grace Brewster Hopper');
  expect(configRequests).toEqual([]);
  // From a server that leaves the page's config block empty, index.html preloads /config.json, and that
  // one request serves the app.
  await page.route(`${base()}/settings`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const { 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({
      response,
      headers,
      body: html.replace(/(<script type="application\/json" id="app-config">)[^<]*/, '$1'),
    });
  });
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Grace Brewster Hopper');
  await page.unroute(`${base()}/settings`);
  page.off('request', countConfig);
  expect(configRequests).toHaveLength(1);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto(`${base()}/settings`);
  await expect(page).toHaveURL(/\/login/);
  expect(apiCalls.length).toBeGreaterThan(5);
  expect(apiCalls.every((url) => url.startsWith(`${base()}/api/`))).toBe(true);
  expect(preflights).toEqual([]);
  // Amplify's "custom endpoint" warning (cognito-local is the endpoint by design) is
  // not printed at all, let alone once per call.
  expect(warnings.filter((w) => /custom .*endpoint/i.test(w))).toEqual([]);
});

test('a protected route shows the spinner then redirects a signed-out visitor to /login', async ({
  page,
}) => {
  await page.goto(`${base()}/settings`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

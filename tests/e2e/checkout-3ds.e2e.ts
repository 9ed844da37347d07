// Checkout with a card that asks for 3-D Secure, in Chromium against `npm start`'s stand-ins: /plans →
// the Stripe sandbox's hosted Checkout → the bank's challenge. Failing it leaves the checkout open with
// Stripe's message; passing it completes the checkout, and the app shows the trial that began.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, e2eBaseUrl as base, signInThroughUi } from './helpers.ts';

const ALWAYS_AUTHENTICATE = '4000 0027 6000 3184';

async function typeCard(page: Page) {
  await expect(page.getByRole('heading', { name: /Subscribe to Tallywise Plus/ })).toBeVisible();
  await page.getByLabel('Card number').fill(ALWAYS_AUTHENTICATE);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Mary Jackson');
  await page.getByRole('button', { name: 'Start trial' }).click();
}

test('a checkout with a 3-D Secure card: a failed challenge keeps it open, a passed one starts the trial', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-3ds-${randomUUID().slice(0, 8)}@example.com`;
  await createConfirmedUser(email, 'Mary Jackson');
  await signInThroughUi(page, email);
  await page.goto(`${base()}/plans`);
  await page.getByRole('button', { name: 'Start Your 7-Day Free Trial: monthly plan' }).click();

  await typeCard(page);
  await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  );
  await expect(page.getByRole('heading', { name: /Subscribe to Tallywise Plus/ })).toBeVisible();

  await typeCard(page);
  await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back in the app: the checkout's trial began.
  await expect(page.getByText('Trial Started!')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base()}/plans`);
  await expect(page.getByTestId('current-plan')).toContainText(/Free trial until .*then your plan starts/);
});

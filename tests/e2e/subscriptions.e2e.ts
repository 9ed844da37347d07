// Subscriptions in Chromium against `npm start`'s stand-ins (issue 13 acceptance): a new user links a
// bank → 'Trial Started!' and full access → the Stripe sandbox's clock moves past the trial → the gate
// in the spec's words → /plans → checkout on the sandbox's hosted page with 4242… → back in the app,
// subscribed → the next renewal fails (a failing card, then the clock) → grace with hours and minutes
// left, content still open → the card updated in the Billing Portal → subscribed again → a
// cancellation keeps access to the period end, then the gate. axe on the gate and /plans. Apart (not
// @serial: it leaves the sandbox clock alone): a checkout return whose trial cannot start.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  createConfirmedUser,
  e2eBaseUrl as base,
  expectNoSeriousAxeViolations,
  linkSandboxBank,
  screenshots,
  signInThroughUi,
  signUpAndSignIn,
} from './helpers.ts';

const stripeUrl = () => process.env.E2E_STRIPE_URL ?? '';

/** Moves the sandbox clock (the API's billing clock locally) and waits for its webhooks. */
async function advanceClock(by: { days?: number; seconds?: number }) {
  const moved = await fetch(`${stripeUrl()}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(by),
  });
  expect(moved.status).toBe(200);
  await fetch(`${stripeUrl()}/__sandbox/webhooks/flush`, { method: 'POST' });
}

/**
 * Opens a money screen with the status read afresh, as after the 30 minutes that make a stored status
 * stale (spec §9): the sandbox clock jumped, the device clock did not.
 */
async function openFresh(page: Page, path: string) {
  // On the app's origin (the page may be on the sandbox's hosted pages).
  await page.goto(`${base()}${path}`);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage.removeItem(
      'subscriptionStatus',
    ),
  );
  await page.reload();
}

async function payOnHostedPage(page: Page, card: string, button: 'Subscribe' | 'Start trial') {
  await expect(page.getByRole('heading', { name: /Subscribe to Tallywise Plus/ })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 40');
  await page.getByLabel('Security code (CVC)').fill('123');
  const name = page.getByLabel('Name on card');
  if (await name.isVisible()) await name.fill('Dorothy Vaughan');
  await page.getByRole('button', { name: button }).click();
}

async function openPortal(page: Page) {
  await page.goto(`${base()}/plans`);
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Manage billing' })).toBeVisible();
}

async function updateCard(page: Page, card: string) {
  const section = page.getByRole('region', { name: 'Payment method' });
  await section.getByLabel('Card number').fill(card);
  await section.getByLabel('Expiry date (MM / YY)').fill('12 / 40');
  await section.getByLabel('Security code (CVC)').fill('123');
  await section.getByRole('button', { name: 'Update card' }).click();
}

const gateTitle = (page: Page) => page.getByRole('heading', { name: 'Ready to Take Control of Your Money?' });
const accountsTitle = (page: Page) => page.getByRole('heading', { name: 'Accounts', level: 1 });

test('trial from the first connection, the gate, checkout, grace, the portal and cancellation @serial', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-subs-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Dorothy Vaughan',
    trial: false,
  });

  // A first connection starts the 7-day trial (spec §4, §8).
  await linkSandboxBank(page);
  await expect(page.getByText('Trial Started!')).toBeVisible();
  await expect(page.getByText('Your 7-day free trial has begun.')).toBeVisible();
  await expect(accountsTitle(page)).toBeVisible();
  await expect(gateTitle(page)).toHaveCount(0);

  // Past the trial: the gate, in the spec's words.
  await advanceClock({ days: 7, seconds: 60 });
  await openFresh(page, '/accounts');
  await expect(gateTitle(page)).toBeVisible();
  await expect(accountsTitle(page)).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Ready to Take Control of Your Money?' }).getByRole('listitem'),
  ).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh status' })).toBeVisible();
  await expect(page.getByText('No commitment • Cancel anytime • Full access during trial')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscription-gate');

  // /plans: the trial is used, so the plans say Subscribe; checkout on the hosted page with 4242.
  await page.getByRole('link', { name: 'Start Your 7-Day Free Trial' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { name: 'Monthly' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Annual' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'plans');
  await page.getByRole('button', { name: 'Subscribe: monthly plan' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242', 'Subscribe');

  // Back in the app, subscribed; session_id leaves the URL.
  await expect(page).toHaveURL(/\/accounts$/, { timeout: 30_000 });
  await expect(page.getByText('Subscription active. Thank you!')).toBeVisible();
  await expect(accountsTitle(page)).toBeVisible();
  await page.goto(`${base()}/plans`);
  await expect(page.getByText(/^Renews on /)).toBeVisible();

  // The next renewal fails: a card that fails is put on file, then the clock reaches the renewal.
  await openPortal(page);
  await updateCard(page, '4000 0000 0000 0341');
  await expect(page.getByText(/4000 0000 0000 0341|0341/).first()).toBeVisible();
  await advanceClock({ days: 32 });
  await openFresh(page, '/accounts');
  await expect(accountsTitle(page)).toBeVisible();
  const grace = page.getByRole('status').filter({ hasText: 'Your last payment failed.' });
  await expect(grace).toBeVisible();
  await expect(grace.getByTestId('grace-time-left')).toHaveText(/^\d+ hours? and \d+ minutes? left$/);
  await screenshots(page, 'subscription-grace');

  // A working card in the portal pays the open invoice: subscribed again, no banner.
  await openPortal(page);
  await updateCard(page, '4242 4242 4242 4242');
  await openFresh(page, '/accounts');
  await expect(accountsTitle(page)).toBeVisible();
  await expect(grace).toHaveCount(0);

  // Cancel at period end: access until then, then the gate.
  await openPortal(page);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Cancels on /).first()).toBeVisible();
  await openFresh(page, '/plans');
  await expect(
    page.getByText('Your plan is canceled and ends at the end of this billing period.'),
  ).toBeVisible();
  await openFresh(page, '/accounts');
  await expect(accountsTitle(page)).toBeVisible();
  await advanceClock({ days: 32 });
  await openFresh(page, '/accounts');
  await expect(gateTitle(page)).toBeVisible();
});

test('a checkout return whose trial cannot start: 3 tries, the spec §8 failure toast, session_id leaves the URL', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-subs-return-${randomUUID().slice(0, 8)}@example.com`;
  await createConfirmedUser(email, 'Katherine Johnson');
  await signInThroughUi(page, email);
  const tries: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/functions/start-trial'))
      tries.push(request.postDataJSON());
  });
  await page.goto(`${base()}/accounts?session_id=cs_test_bogus`);
  // spec §8 writes it as one message. Three tries 2 s apart, each a round trip: more than the usual 15 s
  // on a busy machine.
  await expect(
    page.getByText(
      "Trial Setup Failed: We couldn't start your trial after multiple attempts. Please refresh the page or contact support.",
    ),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(`${base()}/accounts`);
  // spec §4, §9: 3 tries, then no more (the URL no longer names the session).
  expect(tries).toEqual(Array(3).fill({ sessionId: 'cs_test_bogus' }));
  await page.waitForTimeout(2_500);
  expect(tries).toHaveLength(3);
});

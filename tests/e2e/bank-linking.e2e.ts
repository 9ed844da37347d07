// Bank linking as a person does it in Chromium: a new user signs up, confirms and
// signs in → /get-started → connects First Platypus Bank in the Link stand-in (user_good / pass_good)
// → the success panel → /accounts shows the accounts and balances once their history has synced → the
// account detail lists transactions. Then the sandbox fails the next /transactions/sync with
// ITEM_LOGIN_REQUIRED (fault injection, for any item: the browser never holds an access token), a
// refresh from the UI (a double click, sent once) hits it, the bank shows the reconnect prompt, and update
// mode in Link repairs it.
// Also axe on /get-started and /accounts, and no name cut short on /accounts and /link at 375 px.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  continueFromOnboardingToAccounts,
  expectNoSeriousAxeViolations,
  e2eBaseUrl as base,
  logInAndFinish,
  signUpAndSignIn,
  textsCutShort,
} from './helpers.ts';

const plaidUrl = () => process.env.E2E_PLAID_URL ?? '';

/** A sandbox helper endpoint, with the local sandbox's keys in the body (as Plaid allows). */
async function sandbox(path: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${plaidUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'local-client-id', secret: 'local-secret', ...body }),
  });
  expect(response.ok, `${path} → ${response.status} ${await response.text()}`).toBe(true);
}

test('connect a bank from /get-started, see accounts and transactions, reconnect after a lost login', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, `e2e-bank-${randomUUID().slice(0, 8)}@example.com`, {
    expectWelcomeToast: true,
  });

  // /get-started: spec §2 wording; the button waits for the initial setup, then opens Link.
  await page.goto(`${base()}/get-started`);
  await expect(page.getByRole('heading', { name: "Let's get you set up in 60 seconds" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect Your Accounts' })).toBeVisible();
  for (const text of ['256-bit encryption', 'Read-only access', 'Never store passwords']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('link', { name: "I'll do this later — take me to my Money Calendar" }),
  ).toHaveAttribute('href', '/calendar');
  const connect = page.getByRole('button', { name: 'Connect accounts' });
  await expect(connect).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await connect.click();

  const link = page.frameLocator('iframe[title="Plaid Link"]');
  await link.getByRole('button', { name: 'Continue' }).click();
  await link.getByLabel('Search institutions').fill('platypus');
  await link.getByRole('button', { name: 'First Platypus Bank' }).click();
  await logInAndFinish(link);

  // The exchange of an 8-account bank comes first: give a busy machine time.
  await expect(page.getByText('Success! Finishing setup...')).toBeVisible({ timeout: 45_000 });
  await expect(
    page.getByText('Connected 8 account(s)! Setting up your transaction history...'),
  ).toBeVisible();
  await continueFromOnboardingToAccounts(page);

  // /accounts: every account with its balance once the initial sync is done.
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('Syncing…')).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByText('Accounts Connected Successfully!')).toBeVisible();
  for (const name of [
    'Plaid Checking',
    'Plaid Saving',
    'Plaid Credit Card',
    'Plaid Mortgage',
    'Plaid 401k',
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const checkingRow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Plaid Checking' }) });
  await expect(checkingRow).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(checkingRow).toContainText('First Platypus Bank');
  await expect(checkingRow).toContainText('••0000');
  for (const heading of ['Cash', 'Credit Cards', 'Loans', 'Investments']) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Net worth')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Account detail: the balance history and the transactions, newest first.
  await page.getByRole('link', { name: 'Plaid Checking', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Plaid Checking', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Balance from \$/ })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  await page.getByLabel('Direction').selectOption('income');
  await expect(rows.first()).toContainText('Income');
  await page.getByLabel('Direction').selectOption('all');

  // The bank loses its login: the next sync fails with ITEM_LOGIN_REQUIRED.
  await page.getByRole('link', { name: 'Accounts', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await sandbox('/sandbox/fault/inject', {
    endpoint: '/transactions/sync',
    error_code: 'ITEM_LOGIN_REQUIRED',
  });
  // A double click refreshes once: one smart-plaid-sync for the one bank, not two.
  const syncBodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/functions/smart-plaid-sync')) {
      syncBodies.push(request.postData() ?? '');
    }
  });
  await page.getByRole('button', { name: 'Refresh balances' }).dblclick();
  await expect(page.getByText('Failed to update 8 account balance forecasts')).toBeVisible();
  expect(syncBodies).toHaveLength(1);
  expect(JSON.parse(syncBodies[0] ?? '{}')).toEqual({ itemId: expect.any(String) });
  const prompt = page.getByText('First Platypus Bank needs you to sign in again.');
  await expect(prompt).toBeVisible();
  await expect(page.getByText('Needs reconnection').first()).toBeVisible();

  // Reconnect (update mode): Link opens at the bank's login; no exchange, a sync, the prompt goes.
  await page.getByRole('button', { name: 'Reconnect First Platypus Bank' }).click();
  await expect(link.getByRole('heading', { name: 'Log in to First Platypus Bank' })).toBeVisible();
  await logInAndFinish(link);
  await expect(
    page.getByText('Account reconnected successfully! Your data will sync shortly.'),
  ).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText('Needs reconnection')).toHaveCount(0);

  // On a 375 px phone no account or bank name is cut short ("First ...").
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(checkingRow).toContainText('First Platypus Bank');
  expect(await textsCutShort(page.getByRole('main'))).toEqual([]);
  await page.goto(`${base()}/link`);
  await expect(page.getByRole('heading', { name: 'Linked banks' })).toBeVisible();
  await expect(page.getByText('Plaid Money Market', { exact: true })).toBeVisible();
  expect(await textsCutShort(page.getByRole('main'))).toEqual([]);
});

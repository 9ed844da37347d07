// Investments as a person sees them in Chromium: a new user links Tartan Bank in the Link stand-in
// (its 401k and brokerage come with the checking and savings), opens the brokerage and sees what it
// holds: each security with quantity, price, value, cost basis and gain, a total equal to the
// account's value, and its recent buys and dividends. Axe in light and dark; no text cut short at 375 px; screenshots at 375 and 1440 px.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  e2eBaseUrl as base,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  linkSandboxBank,
  screenshots,
  signUpAndSignIn,
  textsCutShort,
} from './helpers.ts';

test('link the sandbox brokerage and see its holdings', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, `e2e-invest-${randomUUID().slice(0, 8)}@example.com`, {
    expectWelcomeToast: true,
  });
  await page.goto(`${base()}/get-started`);
  await linkSandboxBank(page, { waitForSync: true, institution: { search: 'tartan', name: 'Tartan Bank' } });

  await page.getByRole('link', { name: 'Plaid Brokerage', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Plaid Brokerage', level: 1 })).toBeVisible();
  const holdings = page.getByRole('region', { name: 'Holdings' });
  const rows = holdings.getByTestId('holding');
  // Four securities and the cash position.
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  for (const name of ['Vanguard Total Stock Market Index Fund ETF', 'Apple Inc.', 'U S Dollar']) {
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
  }
  const apple = rows.filter({ hasText: 'Apple Inc.' });
  for (const label of ['Quantity', 'Price', 'Value', 'Cost basis', 'Gain'])
    await expect(apple.getByText(label, { exact: true })).toBeVisible();
  await expect(apple.getByText('$226.05')).toBeVisible();
  // The gain says up or down in words for screen readers, and with a sign on screen.
  await expect(apple.getByText(/^[+−]\$/)).toBeVisible();

  // What moved money: the buys behind the holdings, newest first.
  await expect(holdings.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await expect(holdings.getByRole('listitem').filter({ hasText: 'BUY Apple Inc.' })).toHaveCount(1);

  // The account's value is the sum of its holdings.
  const total = (await holdings.getByTestId('holdings-total').textContent())?.trim();
  const balance = page.getByRole('region', { name: 'Current balance' });
  await expect(balance.getByText(total ?? '—', { exact: true })).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await emulateColorScheme(page, scheme);
    await expectNoSeriousAxeViolations(page);
  }
  await emulateColorScheme(page, 'light');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(rows.first()).toBeVisible();
  expect(await textsCutShort(holdings)).toEqual([]);
  await screenshots(page, 'account-holdings');
});

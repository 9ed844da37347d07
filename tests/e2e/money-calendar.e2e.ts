// The Money Plan and the Money Calendar in Chromium (issue 5 acceptance): a linked sandbox user opens
// /plan, generates the plan and sees payroll and rent; opens /calendar, sees next month's payday and
// balances; adds a one-off expense on a day and sees every later day's balance drop by that amount
// (and no earlier day change); deletes it and sees the balances restored.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { answerQuestionnaire } from './helpers.ts';

const base = () => process.env.E2E_BASE_URL ?? '';
const PASSWORD = 'secret1';
const EXPENSE_CENTS = 12_345;

async function signUpAndSignIn(page: Page, email: string) {
  await page.goto(`${base()}/signup`);
  await answerQuestionnaire(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/get-started$/);
}

async function linkSandboxBank(page: Page) {
  const connect = page.getByRole('button', { name: 'Connect accounts' });
  await expect(connect).toBeEnabled();
  await connect.click();
  const link = page.frameLocator('iframe[title="Plaid Link"]');
  await link.getByRole('button', { name: 'Continue' }).click();
  await link.getByLabel('Search institutions').fill('gingham');
  await link.getByRole('button', { name: 'First Gingham Credit Union' }).click();
  await link.getByLabel('Username').fill('user_good');
  await link.getByLabel('Password').fill('pass_good');
  await link.getByRole('button', { name: 'Continue' }).click();
  const success = link.getByRole('heading', { name: 'Success' });
  const selection = link.getByRole('heading', { name: 'Select accounts' });
  await expect(success.or(selection)).toBeVisible();
  if (await selection.isVisible()) await link.getByRole('button', { name: 'Continue' }).click();
  await expect(success).toBeVisible();
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText('Syncing…')).toHaveCount(0, { timeout: 90_000 });
}

/** '−$1,234.56' → -123456. */
function cents(text: string): number {
  const negative = text.trim().startsWith('−') || text.trim().startsWith('-');
  const digits = text.replace(/[^\d]/g, '');
  return (negative ? -1 : 1) * Number(digits);
}

/** Every day of the shown month that has a balance: date → end-of-day balance in cents. */
async function balances(page: Page): Promise<Record<string, number>> {
  const rows = await page
    .locator('button[data-date]')
    .evaluateAll((buttons) =>
      buttons.map((b) => [
        b.getAttribute('data-date') ?? '',
        b.querySelector('[data-testid="day-balance"]')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows.filter(([, text]) => text).map(([date, text]) => [date, cents(text ?? '')]));
}

test('generate the plan, see payday and balances, a one-off expense lowers every later day', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-plan-${randomUUID().slice(0, 8)}@example.com`);
  await linkSandboxBank(page);

  // /plan: generate, then payroll under Income and rent under Bills.
  await page.goto(`${base()}/plan`);
  await expect(page.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Generate my plan' }).click();
  await expect(page.getByText(/Your money plan is (ready|up to date)/)).toBeVisible({ timeout: 60_000 });
  const income = page.getByRole('region', { name: 'Income' });
  const bills = page.getByRole('region', { name: 'Bills' });
  // Payroll (category Wages) under Income, rent under Bills; the sandbox names streams by merchant.
  const payroll = income.getByRole('listitem').filter({ hasText: 'Wages' }).first();
  await expect(payroll).toBeVisible();
  await expect(bills.getByRole('listitem').filter({ hasText: 'Rent' }).first()).toBeVisible();
  const payrollName = (await payroll.getByTestId('stream-name').textContent()) ?? '';
  expect(payrollName).not.toBe('');
  await expect(page.getByText('Left after bills')).toBeVisible();

  // /calendar, next month: a planned payday and a balance on every day.
  await page.goto(`${base()}/calendar`);
  await expect(page.getByRole('heading', { name: 'Money Calendar', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
  await expect(page.locator('[data-kind="planned"]', { hasText: payrollName }).first()).toBeVisible();
  await expect(page.locator('[data-testid="day-balance"]').first()).toBeVisible();
  await expect.poll(async () => Object.keys(await balances(page)).length).toBeGreaterThanOrEqual(28);
  const before = await balances(page);
  const dates = Object.keys(before).sort();
  const target = dates[9] ?? '';
  expect(target).not.toBe('');

  // Add a one-off expense on the 10th.
  await page.locator(`button[data-date="${target}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await dialog.getByLabel('Description').fill('E2E one-off expense');
  await dialog.getByLabel('Amount ($)').fill((EXPENSE_CENTS / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await expect(page.getByText('Planned item added')).toBeVisible();
  await expect(dialog.getByText('E2E one-off expense')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const expected = Object.fromEntries(
    dates.map((d) => [d, d >= target ? (before[d] ?? 0) - EXPENSE_CENTS : before[d]]),
  );
  await expect.poll(() => balances(page), { timeout: 30_000 }).toEqual(expected);

  // Delete it: every balance is back.
  await page.locator(`button[data-date="${target}"]`).click();
  await dialog.getByRole('button', { name: 'Delete E2E one-off expense' }).click();
  await expect(page.getByText('Planned item deleted')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.poll(() => balances(page), { timeout: 30_000 }).toEqual(before);
});

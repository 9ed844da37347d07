// Your data in and out in Chromium (docs/import-export.md): an owner adds a manual account, imports a
// bank's CSV through the mapping step (its day-first dates read month-first until the person picks the
// format), confirms the preview, sees the transactions on the Money Calendar and the plan's detection
// find the rent and the paycheck among them, exports them again as CSV, and undoes the import. The
// screen at 375 and 1440 px, light and dark, with axe.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { e2eBaseUrl as base, expectNoSeriousAxeViolations, screenshots, signUpAndSignIn } from './helpers.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The first of each of the last five months and this one (UTC), with a day of the month. */
function monthlyDates(day: number): Date[] {
  const now = new Date();
  const dates: Date[] = [];
  for (let back = 5; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day));
    if (date <= now) dates.push(date);
  }
  return dates;
}
const dayFirst = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A UK bank's export: comma-separated, day-first dates whose days are all 12 or less. */
function bankCsv(): string {
  const rows = [
    ...monthlyDates(1).map((d) => [dayFirst(d), 'OAKRIDGE APARTMENTS RENT', '-1450.00']),
    ...monthlyDates(5).map((d) => [dayFirst(d), 'NETFLIX.COM', '-15.49']),
    ...monthlyDates(10).map((d) => [dayFirst(d), 'ACME CORP PAYROLL', '2450.00']),
  ];
  return ['Date,Description,Amount', ...rows.map((r) => r.join(','))].join('\n') + '\n';
}

test('a manual account, a CSV through the mapping step, on the calendar and in the plan, exported again', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-import-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Ida Importer',
  });

  // A manual account.
  await page.goto(`${base()}/import-export`);
  await expect(page.getByRole('heading', { name: 'Import & export', level: 1 })).toBeVisible();
  await page.getByLabel('Account name').fill('Credit union checking');
  await page.getByLabel('Kind').selectOption('bank');
  await page.getByLabel('Balance ($)').fill('2500.00');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Credit union checking added')).toBeVisible();
  await page.getByRole('button', { name: 'Update balance of Credit union checking' }).click();
  await page.getByLabel('New balance of Credit union checking ($)').fill('2600.00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Credit union checking updated')).toBeVisible();
  await expect(page.getByText(/\$2,600\.00 as of \d{4}-\d{2}-\d{2}/)).toBeVisible();

  // The CSV: read month-first at first, with a warning; day-first once chosen.
  await expect(page.getByLabel('Into account')).toContainText('Credit union checking (manual)');
  await page.getByLabel('Statement file').setInputFiles({
    name: 'uk-bank.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bankCsv()),
  });
  await expect(page.getByText('Every date in this file reads both day-first and month-first')).toBeVisible();
  await expect(page.getByLabel('Date format')).toHaveValue('MM/DD/YYYY');
  await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
  const lastRent = monthlyDates(1).at(-1) ?? new Date();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(
    preview
      .getByRole('row')
      .filter({ hasText: 'OAKRIDGE APARTMENTS RENT' })
      .filter({ hasText: iso(lastRent) }),
  ).toBeVisible();
  const total = monthlyDates(1).length + monthlyDates(5).length + monthlyDates(10).length;
  await expect(page.getByTestId('import-counts')).toHaveText(
    `${total} new · 0 likely duplicates · 0 skipped`,
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'import-export-preview');
  await page.getByRole('button', { name: `Import ${total} transactions` }).click();
  await expect(page.getByText(`Imported ${total} transactions`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo the import of uk-bank.csv' })).toBeVisible();

  // Accounts: marked manual.
  await page.goto(`${base()}/accounts`);
  const row = page.getByRole('listitem').filter({ hasText: 'Credit union checking' });
  await expect(row.getByText('Manual', { exact: true })).toBeVisible();
  // Its own page: marked manual, its balance as of a date, no bank to refresh from.
  await row.getByRole('link', { name: 'Credit union checking' }).click();
  await expect(page.getByRole('heading', { name: 'Credit union checking', level: 1 })).toBeVisible();
  await expect(page.getByText('Balance as of')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);

  // The calendar: the last rent on its day.
  await page.goto(`${base()}/calendar`);
  await expect(page.getByRole('heading', { name: 'Money Calendar', level: 1 })).toBeVisible();
  const thisMonth = new Date().getUTCMonth();
  if (lastRent.getUTCMonth() !== thisMonth)
    await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(
    page.locator(`button[data-date="${iso(lastRent)}"] [data-kind="actual"]`).filter({ hasText: '1,450.00' }),
  ).toBeVisible({ timeout: 30_000 });

  // The plan: detection found the paycheck and the rent among the imported rows.
  await page.goto(`${base()}/plan`);
  await expect(page.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate my plan' });
  if (await generate.isVisible().catch(() => false)) await generate.click();
  await expect(page.getByRole('region', { name: 'Income' }).getByText(/acme/i).first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/oakridge/i).first()).toBeVisible();

  // Export them again.
  await page.goto(`${base()}/import-export`);
  await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Credit union checking' });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Transactions (CSV)' }).click();
  const download = await downloading;
  const exported = readFileSync((await download.path()) ?? '', 'utf8');
  expect(exported.split('\n')[0]).toContain('Date,Account,Description');
  expect(exported).toContain(`${iso(lastRent)},Credit union checking,OAKRIDGE APARTMENTS RENT`);
  expect(exported.trim().split('\n')).toHaveLength(total + 1);

  // Undo the import: the transactions go.
  await page.getByRole('button', { name: 'Undo the import of uk-bank.csv' }).click();
  await expect(page.getByText(`Import undone: ${total} transactions removed`)).toBeVisible();
});

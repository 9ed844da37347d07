// The numbers people act on, in Chromium: a new user links First Platypus Bank
// (checking, savings, a card, a student loan, a mortgage) and generates the plan. Income holds only
// wages and interest (the loans' sides of their payments are under Transfers); the calendar opens on
// Cash with no −$200k figures; a card and a loan read as owed, positive, in the summary, the day cells
// and the chart; every account stays in the picker whatever is chosen; dates read as people write
// them; the chosen view is remembered; transactions read by their cleaned names (the bank's string kept
// beneath) in a day's dialog and on an account's page. Screenshots at 375 and 1440 px, light and dark;
// axe clean.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  apiFromPage,
  e2eBaseUrl as base,
  expectNoSeriousAxeViolations,
  linkBankThroughApi,
  SANDBOX_BANKS,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

/** '−$1,234.56 owed' → -123456 (the sign as shown). */
function cents(text: string): number {
  const negative = text.trim().startsWith('−') || text.trim().startsWith('-');
  return (negative ? -1 : 1) * Number(text.replace(/[^\d]/g, ''));
}

async function dayBalances(page: Page): Promise<string[]> {
  return page.locator('[data-testid="day-balance"]').allTextContents();
}

const ISO_DATE = /\b20\d\d-\d\d-\d\d\b/;
/** A bank's shouting description ("ONLINE TRANSFER TO SAV XXXXXX1111"): two all-capital words in a row. */
const SHOUTING = /\b[A-Z]{3,} [A-Z]{3,}\b/;

test.describe.configure({ mode: 'serial' });
let page: Page;
let profileId = '';
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});

test('First Platypus: income is wages and interest; the loans’ payments received are transfers', async () => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-numbers-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Ada Lovelace',
  });
  profileId = await linkBankThroughApi(page, SANDBOX_BANKS.platypus);
  await page.goto(`${base()}/plan`);
  await page.getByRole('button', { name: 'Generate my plan' }).click();
  await expect(page.getByText(/Your money plan is (ready|up to date)/)).toBeVisible({ timeout: 60_000 });

  // Monthly income is the wages and interest streams, whatever account they arrive on (First Platypus:
  // about $4,929), computed from the streams the API detected, not the loans' payments received.
  const { body } = await apiFromPage<{
    streams: Array<{ is_planned: boolean; monthly_amount: number; category?: { detailed: string } | null }>;
  }>(page, 'GET', '/money-plan/streams', undefined, profileId);
  const earned = body.streams.filter(
    (s) => s.is_planned && /^INCOME_(WAGES|INTEREST_EARNED)$/.test(s.category?.detailed ?? ''),
  );
  expect(earned.length).toBeGreaterThanOrEqual(2);
  const expectedIncome = Math.round(earned.reduce((sum, s) => sum + s.monthly_amount, 0));
  const shownIncome = page.locator('dl div').filter({ has: page.locator('dt', { hasText: /^Income$/ }) });
  const incomeText = (await shownIncome.locator('dd').textContent()) ?? '';
  expect(cents(incomeText)).toBe(expectedIncome);

  const income = page.getByRole('region', { name: 'Income' });
  const transfers = page.getByRole('region', { name: 'Transfers' });
  const incomeRows = income.getByRole('listitem');
  await expect(incomeRows.first()).toBeVisible();
  for (const row of await incomeRows.all()) await expect(row).toContainText(/Wages|Interest/);
  await expect(income).not.toContainText(/Payment Received|Mortgage|Loan/i);
  await expect(transfers).toContainText(/Mortgage Payment Received/i);
  await expect(transfers).toContainText(/Payment Received/i);
  // Names a person reads: no shouting bank strings, no ISO dates.
  await expect(page.getByText('FIRST PLATYPUS BANK MORTGAGE PMT')).toHaveCount(0);
  expect(await page.locator('main').innerText()).not.toMatch(ISO_DATE);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'plan-platypus');
});

test('the calendar opens on Cash; a card and a loan read as owed everywhere; every account stays listed', async () => {
  test.setTimeout(180_000);
  await page.goto(`${base()}/calendar`);
  const show = page.getByLabel('Show');
  await expect(show).toHaveValue('cash');
  await expect(page.locator('[data-testid="day-balance"]').first()).toBeVisible();
  const cash = (await dayBalances(page)).map(cents);
  expect(cash.length).toBeGreaterThanOrEqual(28);
  // No mortgage mixed into cash: nothing like −$216,000.
  expect(Math.min(...cash)).toBeGreaterThan(-50_000_00);
  await expect(page.getByText('Low / negative days', { exact: false })).toBeVisible();
  const summary = page.getByTestId('month-summary');
  await expect(summary).toContainText(/Lowest.*on (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}/s);
  expect(await page.locator('main').innerText()).not.toMatch(ISO_DATE);

  const options = await show.locator('option').allTextContents();
  expect(options[0]).toMatch(/^Cash/);
  expect(options.at(-1)).toMatch(/^Net worth/);
  const accountOptions = options.slice(1, -1);
  expect(accountOptions.length).toBe(8);
  const debts = accountOptions.filter((o) => o.endsWith('(owed)'));
  expect(debts.length).toBe(3);

  for (const debt of debts.filter((d) => /Credit|Card|Loan|Mortgage/i.test(d)).slice(0, 3)) {
    await show.selectOption({ label: debt });
    await expect(page.getByTestId('summary-closing')).toContainText(/owed|credit/);
    await expect(page.getByText('Low / negative days', { exact: false })).toHaveCount(0);
    const cells = await dayBalances(page);
    expect(cells.length).toBeGreaterThanOrEqual(28);
    for (const text of cells) expect(text, debt).toMatch(/^\$[\d,]+\.\d\d (owed|credit)$/);
    await expect(page.getByTestId('summary-closing')).not.toContainText('−');
    await expect(page.locator('figure figcaption')).toContainText(/owed/);
    await expect(page.locator('figure figcaption')).not.toContainText('−');
    // The picker still lists every account.
    expect(await show.locator('option').allTextContents()).toEqual(options);
  }

  // The forecast chart's read-out under the keyboard.
  const plot = page.getByTestId('forecast-plot');
  await plot.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('forecast-readout')).toContainText(
    /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}: \$[\d,]+\.\d\d/,
  );
  // The data table (its rows drawn when it is opened): a row a day, the last one the read-out's.
  const [, lastDay, lastAmount] =
    /^(.+?): (.+?)(?:likely |$)/.exec((await page.getByTestId('forecast-readout').textContent()) ?? '') ?? [];
  await page.getByText('Show forecast as a table').click();
  const forecastRows = page.locator('figure table tbody tr');
  await expect(forecastRows.last().locator('td')).toHaveText([lastDay ?? '', lastAmount ?? '', /\$/, /\$/]);
  expect(await forecastRows.count()).toBeGreaterThanOrEqual(90);
  await page.getByText('Show forecast as a table').click();

  // Net worth, then back: the choice is remembered across a reload.
  await show.selectOption('net_worth');
  await expect(page.getByText('Low / negative days', { exact: false })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Show')).toHaveValue('net_worth');
  await page.getByLabel('Show').selectOption('cash');
  await expect(page.getByText('Low / negative days', { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'calendar-cash-platypus');
  await page.getByLabel('Show').selectOption({ label: debts[0] ?? '' });
  await expect(page.getByTestId('summary-closing')).toContainText(/owed|credit/);
  await screenshots(page, 'calendar-owed-platypus');
  await page.getByLabel('Show').selectOption('cash');
});

test('spending by category: last month beside the one before, as a chart and a table that add up', async () => {
  test.setTimeout(120_000);
  await page.goto(`${base()}/calendar`);
  await expect(page.getByLabel('Show')).toHaveValue('cash');
  // The plan was made today: this month's spending is set beside it only from today (on the 1st, the
  // whole month), with no red "over plan" bar.
  await expect(page.getByTestId('spending-summary')).toContainText(
    new Date().getUTCDate() === 1
      ? / spent of \$[\d,]+\.\d\d planned in /
      : / spent in [A-Z][a-z]+ \d{4}; \$[\d,]+\.\d\d planned from [A-Z][a-z]{2} \d{1,2}, when your plan began/,
  );
  if (new Date().getUTCDate() !== 1)
    await expect(
      page.getByRole('list', { name: /^Spending by category in/ }).locator('.bg-red-500'),
    ).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  const card = page.locator('section, div').filter({
    has: page.getByRole('heading', { name: 'Spending by category', level: 2 }),
  });
  // Last month came before the plan: its spending stands alone.
  const summary = page.getByTestId('spending-summary');
  await expect(summary).toContainText(
    /^\$[\d,]+\.\d\d spent in [A-Z][a-z]+ \d{4}, before your plan began; \$[\d,]+\.\d\d the month before\.$/,
  );
  await card.last().getByText('Show as a table').click();
  const table = page.getByRole('table', { name: /Spending by category in/ });
  await expect(table).toBeVisible();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((cell) => cell.textContent ?? '')));
  expect(rows.length).toBeGreaterThanOrEqual(3);
  // Spending only: no transfers (card payments among them) or income among the categories.
  for (const [group] of rows) expect(group).not.toMatch(/Transfer|Income/);
  const spent = rows.reduce((sum, row) => sum + cents(row[1] ?? ''), 0);
  const summaryText = (await summary.textContent()) ?? '';
  expect(spent).toBe(cents(summaryText.split(' spent')[0] ?? ''));
  expect(rows.every((row) => /^\$[\d,]+\.\d\d$/.test(row[3] ?? ''))).toBe(true);
  await expectNoSeriousAxeViolations(page);
});

test('transactions read by their cleaned names in a day’s dialog and on an account’s page', async () => {
  test.setTimeout(120_000);
  // The checking account's latest transfer to savings: a raw "ONLINE TRANSFER TO SAV XXXXXX…" at the bank.
  const accounts = await apiFromPage<{
    accounts: Array<{ id: string; account_type: string; account_subtype?: string | null }>;
  }>(page, 'GET', '/accounts', undefined, profileId);
  const checking = accounts.body.accounts.find((a) => a.account_subtype === 'checking');
  expect(checking).toBeDefined();
  const listed = await apiFromPage<{
    transactions: Array<{ date: string; name: string; display_name: string; pending: boolean }>;
  }>(page, 'GET', `/transactions?accountId=${checking?.id}&limit=1000`, undefined, profileId);
  const transfer = listed.body.transactions.find(
    (t) => !t.pending && t.name.startsWith('ONLINE TRANSFER TO SAV'),
  );
  expect(transfer).toBeDefined();
  const { date, name: raw, display_name: readable } = transfer!;
  expect(readable).toMatch(/^Online Transfer to Savings ••\d{4}$/);

  // The calendar's day dialog for that day (Cash): the readable name first, the bank's string beneath.
  await page.goto(`${base()}/calendar`);
  await expect(page.getByLabel('Show')).toHaveValue('cash');
  const day = page.locator(`button[data-date="${date}"]`);
  await expect(page.locator('[data-testid="day-balance"]').first()).toBeVisible();
  for (let back = 0; back < 24 && (await day.count()) === 0; back++) {
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.locator('[data-testid="day-balance"]').first()).toBeVisible();
  }
  await day.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('transaction-name').filter({ hasText: readable })).toHaveCount(1);
  await expect(dialog.getByTestId('transaction-bank-text').filter({ hasText: raw })).toHaveCount(1);
  for (const primary of await dialog.getByTestId('transaction-name').allTextContents())
    expect(primary).not.toMatch(SHOUTING);
  for (const match of await dialog.getByTestId('match-summary').allTextContents())
    expect(match).not.toMatch(SHOUTING);
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The account's page: the newest transactions, and the transfer found by searching.
  await page.goto(`${base()}/accounts/${checking?.id}`);
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByTestId('transaction-name').first()).toBeVisible({ timeout: 30_000 });
  for (const primary of await list.getByTestId('transaction-name').allTextContents())
    expect(primary).not.toMatch(SHOUTING);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(date);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(date);
  await page.getByLabel('Search transactions').fill('transfer to sav');
  const row = list.getByRole('listitem').filter({ hasText: readable }).first();
  await expect(row.getByTestId('transaction-name')).toHaveText(readable);
  await expect(row.getByTestId('transaction-name')).toHaveAttribute('title', raw);
  await expect(row.getByTestId('transaction-bank-text')).toHaveText(raw);
  expect(await page.locator('main').innerText()).not.toMatch(ISO_DATE);
  await expectNoSeriousAxeViolations(page);
});

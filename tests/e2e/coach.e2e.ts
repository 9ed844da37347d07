// The AI Money Coach in Chromium: a linked user with a generated plan opens /coach from
// /ai-coach, asks "Can I afford $600 on the 20th?" and gets a verdict with the lowest cash balance with
// and without it — the "without" figure equals that day's balance on the calendar; asks about
// subscriptions and sees the detected ones; opens "How I worked this out"; the conversation survives a
// reload; a drafted planned item ("Add $50 for the gym…") goes into the plan only when the owner adds
// it; the conversation can be cleared. 375 px layout, axe light and dark, screenshots. A viewer's side
// (may ask; a drafted item comes without "Add to my plan") is the last step of money-calendar.e2e.ts,
// which already has the invited viewer.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { classifyTransaction, summaryDirection, type AccountType } from '../../domain/classification.ts';
import { dayWords, usd } from '../../domain/coach/verify.ts';
import {
  apiFromPage,
  awayFromMidnight,
  e2eBaseUrl as base,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  linkBankThroughApi,
  screenshots,
  signUpAndSignIn,
  textOverflowPx,
  textsCutShort,
} from './helpers.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sun, Dec 20" (this year or the next, whichever is not in the past) → 2026-12-20. */
function isoOf(short: string): string {
  const m = /([A-Z][a-z]{2}) (\d{1,2})(?:, (\d{4}))?/.exec(short);
  if (!m) throw new Error(`no date in ${short}`);
  const month = MONTHS.indexOf(m[1] ?? '') + 1;
  const today = new Date();
  let year = m[3] ? Number(m[3]) : today.getUTCFullYear();
  const candidate = `${year}-${String(month).padStart(2, '0')}-${String(Number(m[2])).padStart(2, '0')}`;
  if (!m[3] && candidate < today.toISOString().slice(0, 10)) year += 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(Number(m[2])).padStart(2, '0')}`;
}

test.describe.configure({ mode: 'serial' });
let page: Page;
/** The profile the bank was linked to (the person's own), for the API reads that check the figures. */
let profileId: string;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});

test('ask whether a purchase fits: the verdict, the lowest balance with and without it, as on the calendar', async () => {
  test.setTimeout(300_000);
  // The coach's figures are compared with the calendar's read later: both on the same day.
  await awayFromMidnight(120);
  await signUpAndSignIn(page, `e2e-coach-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Joan Clarke',
  });
  profileId = await linkBankThroughApi(page);
  await page.goto(`${base()}/plan`);
  await page.getByRole('button', { name: 'Generate my plan' }).click();
  await expect(page.getByText(/Your money plan is (ready|up to date)/)).toBeVisible({ timeout: 60_000 });

  await page.goto(`${base()}/ai-coach`);
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole('heading', { name: 'AI Money Coach', level: 1 })).toBeVisible();
  await expect(page.getByText('Ask me about your money')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Ask about your money').fill('Can I afford $600 on the 20th?');
  await page.getByRole('button', { name: 'Ask' }).click();
  const askedAt = new Date().toISOString();
  const answer = page.getByTestId('coach-answer').last();
  await expect(answer).toContainText(/^(Yes|No, not without a plan)/, {
    timeout: 30_000,
  });
  await expect(answer).toContainText(/bottom out at \$[\d,]+\.\d\d on .* instead of \$[\d,]+\.\d\d on/);
  const card = page.locator('figure').filter({ hasText: 'Lowest cash with it' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Safe|Tight|Overdraft risk/)).toBeVisible();
  await expect(page.getByText('Unverified figures')).toHaveCount(0);

  // "How I worked this out": the tool behind the answer, and a link to the day it turns on — the
  // lowest point with the purchase — which opens that day on the calendar.
  const withText = (await card.locator('dd').nth(0).textContent()) ?? '';
  const [withAmount, withDay] = withText.split(' on ');
  const withDate = isoOf(withDay ?? '');
  await page.getByText('How I worked this out').last().click();
  await expect(page.getByText('Added the purchase to your cash forecast')).toBeVisible();
  const dayLink = page
    .locator('details')
    .last()
    .getByRole('link', { name: /^See .+ on the calendar$/ });
  await expect(dayLink).toHaveAttribute('href', `/calendar?month=${withDate.slice(0, 7)}&day=${withDate}`);
  await dayLink.click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?month=${withDate.slice(0, 7)}&day=${withDate}$`));
  // The calendar opens on that month, with that day's dialog open.
  const monthTitle = new Date(`${withDate.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('heading', { name: monthTitle, level: 2 })).toBeVisible();
  const dayTitle = new Date(`${withDate}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('dialog', { name: dayTitle })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator(`button[data-date="${withDate}"]`)).toBeVisible();
  await page.goBack();
  await expect(card).toBeVisible();

  // The "without it" figure is the calendar's cash balance that day.
  const without = (await card.locator('dd').nth(1).textContent()) ?? '';
  const [amount, day] = without.split(' on ');
  const date = isoOf(day ?? '');
  await page.goto(`${base()}/calendar?month=${date.slice(0, 7)}`);
  await expect(page.getByLabel('Show')).toHaveValue('cash');
  await expect(
    page.locator(`button[data-date="${date}"] [data-testid="day-balance"]`),
    `the coach answered at ${askedAt}, the calendar read at ${new Date().toISOString()}`,
  ).toHaveText((amount ?? '').trim());

  // "See it on the calendar": the same day's balance with the purchase, as a what-if, removable.
  await page.goBack();
  await page.getByRole('link', { name: 'See it on the calendar' }).last().click();
  await expect(page.getByRole('status').filter({ hasText: 'What if: −$600.00 on' })).toBeVisible();
  await page.goto(page.url().replace(/month=\d{4}-\d{2}/, `month=${withDate.slice(0, 7)}`));
  await expect(
    page.locator(`button[data-date="${withDate}"] [data-testid="day-balance"]`),
    `the coach answered at ${askedAt}, the calendar read at ${new Date().toISOString()}`,
  ).toHaveText((withAmount ?? '').trim());
  await page.getByRole('button', { name: 'Remove what if' }).click();
  await expect(page.getByText('What if:')).toHaveCount(0);
});

test('subscriptions, the conversation kept across a reload, 375 px, dark mode, and clearing it', async () => {
  test.setTimeout(180_000);
  await page.goto(`${base()}/coach`);
  await page.getByRole('button', { name: 'What subscriptions do I have?' }).click();
  const answer = page.getByTestId('coach-answer').last();
  await expect(answer).toContainText(/You have \d+ subscriptions?, about \$[\d,]+\.\d\d a month/, {
    timeout: 30_000,
  });
  await expect(answer).toContainText('•');
  await page.reload();
  await expect(page.getByTestId('coach-answer')).toHaveCount(2);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByLabel('Ask about your money')).toBeInViewport();
  // No text cut short or sticking out of its box: answers, suggestions, the Ask button.
  expect(await textsCutShort(page.getByRole('main'))).toEqual([]);
  for (const box of await page
    .getByTestId('coach-answer')
    .or(page.getByRole('group', { name: 'Suggested questions' }).getByRole('button'))
    .all())
    expect(await textOverflowPx(box), (await box.textContent()) ?? '').toBe(0);
  // The question box sits above the bottom bar: the Ask button is on top where it is, and answers.
  await page.getByLabel('Ask about your money').fill('What bills are due this week?');
  const askButton = page.getByRole('button', { name: 'Ask', exact: true });
  expect(await textOverflowPx(askButton)).toBe(0);
  expect(
    await askButton.evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    }),
  ).toBe(true);
  await askButton.click();
  await expect(page.getByTestId('coach-answer')).toHaveCount(3, { timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  await emulateColorScheme(page, 'dark');
  await expectNoSeriousAxeViolations(page);
  await emulateColorScheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshots(page, 'coach');

  // A drafted planned item is added only when the owner chooses to, and then it is in the plan.
  await page.getByLabel('Ask about your money').fill('Add $50 for the gym on the 1st every month');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByTestId('coach-answer').last()).toContainText('Here is a draft for your plan: Gym');
  await page.getByRole('button', { name: 'Add to my plan' }).click();
  await expect(page.getByText('Planned item added')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Added to your plan' })).toBeDisabled();
  await page.goto(`${base()}/plan`);
  await expect(page.getByRole('region', { name: 'Bills' }).getByText('Gym')).toBeVisible();
  await page.goto(`${base()}/coach`);

  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear conversation' }).click();
  await expect(page.getByText('Ask me about your money')).toBeVisible();
  await expect(page.getByTestId('coach-answer')).toHaveCount(0);
});

test("people's phrasing: a category in everyday words and a yes/no question, each naming what it read, with the engine's figures on screen", async () => {
  test.setTimeout(120_000);
  await page.goto(`${base()}/coach`);
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const monthName = lastMonth.toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  await page.getByLabel('Ask about your money').fill('how much did i spend on grocereis last month');
  await page.getByRole('button', { name: 'Ask' }).click();
  const groceries = page.getByTestId('coach-answer').last();
  // The stored category's total, named with its month: never "no transactions matching 'groceries'".
  await expect(groceries).toContainText(
    new RegExp(`^Groceries, ${monthName}: \\$[\\d,]+\\.\\d\\d spent across \\d+ transactions?\\.`),
    { timeout: 30_000 },
  );
  await expect(groceries).not.toContainText('found no transactions');
  // The figures on screen are the engine's: last month's calendar transactions that the domain's own
  // rules count as spending in Groceries, and the cash forecast's low point before payday.
  const month = lastMonth.toISOString().slice(0, 7);
  const { body: accounts } = await apiFromPage<{
    accounts: Array<{ id: string; account_type: AccountType }>;
  }>(page, 'GET', '/accounts', undefined, profileId);
  const typeOf = new Map(accounts.accounts.map((a) => [a.id, a.account_type]));
  const { body: calendar } = await apiFromPage<{
    days: Array<{
      transactions: Array<{
        account_id: string;
        amount: number;
        name: string;
        merchant_name: string | null;
        pending: boolean;
        personal_finance_category: { primary: string | null; detailed: string | null } | null;
      }>;
    }>;
  }>(page, 'POST', '/functions/get-money-plan-calendar', { month, view: 'net_worth' }, profileId);
  const bought = calendar.days
    .flatMap((d) => d.transactions)
    .filter((t) => {
      const type = typeOf.get(t.account_id);
      if (!type || t.pending || type === 'loan' || type === 'investment') return false;
      const c = classifyTransaction(t, type);
      return (
        summaryDirection(c, type, t.amount) === 'expense' &&
        c.category.plaidDetailed === 'FOOD_AND_DRINK_GROCERIES'
      );
    });
  const spent = bought.reduce((sum, t) => sum + t.amount, 0);
  await expect(groceries).toContainText(
    `Groceries, ${monthName}: ${usd(spent)} spent across ${bought.length} transaction`,
  );

  await page.getByLabel('Ask about your money').fill('will i dip under $100 before payday');
  await page.getByRole('button', { name: 'Ask' }).click();
  const yesNo = page.getByTestId('coach-answer').last();
  await expect(yesNo).toContainText(/^(Yes|No) — your cash .* before payday \(/, { timeout: 30_000 });
  await expect(yesNo).toContainText(/Your lowest cash balance before payday \(.*\) is \$[\d,]+\.\d\d on /);
  const payday = isoOf(/before payday \(([^)]+)\)/.exec((await yesNo.textContent()) ?? '')?.[1] ?? '');
  const today = new Date().toISOString().slice(0, 10);
  const through = Math.max(0, Math.round((Date.parse(payday) - Date.parse(today)) / 86_400_000) - 1);
  const { body: cash } = await apiFromPage<{
    rows: Array<{ balance_date: string; closing_balance: number }>;
  }>(page, 'GET', `/running-balances?view=cash&days=${through}`, undefined, profileId);
  const low = cash.rows.reduce((a, b) => (b.closing_balance < a.closing_balance ? b : a));
  await expect(yesNo).toContainText(
    `${low.closing_balance < 10_000 ? 'Yes' : 'No'} — your cash ${low.closing_balance < 10_000 ? 'goes under' : 'stays above'} $100.00`,
  );
  await expect(yesNo).toContainText(`is ${usd(low.closing_balance)} on ${dayWords(low.balance_date, today)}`);
  await expect(page.getByText('Unverified figures')).toHaveCount(0);
});

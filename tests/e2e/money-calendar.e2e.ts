// The Money Plan and the Money Calendar in Chromium: a linked sandbox user opens
// /plan, generates the plan and sees payroll and rent; opens /calendar, sees next month's payday and
// balances; adds a one-off expense on a day and sees every later day's balance drop by that amount
// (and no earlier day change); deletes it and sees the balances restored. Then, as the same owner: the
// forecast settings (allowance off raises later balances and is shown apart; a high threshold marks
// every day low); a planned item matching a posted transaction shows as matched and 'Undo match'
// reopens it; /plan's add form puts an item on the calendar; 375 px layouts; axe in light and dark on
// both screens; screenshots of /calendar. Last, a viewer invited to the profile sees both screens
// without edit, add, delete or undo controls, and the server refuses their writes; on /coach they may
// ask, and a drafted planned item comes without "Add to my plan".
// It stays one file though it is long: it is one person's session in one browser, each step starting from the
// state the last one left (the linked bank, the generated plan, the one-off added and deleted); split,
// each file would sign up, link and generate again, the slowest part of the browser suite.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  answerQuestionnaire,
  E2E_PASSWORD as PASSWORD,
  e2eBaseUrl as base,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  generatePlanThroughApi,
  jobMessages,
  linkBankThroughApi,
  recordJobMessages,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

const apiUrl = () => process.env.E2E_API_URL ?? '';
const EXPENSE_CENTS = 12_345;

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

// One owner with a linked bank for the whole file: each step builds on the plan the first one generates.
test.describe.configure({ mode: 'serial' });
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});

test('generate the plan, see payday and balances, a one-off expense lowers every later day', async () => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-plan-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Grace Hopper',
  });
  await linkBankThroughApi(page);

  // /plan: generate, then payroll under Income and rent under Bills.
  await page.goto(`${base()}/plan`);
  await expect(page.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  // A job (docs/jobs.md): its steps show while it runs, pushed over the realtime socket.
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open');
  await recordJobMessages(page);
  await page.getByRole('button', { name: 'Generate my plan' }).click();
  await expect(page.getByText(/Your money plan is (ready|up to date)/)).toBeVisible({ timeout: 60_000 });
  const steps = await jobMessages(page);
  expect(steps, steps.join(' | ')).toContainEqual(
    expect.stringMatching(
      /^(Reading your transactions|Finding your paychecks, bills and subscriptions|Planning the next 2 years|Building your forecast)…$/,
    ),
  );
  // Ended: the status line gives way to the plan.
  await expect(page.getByTestId('job-message')).toHaveCount(0);
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

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The signed-in user's id token (Amplify keeps it in local storage) and their profile: in this file
 * each user has exactly one (the owner's default, which the viewer joins).
 */
async function session(p: Page): Promise<{ token: string; profileId: string }> {
  return p.evaluate(async (api) => {
    // Typed here: the suite is compiled without the DOM library.
    const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } })
      .localStorage;
    const tokenKey = Object.keys(storage).find((k) => k.endsWith('.idToken'));
    const token = (tokenKey && storage.getItem(tokenKey)) || '';
    const response = await fetch(`${api}/financial-profiles`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const profiles = (await response.json()) as Array<{ id: string }>;
    return { token, profileId: profiles[0]?.id ?? '' };
  }, apiUrl());
}

/** A profile-scoped API call with the page's own session; answers the status and body. */
async function apiCall(p: Page, method: string, path: string, body?: unknown) {
  const { token, profileId } = await session(p);
  return p.evaluate(
    async ({ url, method, token, profileId, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-profile-id': profileId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
    },
    { url: `${apiUrl()}${path}`, method, token, profileId, body },
  );
}

async function openMonthOf(p: Page, date: string) {
  await p.goto(`${base()}/calendar`);
  await expect(p.getByRole('heading', { name: 'Money Calendar', level: 1 })).toBeVisible();
  const months = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));
  const steps = months(date) - months(isoDay());
  for (let i = 0; i < Math.abs(steps); i += 1) {
    await p.getByRole('button', { name: steps < 0 ? 'Previous month' : 'Next month' }).click();
    await expect(p.getByRole('button', { name: 'Today' })).toBeVisible();
  }
  await expect(p.locator(`button[data-date="${date}"]`)).toBeVisible();
}

async function saveSettings(p: Page, change: { allowance?: boolean; threshold?: string }) {
  await p.getByRole('button', { name: 'Forecast settings' }).click();
  const dialog = p.getByRole('dialog', { name: 'Forecast settings' });
  const toggle = dialog.getByRole('switch', { name: 'Include everyday spending' });
  await expect(toggle).toBeVisible();
  if (change.allowance !== undefined && (await toggle.isChecked()) !== change.allowance) await toggle.click();
  if (change.threshold !== undefined)
    await dialog.getByLabel('Low-balance alert below ($)').fill(change.threshold);
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(p.getByText('Forecast settings saved').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('forecast settings: the allowance switch changes the balances and is shown apart; the threshold marks low days', async () => {
  test.setTimeout(120_000);
  await openMonthOf(page, isoDay(40));
  await expect.poll(async () => Object.keys(await balances(page)).length).toBeGreaterThanOrEqual(28);
  const before = await balances(page);
  await expect(page.getByTestId('allowance-summary')).toContainText('— included in the balances');

  await saveSettings(page, { allowance: false });
  await expect(page.getByTestId('allowance-summary')).toContainText('not included in the balances');
  // Without everyday spending, no later day is lower and some are higher.
  await expect
    .poll(async () => {
      const after = await balances(page);
      const dates = Object.keys(before);
      return (
        dates.every((d) => (after[d] ?? 0) >= (before[d] ?? 0)) &&
        dates.some((d) => (after[d] ?? 0) > (before[d] ?? 0))
      );
    })
    .toBe(true);

  // A threshold above every balance marks every day low (or below zero).
  await saveSettings(page, { threshold: '100000000' });
  const days = Object.keys(await balances(page)).length;
  await expect(
    page.locator('button[data-date]').filter({ hasText: /, (low balance|below zero)$/ }),
  ).toHaveCount(days);

  // Back to the defaults: the balances are as they were.
  await saveSettings(page, { allowance: true, threshold: '100.00' });
  await expect.poll(() => balances(page), { timeout: 30_000 }).toEqual(before);
  await page.reload();
  await page.getByRole('button', { name: 'Forecast settings' }).click();
  await expect(page.getByLabel('Low-balance alert below ($)')).toHaveValue('100.00');
  await page.keyboard.press('Escape');
});

test('a planned item that matches a posted transaction shows the match, and undo reopens it', async () => {
  test.setTimeout(120_000);
  // A recent day with a posted outflow (the one-off window is 3 days, so it matches that day's charge).
  let found: { date: string; name: string; amount: string } | undefined;
  for (let offset = -4; offset >= -25 && !found; offset -= 1) {
    const date = isoDay(offset);
    await openMonthOf(page, date);
    await page.locator(`button[data-date="${date}"]`).click();
    const dialog = page.getByRole('dialog');
    const transactions = dialog.getByRole('region', { name: 'Transactions' });
    // The day's dialog is its own chunk: wait for its Transactions section (a list, or "No transactions
    // on this day.") before reading rows, which `all()` does not wait for.
    await expect(transactions).toBeVisible();
    const rows = transactions.getByRole('listitem');
    for (const row of await rows.all()) {
      // The readable name (the bank's own text may sit beneath it) and the amount.
      const name = await row.getByTestId('transaction-name').textContent();
      const amount = await row.locator(':scope > span').last().textContent();
      if (name && amount?.startsWith('−') && !/Pending/.test(name)) {
        found = { date, name: name.trim(), amount: amount.replace(/[^\d.]/g, '') };
        break;
      }
    }
    if (!found) await page.keyboard.press('Escape');
  }
  if (!found) throw new Error('no posted outflow in the last weeks');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await dialog.getByLabel('Description').fill(found.name);
  await dialog.getByLabel('Amount ($)').fill(found.amount);
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await expect(page.getByText('Planned item added').first()).toBeVisible();

  const note = dialog.getByTestId('match-note');
  await expect(note).toContainText(`Matched with ${found.name}`);
  await expect(note).toContainText(
    `$${Number(found.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(dialog.getByRole('button', { name: `Edit ${found.name}` })).toHaveCount(0);
  // axe on the open day detail once the toast has gone (a toast fading in measures as low contrast).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);

  type Listed = {
    items: Array<{
      id: string;
      description: string;
      is_reconciled: boolean;
      reconciliation: { transaction_id: string } | null;
    }>;
  };
  const itemOnDay = async () => {
    const listed = await apiCall(page, 'GET', `/money-plan/items?from=${found.date}&to=${found.date}`);
    return (listed.body as Listed).items.find((i) => i.description === found.name);
  };
  const matchedWith = (await itemOnDay())?.reconciliation?.transaction_id;
  expect(matchedWith).toBeTruthy();

  await dialog.getByRole('button', { name: `Undo match of ${found.name}` }).click();
  await expect(page.getByText('Match undone: the planned item is back in your forecast')).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: `Edit ${found.name}` })).toBeVisible();
  await page.keyboard.press('Escape');
  // The undo sticks: 'generate my plan' reconciles again but never with the same transaction (it may
  // find another charge of the same payee and amount in the window; docs/money-engine.md).
  await generatePlanThroughApi((method, path, body) => apiCall(page, method, path, body));
  const after = await itemOnDay();
  expect(after?.reconciliation?.transaction_id ?? null).not.toBe(matchedWith);
  expect((await apiCall(page, 'DELETE', `/money-plan/items/${after?.id}`)).status).toBe(200);
});

test("/plan's add form puts a planned item on the calendar", async () => {
  test.setTimeout(120_000);
  const due = isoDay(45);
  await page.goto(`${base()}/plan`);
  await page.getByRole('button', { name: 'Add planned item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add planned item' });
  // The same validation and messages as the calendar's form.
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await expect(dialog.getByText('Please enter a description')).toBeVisible();
  await expect(dialog.getByText('Please enter an amount, like 45.00')).toBeVisible();
  await dialog.getByLabel('Description').fill('E2E from the plan');
  await dialog.getByLabel('Amount ($)').fill('42.00');
  await dialog.getByLabel('Date').fill(due);
  await dialog.getByLabel('Category').selectOption('GENERAL_SERVICES');
  await dialog.getByLabel('Repeats').selectOption('monthly');
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await expect(page.getByText('Planned item added').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // A repeating item is a user series: listed on the plan, and on the calendar on its day.
  await expect(page.getByTestId('stream-name').filter({ hasText: 'E2E from the plan' })).toBeVisible();
  await openMonthOf(page, due);
  await expect(
    page.locator(`button[data-date="${due}"] [data-kind="planned"]`, { hasText: 'E2E from the plan' }),
  ).toBeVisible();
});

test("a planned item's date, account and category change, then its repeat for the series; the calendar follows", async () => {
  test.setTimeout(150_000);
  const due = isoDay(45);
  const moved = isoDay(47);
  const cell = (date: string) =>
    page.locator(`button[data-date="${date}"] [data-kind="planned"]`, { hasText: 'E2E from the plan' });
  await openMonthOf(page, due);
  await page.locator(`button[data-date="${due}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Edit E2E from the plan' }).click();
  // One date only (the default on the calendar): another date, a cash account, another category.
  await expect(dialog.getByLabel('Just this one')).toBeChecked();
  await expect(dialog.getByLabel('Repeats')).toBeDisabled();
  await dialog.getByLabel('Date').fill(moved);
  const account = dialog.getByLabel('Account');
  const savings = (await account.locator('option').allTextContents()).find((label) => /sav/i.test(label));
  expect(savings).toBeTruthy();
  await account.selectOption({ label: savings ?? '' });
  await dialog.getByLabel('Category').selectOption('ENTERTAINMENT');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Planned item updated').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cell(due)).toHaveCount(0);
  await openMonthOf(page, moved);
  await expect(cell(moved)).toBeVisible();
  await page.locator(`button[data-date="${moved}"]`).click();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'E2E from the plan' }).getByTestId('planned-item-details'),
  ).toHaveText(`Entertainment · ${savings ?? ''} · Monthly`);
  await page.keyboard.press('Escape');

  // From /plan, for it and every later date: every two weeks from the moved date.
  await page.goto(`${base()}/plan`);
  await page.getByRole('button', { name: 'Edit E2E from the plan' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit E2E from the plan' });
  await expect(edit.getByLabel('This and all later ones')).toBeChecked();
  await edit.getByLabel('Repeats').selectOption('biweekly');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your plan was updated').first()).toBeVisible();
  const twoWeeksLater = isoDay(61);
  await openMonthOf(page, twoWeeksLater);
  await expect(cell(twoWeeksLater)).toBeVisible();
  await page.locator(`button[data-date="${twoWeeksLater}"]`).click();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'E2E from the plan' }).getByTestId('planned-item-details'),
  ).toHaveText(`Entertainment · ${savings ?? ''} · Every two weeks`);
});

async function axeLightAndDark(p: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await emulateColorScheme(p, scheme);
    await expectNoSeriousAxeViolations(p);
  }
  await emulateColorScheme(p, 'light');
}

const noSideScroll = (p: Page) =>
  p.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
      .document.documentElement;
    return root.scrollWidth;
  });

test('375 px layouts, axe in light and dark, screenshots of /calendar', async () => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${base()}/calendar`);
  await expect(page.getByRole('list', { name: /^Days of / })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await noSideScroll(page)).toBeLessThanOrEqual(375);
  await page.locator(`button[data-date="${isoDay()}"]`).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`${base()}/plan`);
  await expect(page.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Income' })).toBeVisible();
  expect(await noSideScroll(page)).toBeLessThanOrEqual(375);
  const add = page.getByRole('button', { name: 'Add planned item' });
  await add.focus();
  await page.keyboard.press('Enter');
  const addDialog = page.getByRole('dialog', { name: 'Add planned item' });
  await expect(addDialog).toBeVisible();
  // Focus moves into the dialog (trapped there) and returns to the button on Escape.
  await expect(addDialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(add).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 720 });
  await axeLightAndDark(page);
  await page.goto(`${base()}/calendar`);
  await expect(page.locator('[data-testid="day-balance"]').first()).toBeVisible();
  await axeLightAndDark(page);
  await screenshots(page, 'calendar');
});

/** Invites `email` to the owner's active profile as a viewer; answers the link the e-mail carries. */
async function inviteViewer(owner: Page, email: string): Promise<string> {
  const { profileId } = await session(owner);
  const response = await apiCall(owner, 'POST', `/financial-profiles/${profileId}/invitations`, {
    email,
    role: 'viewer',
  });
  expect(response.status).toBe(201);
  return (response.body as { invite_url: string }).invite_url;
}

async function viewerSignsUpThroughLink(browser: Browser, link: string, email: string): Promise<Page> {
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(link);
  await expect(viewer.getByRole('heading', { name: "You're invited" })).toBeVisible();
  await viewer.getByRole('link', { name: 'Create account' }).click();
  await answerQuestionnaire(viewer);
  await expect(viewer.getByLabel('Email')).toHaveValue(email);
  await viewer.getByLabel('Full name').fill('Vera Viewer');
  await viewer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Create account' }).click();
  await viewer.getByLabel('Confirmation code').fill('123456');
  await viewer.getByRole('button', { name: 'Verify' }).click();
  await expect(viewer).toHaveURL(/\/login/);
  await viewer.getByRole('button', { name: 'Continue' }).click();
  await viewer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Sign in' }).click();
  await expect(viewer.getByText('Account created and invitation accepted!')).toBeVisible();
  return viewer;
}

test('a viewer sees both screens without edit, add, delete or undo, and the server refuses their writes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `e2e-viewer-${randomUUID().slice(0, 8)}@example.com`;
  const viewer = await viewerSignsUpThroughLink(browser, await inviteViewer(page, email), email);

  await viewer.goto(`${base()}/plan`);
  await expect(viewer.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  await expect(
    viewer.getByRole('region', { name: 'Income' }).getByTestId('stream-name').first(),
  ).toBeVisible();
  await expect(viewer.getByText("You can view this profile's plan but not change it.")).toBeVisible();
  for (const name of [/^Generate my plan$/, /^Add planned item$/, /^Edit /, /^Delete /, /^Restore/])
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Forecast settings' })).toBeVisible();

  await viewer.goto(`${base()}/calendar`);
  await viewer.getByRole('button', { name: 'Next month' }).click();
  const planned = viewer.locator('button[data-date]:has([data-kind="planned"])').first();
  await expect(planned).toBeVisible();
  await planned.click();
  const dialog = viewer.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Planned items' })).toBeVisible();
  await expect(dialog.getByText("You can view this profile's plan but not change it.")).toBeVisible();
  for (const name of [/^Add planned item$/, /^Edit /, /^Delete /, /^Undo match/])
    await expect(dialog.getByRole('button', { name })).toHaveCount(0);
  await viewer.keyboard.press('Escape');

  // The server, not only the screen: a viewer's writes are 403.
  const { body } = await apiCall(viewer, 'GET', `/money-plan/items?from=${isoDay()}&to=${isoDay(60)}`);
  const itemId = (body as { items: Array<{ id: string }> }).items[0]?.id ?? '';
  expect(itemId).not.toBe('');
  const writes: Array<[string, string, unknown?]> = [
    [
      'POST',
      '/money-plan/items',
      { description: 'Nope', amount: -100, due_date: isoDay(3), account_id: null },
    ],
    ['PATCH', `/money-plan/items/${itemId}`, { amount: -1 }],
    ['DELETE', `/money-plan/items/${itemId}`],
    ['POST', `/money-plan/items/${itemId}/unreconcile`, {}],
    ['POST', '/money-plan/generate', {}],
  ];
  for (const [method, path, payload] of writes)
    expect((await apiCall(viewer, method, path, payload)).status, `${method} ${path}`).toBe(403);

  // The coach: a viewer may ask about the profile's money, and is drafted a planned item
  // but offered no "Add to my plan" (adding is an edit; the server refuses it above).
  await viewer.goto(`${base()}/coach`);
  await viewer.getByLabel('Ask about your money').fill('What are my subscriptions?');
  await viewer.getByRole('button', { name: 'Ask' }).click();
  await expect(viewer.getByTestId('coach-answer').last()).not.toBeEmpty();
  await viewer.getByLabel('Ask about your money').fill('Add $50 for the gym on the 1st every month');
  await viewer.getByRole('button', { name: 'Ask' }).click();
  await expect(viewer.getByTestId('coach-answer').last()).toContainText('Here is a draft for your plan: Gym');
  await expect(viewer.getByRole('button', { name: 'Add to my plan' })).toHaveCount(0);
  await expect(
    viewer.getByText('Only the owner or an editor of this profile can add it.', { exact: true }).last(),
  ).toBeVisible();
  await viewer.context().close();
});

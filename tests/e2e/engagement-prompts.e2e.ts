// Engagement prompts in Chromium (spec §4): a new user connects a sandbox bank on
// /get-started, lands on /accounts and sees the first_account prompt, which is recorded as shown in
// their engagement record (spec §3) and never comes back; generating the plan the same day records
// the event but shows nothing (at most one a day); a day later the money_plan_generated prompt shows
// and its link leads on. A subscriber sees none. axe in light and dark with the prompt on screen.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousAxeViolations,
  e2eBaseUrl as base,
  signUpAndSignIn,
  linkSandboxBank,
} from './helpers.ts';

type EngagementRecord = Record<string, unknown> & { promptsShown: string[]; lastPromptShown: string | null };

/** The signed-in user's engagement record (the only `engagement:*` key in this browser). */
async function readRecord(page: Page): Promise<EngagementRecord> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('engagement:'));
    return key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
  });
}

async function patchRecord(page: Page, patch: Record<string, unknown>) {
  await page.evaluate((fields) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('engagement:'));
    if (!key) throw new Error('no engagement record');
    localStorage.setItem(
      key,
      JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), ...fields }),
    );
  }, patch);
}

const dayAgo = () => new Date(Date.now() - 25 * 3_600_000).toISOString();
const prompt = (page: Page, name: string) => page.getByRole('complementary', { name });

/** The prompt fades in over 300 ms: axe measures colour contrast once it is opaque, not mid-fade. */
async function expectSettledPromptAccessible(page: Page, shown: ReturnType<typeof prompt>) {
  await expect(shown).toHaveCSS('opacity', '1');
  await expectNoSeriousAxeViolations(page);
}

test('engagement prompts: once each, at most one a day, never to a subscriber', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, `e2e-engage-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Mary Jackson',
  });
  await linkSandboxBank(page);

  // The connection was tracked, and the first_account prompt shows on /accounts, recorded as shown.
  const first = prompt(page, 'Your first account is connected');
  await expect(first).toBeVisible();
  await expect(first.getByRole('link', { name: 'Build my Money Plan' })).toHaveAttribute('href', '/plan');
  await expect(first.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  const shown = await readRecord(page);
  expect(shown).toMatchObject({ daysActive: 1, promptsShown: ['first_account'] });
  expect(shown.accountsConnected).toBeGreaterThanOrEqual(1);
  expect(Date.now() - Date.parse(shown.lastPromptShown ?? '')).toBeLessThan(10 * 60_000);
  await expectSettledPromptAccessible(page, first);

  // Dismiss closes it; it does not come back after a reload.
  await first.getByRole('button', { name: 'Dismiss' }).click();
  await expect(first).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary')).toHaveCount(0);

  // Generating the plan the same day is recorded, but no second prompt shows today.
  await page.goto(`${base()}/plan`);
  await page.getByRole('button', { name: 'Generate my plan' }).click();
  await expect(page.getByText(/Your money plan is (ready|up to date)/)).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await readRecord(page)).moneyPlanGenerated).toBe(true);
  await expect(page.getByRole('complementary')).toHaveCount(0);
  expect((await readRecord(page)).promptsShown).toEqual(['first_account']);

  // A subscriber (spec §3 subscriptionStatus) sees nothing, even with a prompt due. The last active day
  // is moved back so the test can tell when the prompts (mounted once the browser is idle) have counted
  // today and so decided: until then "no prompt" proves nothing, and a later decision would see the
  // status removed below and claim the plan prompt on this page.
  await patchRecord(page, { lastPromptShown: dayAgo(), lastActiveDay: '2000-01-01' });
  // The app asks the server for the status at every start: its answer says subscribed (the real answer,
  // with the subscription fields of a paying person; checkout itself is subscriptions.e2e's).
  const subscribed = '**/functions/check-subscription';
  await page.route(subscribed, async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...real,
        subscribed: true,
        status: 'subscribed',
        is_trialing: false,
        in_grace_period: false,
        trial_end: null,
      },
    });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Money Plan', level: 1 })).toBeVisible();
  await expect.poll(async () => (await readRecord(page)).lastActiveDay).not.toBe('2000-01-01');
  await expect(page.getByRole('complementary')).toHaveCount(0);
  expect((await readRecord(page)).promptsShown).toEqual(['first_account']);

  // A day later, not subscribed: the plan prompt, in dark mode too; its link leads to the calendar.
  await page.unroute(subscribed);
  await page.evaluate(() => {
    localStorage.removeItem('subscriptionStatus');
    localStorage.setItem('theme', 'dark');
  });
  await page.reload();
  const plan = prompt(page, 'Your Money Plan is ready');
  await expect(plan).toBeVisible();
  await expectSettledPromptAccessible(page, plan);
  await plan.getByRole('link', { name: 'Open my Money Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(plan).toBeHidden();
  expect((await readRecord(page)).promptsShown).toEqual(['first_account', 'money_plan_generated']);
});

test('at 375 px the prompt sits above the bottom navigation', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page, `e2e-engage-m-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Mary Jackson',
  });
  // Three active days (spec §3 daysActive) make value_experienced due; its link is the plans.
  await page.goto(`${base()}/profiles`);
  await expect.poll(() => readRecord(page)).not.toBeNull();
  await patchRecord(page, { daysActive: 3, lastActiveDay: '2000-01-01' });
  await page.reload();
  const card = prompt(page, "You're building a money habit");
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  expect(await readRecord(page)).toMatchObject({ daysActive: 4, promptsShown: ['value_experienced'] });
  const bottomNav = page.getByRole('navigation', { name: 'Bottom navigation' });
  // Polled: the card slides in from a few pixels lower.
  await expect
    .poll(async () => {
      const [box, nav] = [await card.boundingBox(), await bottomNav.boundingBox()];
      return Boolean(box && nav && box.y + box.height <= nav.y && box.x >= 0 && box.x + box.width <= 375);
    })
    .toBe(true);
  // Keyboard: Escape from inside the card closes it.
  await card.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});

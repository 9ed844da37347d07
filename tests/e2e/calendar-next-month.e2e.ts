// The Money Calendar's month arrows answer from the cache: once a month shows, the months either side
// are fetched while the person looks at it, so 'Next month' renders without a request of its own. The
// test counts every calendar request by the month its body asks for; without the neighbours' prefetch
// the click sends one for the next month and the test fails.
import { randomUUID } from 'node:crypto';
import { expect, test, type Request } from '@playwright/test';
import {
  apiFromPage,
  e2eBaseUrl as base,
  generatePlanThroughApi,
  linkBankThroughApi,
  signUpAndSignIn,
} from './helpers.ts';

/** The month a calendar request asks for, or null for any other request. */
function calendarMonth(request: Request): string | null {
  if (!request.url().includes('/functions/get-money-plan-calendar')) return null;
  const body = request.postDataJSON() as { month?: unknown } | null;
  return typeof body?.month === 'string' ? body.month : null;
}

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('after one month shows, the next month renders without a request of its own', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, `e2e-next-month-${randomUUID().slice(0, 8)}@example.com`);
  const profileId = await linkBankThroughApi(page);
  // The plan and its forecast are in before the calendar opens: a job ending later would invalidate the
  // months in the cache (realtime), and the next month would then be read again on its click.
  await generatePlanThroughApi((method, path, body) => apiFromPage(page, method, path, body, profileId));

  const asked: Array<{ month: string; at: number }> = [];
  const answered = new Set<string>();
  page.on('request', (request) => {
    const month = calendarMonth(request);
    if (month) asked.push({ month, at: Date.now() });
  });
  page.on('requestfinished', (request) => {
    const month = calendarMonth(request);
    if (month) answered.add(month);
  });
  await page.goto(`${base()}/calendar`);
  const grid = page.locator('table[aria-label^="Calendar for"]');
  await expect(grid).toBeVisible({ timeout: 30_000 });
  const shown = (await grid.getAttribute('aria-label'))?.replace('Calendar for ', '') ?? '';
  const month = asked[0]?.month ?? '';
  expect(monthName(month)).toBe(shown);
  const [year, index] = month.split('-').map(Number) as [number, number];
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;

  // The neighbour is asked for while the month is on screen, and its answer is in before the click.
  await expect.poll(() => answered.has(next), { timeout: 15_000 }).toBe(true);
  // Settled: no calendar request for a second and a half (nothing left that would read a month again).
  await expect
    .poll(() => Date.now() - Math.max(...asked.map((r) => r.at)), { timeout: 20_000, intervals: [250] })
    .toBeGreaterThan(1_500);
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(
    page.locator(`table[aria-label="Calendar for ${monthName(next)}"] button[data-date]`).first(),
  ).toBeVisible();
  expect(asked.filter((r) => r.month === next && r.at >= clickedAt)).toEqual([]);
  // And the month after it is asked for in its turn, ready for the next click.
  await expect
    .poll(() => asked.some((r) => r.at >= clickedAt && r.month > next), { timeout: 15_000 })
    .toBe(true);
});

// A cold deep link to /calendar with a stored session: the screen's data requests
// start with its code, not after it — the calendar request is sent by index.html's inline script, from
// the config in the page, before the last JavaScript file has finished loading — and nothing in the
// session sends a CORS preflight. The app then renders the screen from a warm cache, in one commit, not
// one per gate.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { inlineScriptHashes } from '../../infra/csp.ts';
import {
  apiFromPage,
  e2eBaseUrl as base,
  generatePlanThroughApi,
  linkBankThroughApi,
  signUpAndSignIn,
} from './helpers.ts';

const CALENDAR_GRID = 'table[aria-label^="Calendar for"] button';

/** Counts React's commits before the grid shows, on `window.commitsBeforeGrid` (React DOM calls its
 * DevTools hook on each commit). */
async function countCommitsBeforeGrid(page: Page): Promise<void> {
  await page.addInitScript((grid) => {
    const win = window as unknown as { commitsBeforeGrid: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    win.commitsBeforeGrid = 0;
    let shown = false;
    const noop = () => undefined;
    win.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: noop,
      onScheduleFiberRoot: noop,
      onCommitFiberUnmount: noop,
      onPostCommitFiberRoot: noop,
      onCommitFiberRoot: () => {
        shown ||= document.querySelector(grid) !== null;
        if (!shown) win.commitsBeforeGrid += 1;
      },
    };
  }, CALENDAR_GRID);
}

test('a cold /calendar deep link asks for its month before the last script has loaded', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, `deep-link-${randomUUID()}@example.com`);
  const profileId = await linkBankThroughApi(page);
  await generatePlanThroughApi((method, path, body) => apiFromPage(page, method, path, body, profileId));
  // A first visit, as the person made before: the app remembers the profile and view it showed.
  await page.goto(`${base()}/calendar`);
  await expect(page.locator(CALENDAR_GRID).first()).toBeVisible({ timeout: 60_000 });
  const storageState = await page.context().storageState();

  // Cold: a new context (empty HTTP cache) with the stored session, straight to /calendar.
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const cold = await context.newPage();
  // As CloudFront serves the page: only scripts from the site and the inline ones the deploy hashed run
  // (infra/csp.ts, hashed from the page as served, its config block filled).
  const violations: string[] = [];
  await cold.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await cold.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  await countCommitsBeforeGrid(cold);
  await cold.route(`${base()}/calendar`, async (route) => {
    const response = await route.fetch();
    const hashes = inlineScriptHashes(await response.text());
    expect(hashes).toHaveLength(2);
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': `script-src 'self' ${hashes.join(' ')}` },
    });
  });
  const scriptEnds: number[] = [];
  const preflights: string[] = [];
  const configRequests: string[] = [];
  let calendarSentAt = Number.POSITIVE_INFINITY;
  const apiCalls: string[] = [];
  cold.on('request', (request) => {
    if (request.method() === 'OPTIONS') preflights.push(request.url());
    // A calendar call is named with its body (month and view): the lazy spending chart below the grid
    // asks for other months and views of its own once its code is in, which is no second ask.
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/'))
      apiCalls.push(
        `${request.method()} ${pathname.replace(/^\/api/, '')}${
          pathname.endsWith('/get-money-plan-calendar') ? ` ${request.postData()}` : ''
        }`,
      );
    if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
  });
  // Who sent the calendar request: the script frames of its initiator (Chrome DevTools Protocol).
  const cdp = await context.newCDPSession(cold);
  await cdp.send('Network.enable');
  const calendarSenders: string[][] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.endsWith('/functions/get-money-plan-calendar'))
      calendarSenders.push((event.initiator.stack?.callFrames ?? []).map((frame) => frame.url));
  });
  cold.on('requestfinished', (request) => {
    const timing = request.timing();
    if (request.resourceType() === 'script') scriptEnds.push(timing.startTime + timing.responseEnd);
    if (request.url().endsWith('/functions/get-money-plan-calendar'))
      calendarSentAt = Math.min(calendarSentAt, timing.startTime);
  });
  await cold.goto(`${base()}/calendar`);
  await expect(cold.locator(CALENDAR_GRID).first()).toBeVisible({ timeout: 60_000 });
  // The scripts the screen needed: those in before its grid was (later ones are spec §2's preloads).
  const shownAt = await cold.evaluate(() => performance.timeOrigin + performance.now());
  await expect.poll(() => Number.isFinite(calendarSentAt)).toBe(true);
  const needed = scriptEnds.filter((end) => end <= shownAt);
  const callsBeforeGrid = [...apiCalls];
  const commitsBeforeGrid = await cold.evaluate(
    () => (window as unknown as { commitsBeforeGrid: number }).commitsBeforeGrid,
  );

  expect(needed.length).toBeGreaterThan(1);
  // The calendar's data was on its way while the app's code was still arriving: sent by index.html's
  // inline script (its frames are the page's own URL, no JavaScript file), from the config the server
  // put into the page, which is therefore not requested.
  expect(calendarSentAt).toBeLessThan(Math.max(...needed));
  expect(calendarSenders[0]?.length).toBeGreaterThan(0);
  expect(calendarSenders[0]?.every((url) => new URL(url).pathname === '/calendar')).toBe(true);
  expect(configRequests).toEqual([]);
  // One render from a warm cache (lib/signed-in-start.ts): the gates and the screen read the answers the
  // page asked for, each asked for once, and React draws the providers' waiting state in one commit and
  // the screen with its grid in the next (a transition), where the gates' cascade (auth, second factor,
  // profiles, settings, month) took nine.
  expect(commitsBeforeGrid).toBeGreaterThan(0);
  expect(commitsBeforeGrid).toBeLessThanOrEqual(2);
  const calendarCalls = callsBeforeGrid.filter((made) =>
    made.startsWith('POST /functions/get-money-plan-calendar'),
  );
  expect(calendarCalls.length).toBeGreaterThan(0);
  for (const call of [
    'GET /two-factor',
    'GET /financial-profiles',
    'GET /profiles/me',
    'GET /money-plan/settings',
    // The opening month in the opening view, as index.html asked for it; and no month or view twice.
    ...new Set(calendarCalls),
  ])
    expect(
      callsBeforeGrid.filter((made) => made === call),
      call,
    ).toHaveLength(1);
  expect(preflights).toEqual([]);
  expect(violations).toEqual([]);
  await context.close();

  // A slow API does not hold the app: with the profiles list held back, the app stops waiting for the
  // prepared start (app/boot.tsx, SIGNED_IN_START_MAX_MS) and renders its loading state; the grid then
  // follows the answer.
  const slowContext = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const slow = await slowContext.newPage();
  await countCommitsBeforeGrid(slow);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await slow.route(`${base()}/api/financial-profiles`, async (route) => {
    await held;
    await route.continue();
  });
  await slow.goto(`${base()}/calendar`);
  await slow.waitForFunction(
    () => (window as unknown as { commitsBeforeGrid: number }).commitsBeforeGrid > 0,
    null,
    { timeout: 30_000 },
  );
  await expect(slow.locator(CALENDAR_GRID)).toHaveCount(0);
  release();
  await expect(slow.locator(CALENDAR_GRID).first()).toBeVisible({ timeout: 60_000 });
  await slowContext.close();
});

// The browser measurements behind the web figures of `npm run bench` (bin/web-bench.ts), each as a
// person meets it in Debian's Chromium: a cold deep link, a sign-in, a month's arrow, "Generate my plan",
// the JavaScript a screen needs, the CORS preflights of a session and Lighthouse's mobile score. Times
// are read from the page's own clock (performance.now, a MutationObserver noting when an element first
// appears), never from when this process hears of an event, which lags by however busy the machine is.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { BENCH_PASSWORD as PASSWORD } from './bench-user.ts';
import { recordNetwork } from './web-network.ts';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The calendar grid: the month's table or its mobile list of days, holding a day. */
export const CALENDAR_GRID = 'table[aria-label^="Calendar for"] button, ol[aria-label^="Days of"] button';
/** /accounts with its accounts listed (features/accounts: a list per account type). */
export const ACCOUNTS_LIST = 'ul[aria-labelledby^="group-"] li';

/** Records, in the page's own clock, when an element matching `selector` is first in the document. */
const shownWatch = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (document.querySelector(${JSON.stringify(selector)})) { window.__shownAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

/** A script noting (page clock) when `condition`, a JavaScript expression, first holds after a change
 * of the document. */
const watchFor = (condition: string) => `(() => {
  window.__shownAt = undefined;
  new MutationObserver((_, observer) => {
    if (${condition}) { window.__shownAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

async function shownAt(page: Page): Promise<number> {
  await page.waitForFunction('window.__shownAt !== undefined', null, { timeout: 60_000, polling: 50 });
  return Number(await page.evaluate('window.__shownAt'));
}

/** Notes (page clock) the page's next click, before the app handles it. */
async function noteNextClick(page: Page): Promise<void> {
  await page.evaluate(
    `document.addEventListener('click', () => { window.__clickAt = performance.now(); }, { capture: true, once: true })`,
  );
}

const clickedAt = async (page: Page) => Number(await page.evaluate('window.__clickAt'));

export interface DeepLinkRun {
  gridMs: number;
  calendarRequestStartMs: number;
  lastJsEndMs: number;
  jsFiles: number;
}

/** One cold deep link to /calendar: a new context (empty cache) with the stored session, CPU 4×. */
export async function coldDeepLink(
  browser: Browser,
  web: string,
  storage: StorageState,
): Promise<DeepLinkRun> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(shownWatch(CALENDAR_GRID));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const jsEnds: number[] = [];
    let calendarStart = Number.POSITIVE_INFINITY;
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      if (request.resourceType() === 'script') jsEnds.push(timing.startTime + timing.responseEnd);
      if (request.url().includes('/functions/get-money-plan-calendar'))
        calendarStart = Math.min(calendarStart, timing.startTime);
    });
    await page.goto(`${web}/calendar`);
    const gridMs = await shownAt(page);
    // The scripts counted are those the screen needed: in before its grid was.
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const needed = jsEnds.filter((end) => end <= navigationStart + gridMs);
    return {
      gridMs,
      calendarRequestStartMs: calendarStart - navigationStart,
      lastJsEndMs: Math.max(...needed) - navigationStart,
      jsFiles: needed.length,
    };
  } finally {
    await context.close();
  }
}

/** The JavaScript (files, gzip KB) a cold browser has loaded when `selector` first appears. */
export async function jsToShow(
  browser: Browser,
  url: string,
  storage: StorageState | undefined,
  selector: string,
): Promise<{ files: number; kb: number }> {
  const context = await browser.newContext(storage ? { storageState: storage } : {});
  try {
    const page = await context.newPage();
    await page.addInitScript(shownWatch(selector));
    const scripts: Array<Promise<{ end: number; body: Buffer | null }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const timing = request.timing();
      scripts.push(
        request
          .response()
          .then((response) => response?.body() ?? null)
          .catch(() => null)
          .then((body) => ({ end: timing.startTime + timing.responseEnd, body })),
      );
    });
    await page.goto(url);
    const shown = await shownAt(page);
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const needed = (await Promise.all(scripts)).filter(({ end }) => end <= navigationStart + shown);
    const kb =
      needed.reduce((sum, { body }) => sum + (body ? gzipSync(body, { level: 9 }).length : 0), 0) / 1024;
    return { files: needed.length, kb };
  } finally {
    await context.close();
  }
}

/** Fills /login's two steps (the password typed, not yet sent). */
async function fillSignIn(page: Page, web: string, email: string): Promise<void> {
  await page.goto(`${web}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

/** Signs in through /login as a person does; the context's storage then holds Amplify's session. */
export async function signIn(page: Page, web: string, email: string): Promise<void> {
  await fillSignIn(page, web, email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

/**
 * From the click on 'Sign in' to the first signed-in screen with its data: spec §2's home logic sends
 * a person with accounts to /accounts, so until its accounts are listed. A fresh context each time,
 * which has loaded /login as the person did (unthrottled, as a desktop browser).
 */
export async function signInToFirstScreen(browser: Browser, web: string, email: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(shownWatch(ACCOUNTS_LIST));
    await fillSignIn(page, web, email);
    await noteNextClick(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const shown = await shownAt(page);
    const clicked = await clickedAt(page);
    return shown - clicked;
  } finally {
    await context.close();
  }
}

/**
 * A month's 'Next month' click on /calendar: from the click to the next month's grid, and the calendar
 * requests the click sent for that month (the neighbours' prefetch should have brought it: 0). Each
 * click waits until the month on screen has settled (its neighbours asked for and answered).
 */
export async function nextMonthClicks(
  browser: Browser,
  web: string,
  storage: StorageState,
  clicks: number,
): Promise<{ ms: number[]; ownRequests: number }> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    let lastCalendarRequest = Date.now();
    const asked: Array<{ month: string; at: number }> = [];
    page.on('request', (request) => {
      if (!request.url().includes('/functions/get-money-plan-calendar')) return;
      lastCalendarRequest = Date.now();
      const month = (request.postDataJSON() as { month?: string } | null)?.month;
      if (month) asked.push({ month, at: lastCalendarRequest });
    });
    await page.goto(`${web}/calendar`);
    await page.locator(CALENDAR_GRID).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('load');
    const ms: number[] = [];
    const shownAfter: Array<{ label: string; at: number }> = [];
    const settle = async () => {
      // Settled: no calendar request for a second (the neighbours' prefetch sent and answered).
      while (Date.now() - lastCalendarRequest < 1_000) await page.waitForTimeout(200);
    };
    for (let click = 0; click < clicks; click += 1) {
      await settle();
      const label =
        (await page.locator('table[aria-label^="Calendar for"]').getAttribute('aria-label')) ?? '';
      await page.evaluate(
        watchFor(
          `document.querySelector('table[aria-label^="Calendar for"]:not([aria-label="${label}"]) button')`,
        ),
      );
      await noteNextClick(page);
      const at = Date.now();
      await page.getByRole('button', { name: 'Next month' }).click();
      const shown = await shownAt(page);
      ms.push(shown - (await clickedAt(page)));
      const now = (await page.locator('table[aria-label^="Calendar for"]').getAttribute('aria-label')) ?? '';
      shownAfter.push({ label: now, at });
    }
    await settle();
    // A request for a month sent after the click that showed it is that click's own.
    const ownRequests = shownAfter.reduce(
      (count, { label, at }) =>
        count + asked.filter((r) => r.at >= at && label === `Calendar for ${monthName(r.month)}`).length,
      0,
    );
    return { ms, ownRequests };
  } finally {
    await context.close();
  }
}

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export interface PlanRun {
  /** Click to 'Generate my plan''s answer (202 with the job) arriving. */
  answerMs: number;
  /** Click to the job's first running step pushed over the realtime channel: the wait in the queue. */
  startPushedMs: number;
  /** Click to the job's end pushed (NaN if no push came). */
  endPushedMs: number;
  /** Every step pushed, with its time since the click. */
  steps: string[];
  /** Click to the plan on screen: the outcome's toast, after the refresh that shows plan and forecast. */
  readyMs: number;
}

/** "Generate my plan" on /plan, from the click to the plan on screen, with where the time went. */
export async function planReady(browser: Browser, web: string, storage: StorageState): Promise<PlanRun> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    // Each job step pushed, by when this process heard it (the job's own clock is the server's).
    const pushes: Array<{ step: string; status: string; at: number }> = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (!text.includes('"JobProgress"')) return;
        try {
          const messages = JSON.parse(text) as unknown;
          for (const message of Array.isArray(messages) ? messages : [messages]) {
            const job = (message as { job?: { step?: string; status?: string } }).job;
            if (job?.status) pushes.push({ step: job.step ?? '', status: job.status, at: Date.now() });
          }
        } catch {
          // Not a JSON push: not a job's.
        }
      }),
    );
    let answerEnd = Number.NaN;
    page.on('requestfinished', (request) => {
      if (!request.url().endsWith('/money-plan/generate')) return;
      const timing = request.timing();
      answerEnd = timing.startTime + timing.responseEnd;
    });
    await page.goto(`${web}/plan`);
    const generate = page.getByRole('button', { name: 'Generate my plan' });
    await generate.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } })
          .document.documentElement.dataset.realtime === 'open',
      null,
      { timeout: 30_000 },
    );
    await page.evaluate(watchFor(`/Your money plan is (ready|up to date)/.test(document.body.textContent)`));
    await noteNextClick(page);
    await generate.click();
    const shown = await shownAt(page);
    const clicked = await clickedAt(page);
    const origin = await page.evaluate(() => performance.timeOrigin);
    const since = (wall: number | undefined) => (wall === undefined ? Number.NaN : wall - origin - clicked);
    return {
      answerMs: answerEnd - origin - clicked,
      startPushedMs: since(pushes.find((p) => p.status === 'running')?.at),
      endPushedMs: since(pushes.find((p) => p.status === 'succeeded' || p.status === 'failed')?.at),
      readyMs: shown - clicked,
      steps: pushes.map((p) => `${p.step}/${p.status} +${Math.round(since(p.at))} ms`),
    };
  } finally {
    await context.close();
  }
}

/**
 * The CORS preflights of a signed-in session, counted from the DevTools Protocol's network events: a
 * sign-in through /login (Cognito is another origin), then the money screens. Those to our own API
 * (target 0: it is served from the page's origin) and all of them.
 */
export async function sessionPreflights(
  browser: Browser,
  web: string,
  email: string,
): Promise<{ api: number; all: number; requests: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const network = await recordNetwork(context, page);
    await signIn(page, web, email);
    for (const path of ['/accounts', '/calendar', '/plan', '/coach', '/settings', '/profiles']) {
      await page.goto(`${web}${path}`);
      // The screen and its data (the page never goes quiet: reports and realtime keep a line open).
      await page.waitForLoadState('load');
      await page.waitForTimeout(2_000);
    }
    const preflights = network.preflights();
    const requests = network
      .requests()
      .filter((r) => r.type !== 'Preflight' && new URL(r.url).pathname.startsWith('/api/'));
    await network.stop();
    return {
      api: preflights.filter((r) => r.url.startsWith(`${web}/`)).length,
      all: preflights.length,
      requests: requests.length,
    };
  } finally {
    await context.close();
  }
}

/** Lighthouse's mobile performance score (0–100), with the session and the cache as prepared. */
async function lighthouseScore(port: number, url: string): Promise<number> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Keep local storage (the signed-in session); the HTTP cache is cleared before each run instead.
    disableStorageReset: true,
  });
  const score = result?.lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no score for ${url}`);
  return Math.round(score * 100);
}

/** Lighthouse opens its tab in the browser's default context: a persistent context's, so the session
 * can be put there first. Median of `runs`. */
export async function lighthouseMedian(
  context: BrowserContext,
  port: number,
  url: string,
  storage: StorageState | undefined,
  runs: number,
): Promise<number> {
  const page = context.pages()[0] ?? (await context.newPage());
  const origin = new URL(url).origin;
  await page.goto(`${origin}/terms`);
  await page.evaluate(
    (entries) => {
      const local = (
        globalThis as unknown as {
          localStorage: { clear(): void; setItem(key: string, value: string): void };
        }
      ).localStorage;
      local.clear();
      for (const { name, value } of entries) local.setItem(name, value);
    },
    storage?.origins.find((o) => o.origin === origin)?.localStorage ?? [],
  );
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  const scores: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await cdp.send('Network.clearBrowserCache');
    scores.push(await lighthouseScore(port, url));
  }
  await cdp.detach();
  return median(scores);
}

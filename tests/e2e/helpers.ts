// Steps several end-to-end files share: the signup questionnaire (spec §2, before 'Create your
// account'), a new user's sign-up through to /get-started, connecting the sandbox's First Gingham
// Credit Union, the axe check (no serious or critical violation) and the review screenshots.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const e2eBaseUrl = () => process.env.E2E_BASE_URL ?? '';
// Not a common breached password: the sign-up form's trigger refuses those (domain/breached-passwords.ts).
export const E2E_PASSWORD = 'tallywise-e2e-pass';
const screenshotDir = resolve(import.meta.dirname, '..', '..', 'e2e-screenshots');

/** On /signup: answers the 3-step questionnaire and waits for 'Create your account'. */
export async function answerQuestionnaire(page: Page) {
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('radio', { name: 'Living paycheck to paycheck' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Top financial goal').selectOption('emergency-savings');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Fairly confident/ }).check();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText("Thanks! Now let's create your account")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
}

/**
 * A new user: the account made and confirmed through Cognito as the sign-up screen makes it (SignUp with
 * e-mail and name, then the confirmation code; cognito-local's fixed one), then the two-step sign-in in
 * the browser and spec §2's home logic landing them on /get-started. The sign-up screens themselves
 * (questionnaire, 'Create your account', 'Resend code', the code) are walked in journey.e2e.ts and
 * web-app.e2e.ts; every other file starts from here, which saves each of them half a minute on a busy
 * machine.
 */
export async function signUpAndSignIn(
  page: Page,
  email: string,
  {
    fullName = 'Ada Lovelace',
    expectWelcomeToast = false,
    /** Start the 7-day trial at once, so the money screens open before any bank is linked. */
    trial = true,
  } = {},
) {
  await createConfirmedUser(email, fullName);
  await signInThroughUi(page, email);
  // A sign-in through /login alone (the account was made outside the sign-up form) is welcomed back.
  if (expectWelcomeToast) await expect(page.getByText('Welcome back!')).toBeVisible();
  // A first sign-in on a fresh local cloud also loads each handler's code once: allow for a busy machine.
  await expect(page).toHaveURL(/\/get-started$/, { timeout: 45_000 });
  if (trial) await startTrial(page);
}

/** The suite's cognito-local, as the SDK's admin and user-pool calls reach it. */
export async function e2eCognito() {
  const { CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');
  return new CognitoIdentityProviderClient({
    region: process.env.E2E_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    endpoint: process.env.E2E_COGNITO_URL,
  });
}

/** SignUp and ConfirmSignUp against the suite's cognito-local, as the SPA's sign-up screens call them. */
export async function createConfirmedUser(email: string, fullName: string) {
  const { ConfirmSignUpCommand, SignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const cognito = await e2eCognito();
  const ClientId = process.env.E2E_USER_POOL_CLIENT_ID ?? '';
  await cognito.send(
    new SignUpCommand({
      ClientId,
      Username: email,
      Password: E2E_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: fullName },
      ],
    }),
  );
  await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: '123456' }));
}

/** The two-step sign-in of /login with the suite's password; ends off the sign-in page. */
export async function signInThroughUi(page: Page, email: string) {
  await page.goto(`${e2eBaseUrl()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A call to the API as the signed-in page makes it (its ID token; the profile as X-Profile-Id when given),
 * from inside the page: for set-up steps whose screens other tests walk.
 */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  profileId?: string,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ url, method, body, profileId }) => {
      // Typed here: the suite is compiled without the DOM library.
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } })
        .localStorage;
      const tokenKey = Object.keys(storage).find((k) => k.endsWith('.idToken'));
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${(tokenKey && storage.getItem(tokenKey)) || ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(profileId ? { 'x-profile-id': profileId } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    // Same-origin, as the SPA calls it (/api, proxied to the local gateway as CloudFront does in the cloud).
    { url: `${e2eBaseUrl()}/api${path}`, method, body, profileId },
  );
}

/**
 * Starts the signed-in user's card-free 7-day trial through the API (spec §6: available to any
 * signed-in user), as a first bank connection would, and reloads so the SPA reads the new status
 * (the money screens are behind the subscription gate).
 */
export async function startTrial(page: Page) {
  const { status } = await apiFromPage(page, 'POST', '/functions/start-trial', {});
  expect(status).toBe(200);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage.removeItem(
      'subscriptionStatus',
    ),
  );
  await page.reload();
}

export const SANDBOX_BANKS = { gingham: 'ins_109509', platypus: 'ins_109508' } as const;

/**
 * Waits out the last `seconds` of a UTC day. The local cloud's "today" (the forecast, the Plaid
 * sandbox's ledger) turns at UTC midnight: new transactions post and every forecast starts a day later,
 * so a test that compares a figure read before midnight with one read after would compare two days.
 */
export async function awayFromMidnight(seconds: number) {
  const now = Date.now();
  const nextMidnight = Math.ceil(now / 86_400_000) * 86_400_000;
  if (nextMidnight - now < seconds * 1000)
    await new Promise((r) => setTimeout(r, nextMidnight - now + 5_000));
}

/**
 * Links a sandbox bank (user_good) to the signed-in user's default profile through the API — a sandbox
 * public token, then plaid-exchange-token as the Link flow calls it — and waits until every account's
 * history is in. For tests about what comes after linking; bank-linking.e2e.ts and onboarding.e2e.ts
 * walk the Link screens themselves.
 */
export async function linkBankThroughApi(page: Page, institutionId: string = SANDBOX_BANKS.gingham) {
  const { sandboxPublicToken } = await import('../../local/plaid-sandbox-token.ts');
  const publicToken = await sandboxPublicToken(process.env.E2E_PLAID_URL ?? '', institutionId);
  const ensured = await apiFromPage<{ profile: { id: string } }>(
    page,
    'POST',
    '/functions/ensure-default-profile',
    {},
  );
  const profileId = ensured.body.profile.id;
  const exchanged = await apiFromPage(
    page,
    'POST',
    '/functions/plaid-exchange-token',
    { publicToken },
    profileId,
  );
  expect(exchanged.status).toBe(200);
  await expect
    .poll(
      async () => {
        const { body } = await apiFromPage<{ accounts: Array<{ historical_sync_status: string }> }>(
          page,
          'GET',
          '/accounts',
          undefined,
          profileId,
        );
        return (
          body.accounts.length > 0 && body.accounts.every((a) => a.historical_sync_status === 'completed')
        );
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  return profileId;
}

/**
 * On /get-started: links a sandbox bank through the Link stand-in (First Gingham by default: checking,
 * savings, a card; account selection when offered), moves on from onboarding to /accounts, and
 * optionally waits for the sync.
 */
export async function linkSandboxBank(
  page: Page,
  {
    waitForSync = false,
    institution = { search: 'gingham', name: 'First Gingham Credit Union' },
  }: { waitForSync?: boolean; institution?: { search: string; name: string } } = {},
) {
  const connect = page.getByRole('button', { name: 'Connect accounts' });
  await expect(connect).toBeEnabled();
  await connect.click();
  const link = page.frameLocator('iframe[title="Plaid Link"]');
  await link.getByRole('button', { name: 'Continue' }).click();
  await link.getByLabel('Search institutions').fill(institution.search);
  await link.getByRole('button', { name: institution.name }).click();
  await logInAndFinish(link);
  await continueFromOnboardingToAccounts(page);
  if (waitForSync) {
    // The list must be on screen first: while it loads there is no 'Syncing…' to wait out, and a plan
    // generated then would be found in part of the history.
    await expect(page.getByRole('heading', { name: 'Totals' })).toBeAttached({ timeout: 45_000 });
    await expect(page.getByText('Syncing…')).toHaveCount(0, { timeout: 90_000 });
  }
}

/**
 * After a first connection on /get-started the app goes to the review of what was found (spec §4,
 * /onboarding?patterns=true&firstTime=true); files about other screens move on to /accounts by the
 * header, in the app, so the connect flow's own watchers (the sync toast) keep running.
 */
export async function continueFromOnboardingToAccounts(page: Page) {
  // The exchange, the account links and spec §4's 1 s pause come first: give a busy machine time.
  await expect(page).toHaveURL(/\/onboarding\?patterns=true&firstTime=true$/, { timeout: 45_000 });
  await page.getByRole('link', { name: 'Accounts', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/accounts$/);
}

/** In the Link stand-in: the bank login, then on to Success and back (account selection when offered). */
export async function logInAndFinish(link: FrameLocator) {
  await link.getByLabel('Username').fill('user_good');
  await link.getByLabel('Password').fill('pass_good');
  await link.getByRole('button', { name: 'Continue' }).click();
  const success = link.getByRole('heading', { name: 'Success' });
  const selection = link.getByRole('heading', { name: 'Select accounts' });
  await expect(success.or(selection)).toBeVisible();
  if (await selection.isVisible()) await link.getByRole('button', { name: 'Continue' }).click();
  await expect(success).toBeVisible();
  await link.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The texts inside `scope` shown cut short: an element with its own text whose box clips it (an ellipsis
 * or a hidden overflow narrower than the text). Empty when every text is whole.
 */
export async function textsCutShort(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const cut: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const hasOwnText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      // Not shown, or only to screen readers (sr-only: a 1 px box).
      if (!hasOwnText || element.getClientRects().length === 0 || element.clientWidth <= 1) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1)
        cut.push((element.textContent ?? '').trim());
    }
    return cut;
  });
}

/** How far `text` (the element's text, as laid out and transformed) sticks out of `box` on either side, in px. */
export async function textOverflowPx(box: Locator): Promise<number> {
  return box.evaluate(async (element) => {
    // After a frame: fitted text (components/ui/avatar.tsx) is scaled as the frame is laid out.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const outer = element.getBoundingClientRect();
    return Math.max(0, outer.left - text.left, text.right - outer.right);
  });
}

/**
 * The browser told the person prefers `scheme`, and the app's theme (on "system") following it: the
 * `dark` class on <html> changes from a media-query listener, after the emulation has returned, and
 * its colour transitions start only then.
 */
export async function emulateColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  const html = page.locator('html');
  if (scheme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/** `within`: a selector to check alone (a modal dialog, whose page behind it is inert and covered). */
export async function expectNoSeriousAxeViolations(page: Page, within?: string) {
  // Axe reads colours as drawn: a dialog's fade-in or a theme switch's colour transition still running
  // would be read half-way (a page behind a half-faded overlay). Finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Full-page screenshots at 375 and 1440 px, light and dark, into the git-ignored e2e-screenshots/. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(screenshotDir, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Makes a signed-up user an admin the way an operator does (bin/make-admin.ts): the
 * Cognito `admin` group and profiles.is_admin. The user signs in again for the group to reach the token.
 */
export async function makeAdminByEmail(email: string) {
  const local = {
    region: process.env.E2E_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const { CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const { createData } = await import('../../functions/lib/data/index.ts');
  const { LOCAL_TABLE, makeAdmin } = await import('../../bin/make-admin.ts');
  await makeAdmin(
    {
      cognito: new CognitoIdentityProviderClient({ ...local, endpoint: process.env.E2E_COGNITO_URL }),
      userPoolId: process.env.E2E_USER_POOL_ID ?? '',
      data: createData({
        ddb: DynamoDBDocumentClient.from(
          new DynamoDBClient({ ...local, endpoint: process.env.E2E_DYNAMODB_URL }),
          { marshallOptions: { removeUndefinedValues: true } },
        ),
        tableName: LOCAL_TABLE,
      }),
    },
    email,
  );
}

/**
 * Records every sentence a job's status line shows on this page from now on (docs/jobs.md), however
 * briefly: a job's steps can pass faster than an assertion polls. Read them with `jobMessages`.
 */
export async function recordJobMessages(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __jobMessages: string[] }).__jobMessages = seen;
    const record = () => {
      for (const node of document.querySelectorAll('[data-testid="job-message"]')) {
        const text = node.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

export const jobMessages = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __jobMessages?: string[] }).__jobMessages ?? []);

/**
 * "Generate my plan" through the API, as a job (docs/jobs.md): the call answers 202 with the job, which
 * is then read until it has ended; the finished job.
 */
export async function generatePlanThroughApi(
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>,
) {
  const started = await call('POST', '/money-plan/generate', {});
  expect(started.status).toBe(202);
  const jobId = (started.body as { job_id: string }).job_id;
  let job: { status: string } = { status: 'queued' };
  await expect
    .poll(
      async () => {
        job = (await call('GET', `/jobs/${jobId}`)).body as { status: string };
        return job.status;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toMatch(/^(succeeded|failed)$/);
  expect(job.status).toBe('succeeded');
  return job;
}

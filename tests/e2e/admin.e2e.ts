// The admin area end to end: an admin made as an operator makes one sees dashboard
// figures that move by exactly the records this test creates through the API (two sign-ups, one linked
// bank); a sync error injected through the Plaid sandbox shows on /admin/plaid-health and on the user's
// timeline; a category rule edit moves the "test a description" box; a published notice reaches a signed-in
// user's open page without a reload; a non-admin is sent away from /admin; axe and 375 px checks.
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page } from '@playwright/test';
import {
  createConfirmedUser,
  E2E_PASSWORD,
  e2eBaseUrl,
  e2eCognito,
  expectNoSeriousAxeViolations,
  makeAdminByEmail,
  signInThroughUi,
} from './helpers.ts';

const api = () => process.env.E2E_API_URL ?? '';
const plaid = () => process.env.E2E_PLAID_URL ?? '';
const LOCAL_PLAID = { client_id: 'local-client-id', secret: 'local-secret' };

/** A person created through the API (not the UI, which other suites test): signed up, confirmed, signed in. */
async function apiUser(name: string): Promise<{ email: string; token: string; id: string }> {
  const email = `admin-e2e-${name}-${randomUUID().slice(0, 8)}@example.com`;
  const ClientId = process.env.E2E_USER_POOL_CLIENT_ID ?? '';
  await createConfirmedUser(email, `Person ${name}`);
  const client = await e2eCognito();
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: E2E_PASSWORD },
    }),
  );
  const token = auth.AuthenticationResult?.IdToken ?? '';
  // The first signed-in read creates the profile: that is the sign-up the dashboard counts.
  const me = await call('GET', '/profiles/me', token);
  expect(me.status).toBe(200);
  return { email, token, id: me.body.id as string };
}

async function call(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${api()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

async function sandbox(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${plaid()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...LOCAL_PLAID, ...body }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Links First Platypus Bank for a person through the same calls the SPA makes; waits for its first sync
 * (read through the admin API), so the fault injected next meets the sync this test starts. */
async function linkBank(person: { token: string; id: string }, adminToken: string): Promise<string[]> {
  const profile = await call('POST', '/functions/ensure-default-profile', person.token, {});
  const profileId = (profile.body.profile as { id: string }).id;
  const created = await sandbox('/sandbox/public_token/create', {
    institution_id: 'ins_109508',
    initial_products: ['transactions'],
    options: { transactions: { days_requested: 90 } },
  });
  const exchanged = await call(
    'POST',
    '/functions/plaid-exchange-token',
    person.token,
    { publicToken: created.public_token },
    { 'x-profile-id': profileId },
  );
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  await expect
    .poll(
      async () => {
        const user = await call('GET', `/admin/users/${person.id}`, adminToken);
        const banks = (user.body.banks ?? []) as Array<{ last_synced_at: string | null }>;
        return banks.length === 1 && banks[0]?.last_synced_at !== null;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return exchanged.body.account_ids as string[];
}

const idToken = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.idToken')) return localStorage.getItem(key) ?? '';
    }
    return '';
  });

/** The dashboard's figures after a fresh roll-up, read the way the screen reads them. */
async function freshFigures(token: string) {
  const before = (await call('GET', '/admin/dashboard', token)).body.generated_at;
  expect((await call('POST', '/admin/rollups', token)).status).toBe(202);
  let figures: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const now = await call('GET', '/admin/dashboard', token);
        figures = (now.body.figures ?? {}) as Record<string, unknown>;
        return now.body.generated_at !== before;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return figures as { signups_24h: number; users_total: number; items_by_state: Record<string, number> };
}

const figureOf = (page: Page, id: string) => page.getByTestId(id).locator('[data-figure]');

test('the admin area: figures from real records, a sync error, a rule edit, a notice, the guard @serial', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The first admin, made as an operator does (bin/make-admin.ts), then signed in again.
  const adminEmail = (await apiUser('boss')).email;
  await makeAdminByEmail(adminEmail);
  await signInThroughUi(page, adminEmail);
  const adminToken = await idToken(page);
  const baseline = await freshFigures(adminToken);
  const linkedBefore = Object.values(baseline.items_by_state ?? {}).reduce((a, b) => a + b, 0);

  // Records this test creates: two sign-ups, one of whom links a bank.
  const linker = await apiUser('linker');
  const other = await apiUser('other');
  const accountIds = await linkBank(linker, adminToken);

  // A sync error through the Plaid sandbox: the next /transactions/sync fails with INSTITUTION_DOWN.
  await sandbox('/sandbox/fault/inject', {
    endpoint: '/transactions/sync',
    error_code: 'INSTITUTION_DOWN',
    times: 1,
  });
  const failed = await call('POST', '/functions/plaid-transactions-sync', linker.token, {
    accountId: accountIds[0],
  });
  expect(failed.status).toBeGreaterThanOrEqual(200);

  // The dashboard: refresh, then the figures moved by exactly what was created.
  await page.goto(`${e2eBaseUrl()}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  const shownBefore = await page.getByTestId('generated-at').textContent();
  await page.getByRole('button', { name: 'Refresh figures' }).click();
  await expect(page.getByTestId('generated-at')).not.toHaveText(shownBefore ?? '', { timeout: 30_000 });
  await expect(figureOf(page, 'fig-signups')).toHaveText(String(baseline.signups_24h + 2));
  await expect(figureOf(page, 'fig-users')).toHaveText(String(baseline.users_total + 2));
  await expect(figureOf(page, 'fig-banks')).toHaveText(String(linkedBefore + 1));
  await expect(figureOf(page, 'fig-email')).toHaveText(/^\d+ sent · \d+ bounced$/);
  // The definition shows on hover.
  await page.getByTestId('fig-dau').getByText('Daily actives').hover();
  await expect(
    page.getByRole('tooltip', { name: /visit \(profile last_active_at\) in the last 24 hours/ }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Plaid health: the injected error code and the institution's error rate.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Plaid health' }).click();
  await expect(page.getByRole('table', { name: 'Top error codes' })).toContainText('INSTITUTION_DOWN');
  await expect(page.getByRole('table', { name: 'Error rate per institution' })).toContainText(
    'First Platypus Bank',
  );
  await expectNoSeriousAxeViolations(page);

  // The person's timeline, found by e-mail.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search by e-mail').fill(linker.email);
  await page.getByRole('link', { name: linker.email }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.locator('[data-kind="sync_error"]')).toContainText('INSTITUTION_DOWN');
  await expect(timeline.locator('[data-kind="bank_linked"]')).toContainText('First Platypus Bank');
  await expect(timeline.locator('[data-kind="signup"]')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Category rules: the test box follows an edit before and after saving.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories' }).click();
  const sample = `ZEPHYR SPACEPORT ${randomUUID().slice(0, 4)}`;
  await page.getByLabel('Description', { exact: true }).fill(sample);
  await expect(page.getByTestId('match-result')).toHaveText(/^other — no rule/);
  const travel = page.getByLabel('Keywords for travel');
  await travel.fill(`${await travel.inputValue()}, zephyr spaceport`);
  await expect(page.getByTestId('match-result')).toHaveText(
    'travel — keyword map (inside the text) ("zephyr spaceport")',
  );
  // A keyword inside most descriptions would shadow the other rules: refused before any save.
  await travel.fill(`${await travel.inputValue()}, and`);
  await expect(page.getByText(/keywords\.travel\.and: would match \d+% of descriptions/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rules' })).toBeDisabled();
  await travel.fill((await travel.inputValue()).replace(/, and$/, ''));
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Category rules saved')).toBeVisible();
  const tested = await call('POST', '/admin/categories/test', adminToken, { description: sample });
  expect(tested.body).toMatchObject({ category: 'travel', rule: 'keyword_substring' });
  await expectNoSeriousAxeViolations(page);

  // A plain user: sent away from /admin, and shown a newly published notice without a reload.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInThroughUi(userPage, other.email);
  await userPage.goto(`${e2eBaseUrl()}/admin`);
  await expect(userPage).not.toHaveURL(/\/admin/);
  // Signed out: the auth guard sends /admin/users to the login.
  const outContext = await browser.newContext();
  const outPage = await outContext.newPage();
  await outPage.goto(`${e2eBaseUrl()}/admin/users`);
  await expect(outPage).toHaveURL(/\/login/);
  await outContext.close();
  await userPage.goto(`${e2eBaseUrl()}/settings`);
  await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notifications' }).click();
  const title = `Maintenance ${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Content (HTML)')
    .fill('<p>Back <b onclick="window.__pwned=1">soon</b></p><script>window.__pwned=2</script>');
  await expect(page.getByTestId('notice-preview').locator('b')).toHaveText('soon');
  await expect(page.getByTestId('notice-preview').locator('[onclick], script')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish notice' }).click();
  await expect(page.getByText('Notice published')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Notices' })).toContainText(title);
  await expect(userPage.getByRole('dialog', { name: title })).toBeVisible({ timeout: 15_000 });
  await userContext.close();
  // The notice is for every page of every user: switch it off, so the suites after this one (same local
  // cloud) do not find it in front of their screens.
  const headers = { authorization: `Bearer ${await idToken(page)}` };
  const listed = await page.request.get(`${api()}/admin/notifications`, { headers });
  const published = (
    (await listed.json()) as { notifications: Array<{ id: string; title: string }> }
  ).notifications.find((n) => n.title === title);
  expect(published).toBeDefined();
  const off = await page.request.patch(`${api()}/admin/notifications/${published?.id}`, {
    headers,
    data: { is_active: false },
  });
  expect(off.status()).toBeLessThan(300);

  // 375 px: the dashboard and the user list fit the screen (tables scroll inside their own box).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${e2eBaseUrl()}/admin`);
  await expect(figureOf(page, 'fig-users')).toBeVisible();
  // Nothing makes the page itself scroll sideways.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);

  // /admin/system and /admin/user-health at 375 px: real figures, the server build named, no sideways
  // scroll of the page itself, axe clean.
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto(`${e2eBaseUrl()}/admin/system`);
  await expect(page.getByText(/Server build: local-/)).toBeVisible();
  const functions = page.getByRole('table', { name: 'Functions' });
  await expect(functions.getByRole('row').filter({ hasText: 'get-money-plan-calendar' })).toHaveCount(1);
  expect(await fitsWidth()).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
  await page.goto(`${e2eBaseUrl()}/admin/user-health`);
  await expect(page.getByRole('heading', { name: 'User health' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Users needing attention' }).or(page.getByText('Nobody here')),
  ).toBeVisible();
  expect(await fitsWidth()).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
});

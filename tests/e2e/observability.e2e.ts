// Client observability end to end: a server error forced on /calendar (the calendar call answered 500 with a
// correlation id, shaped as functions/lib/http.ts shapes errors) produces an error report with spec §3's
// fields and that correlation id, which an admin then reads through GET /admin/client-health; a
// deliberately slow route (its screen's code held back 4 s) appears in the recommendations; and no post to
// /client-reports carries a token, an e-mail address or an amount. The admin's /admin/system shows both.
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  E2E_PASSWORD,
  createConfirmedUser,
  e2eBaseUrl,
  e2eCognito,
  expectNoSeriousAxeViolations,
  makeAdminByEmail,
  signInThroughUi,
  signUpAndSignIn,
} from './helpers.ts';

const api = () => process.env.E2E_API_URL ?? '';

interface SentReport {
  session_id: string;
  build_version: string;
  sample_rate: number;
  metrics: { op: string; count: number; sum_ms: number }[];
  errors: {
    correlation_id: string | null;
    message: string;
    route: string;
    error_class: string;
    timestamp: string;
    build_version: string;
    navigation: string[];
    logs: { message: string }[];
  }[];
}

interface ClientHealth {
  windows: Record<'hour' | 'day', { recommendations: { rule: string; op: string | null; value: number }[] }>;
  errors: { recent: (SentReport['errors'][number] & { user_id: string | null })[] };
}

/** Every post the page makes to /client-reports, as sent (fetch or beacon). */
function captureReports(page: Page): { bodies: string[]; reports: () => SentReport[] } {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/client-reports')) {
      bodies.push(request.postData() ?? '');
    }
  });
  return { bodies, reports: () => bodies.map((b) => JSON.parse(b) as SentReport) };
}

/** An admin made as an operator makes one (bin/make-admin.ts), with a token issued after. */
async function makeAdmin(): Promise<{ email: string; token: string }> {
  const email = `observability-admin-${randomUUID().slice(0, 8)}@example.com`;
  await createConfirmedUser(email, 'Obs Admin');
  const signIn = async () =>
    (
      await (
        await e2eCognito()
      ).send(
        new InitiateAuthCommand({
          ClientId: process.env.E2E_USER_POOL_CLIENT_ID ?? '',
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: E2E_PASSWORD },
        }),
      )
    ).AuthenticationResult?.IdToken ?? '';
  // The first signed-in read creates the profile the admin flag is set on.
  const first = await fetch(`${api()}/profiles/me`, {
    headers: { authorization: `Bearer ${await signIn()}` },
  });
  expect(first.status).toBe(200);
  await makeAdminByEmail(email);
  return { email, token: await signIn() };
}

async function clientHealth(token: string): Promise<ClientHealth> {
  const response = await fetch(`${api()}/admin/client-health`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ClientHealth;
}

test('a server error on /calendar reaches the admin with its correlation id; a slow route is recommended; no report carries a token or an amount', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `observability-${randomUUID().slice(0, 8)}@example.com`;
  const { bodies, reports } = captureReports(page);
  // The local gateway loads each handler on its first request: on a busy machine a fresh cloud's first
  // sign-in can outlast the helper's wait. Load the ones the sign-in and this test need first, as the
  // admin this test makes anyway (and the reports handler with an anonymous post of its own address).
  const admin = await makeAdmin();
  const token = admin.token;
  const warm = (method: string, path: string, body?: unknown) =>
    fetch(`${api()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'cloudfront-viewer-address': '192.0.2.17:443',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await Promise.all([
    warm('POST', '/functions/ensure-default-profile', {}),
    warm('POST', '/functions/check-subscription', {}),
    warm('GET', '/financial-profiles'),
    warm('GET', '/two-factor'),
    warm('GET', '/admin/client-health'),
    warm('POST', '/client-reports', {
      session_id: randomUUID(),
      build_version: 'e2e-warm-up',
      sample_rate: 1,
      metrics: [{ op: 'api:GET /warm-up', count: 1, errors: 0, sum_ms: 1, slow: 0 }],
    }),
  ]);
  await signUpAndSignIn(page, email);
  const correlationId = randomUUID();

  // The calendar's call fails as the API fails: 500, `{ code, message }`, the correlation id in its header.
  // Its message carries an e-mail address and an amount, which must not leave the page.
  await page.route('**/api/functions/get-money-plan-calendar', (route) =>
    route.fulfill({
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-correlation-id': correlationId },
      body: JSON.stringify({ code: 'server', message: `Calendar failed for ${email}: balance $1,234.56` }),
    }),
  );
  await page.goto(`${e2eBaseUrl()}/calendar`);

  await expect
    .poll(
      () =>
        reports()
          .flatMap((r) => r.errors)
          .find((e) => e.correlation_id === correlationId),
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  const sent = reports()
    .flatMap((r) => r.errors)
    .find((e) => e.correlation_id === correlationId)!;
  // spec §3: correlation id, message, route, error class, timestamp, build version; and the history and logs.
  expect(sent).toMatchObject({
    correlation_id: correlationId,
    message: 'Calendar failed for [email]: balance [amount]',
    route: '/calendar',
    error_class: 'ApiError',
  });
  expect(Date.parse(sent.timestamp)).toBeGreaterThan(Date.now() - 120_000);
  expect(sent.build_version).not.toBe('');
  expect(sent.navigation.at(-1)).toBe('/calendar');
  expect(sent.logs.some((l) => l.message.includes(correlationId))).toBe(true);

  // The admin reads the same report, attributed to the person, through the admin API.
  await expect
    .poll(
      async () => (await clientHealth(token)).errors.recent.find((r) => r.correlation_id === correlationId),
      {
        timeout: 20_000,
      },
    )
    .toMatchObject({
      message: sent.message,
      route: '/calendar',
      error_class: 'ApiError',
      timestamp: sent.timestamp,
      build_version: sent.build_version,
    });

  // A deliberately slow route: /terms's screen code held back 4 s on a fresh load.
  await page.route(/\/assets\/terms-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue();
  });
  await page.goto(`${e2eBaseUrl()}/terms`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        reports()
          .flatMap((r) => r.metrics)
          .find((m) => m.op === 'route:/terms' && m.sum_ms > 4_000),
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  await expect
    .poll(
      async () =>
        (await clientHealth(token)).windows.hour.recommendations.find(
          (r) => r.rule === 'operation_average_over_2s' && r.op === 'route:/terms',
        ),
      { timeout: 20_000 },
    )
    .toBeTruthy();

  // Page hide sends what is pending through the beacon; then nothing the page sent carries a token, the
  // person's e-mail address or an amount.
  await page.goto(`${e2eBaseUrl()}/settings`);
  const idToken = await page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null } })
      .localStorage;
    const key = Object.keys(storage).find((k) => k.endsWith('.idToken'));
    return (key && storage.getItem(key)) || '';
  });
  expect(idToken).not.toBe('');
  await page.close({ runBeforeUnload: true });
  expect(bodies.length).toBeGreaterThan(1);
  for (const body of bodies) {
    expect(body).not.toContain(idToken.slice(0, 40));
    expect(body).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
    expect(body).not.toMatch(/bearer\s/i);
    expect(body).not.toContain(email);
    expect(body).not.toMatch(/\$\s?\d|\b\d[\d,]*\.\d{2}\b/);
  }

  // /admin/system shows the recommendation and the report.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughUi(adminPage, admin.email);
  await adminPage.goto(`${e2eBaseUrl()}/admin/system`);
  await expect(adminPage.getByRole('heading', { name: 'Client health' })).toBeVisible();
  await expect(adminPage.getByText(/route:\/terms averaged \d+ ms over the last hour/)).toBeVisible();
  await expect(
    adminPage.getByRole('region', { name: 'Error reports' }).getByText(correlationId),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(adminPage);
  await adminContext.close();
});

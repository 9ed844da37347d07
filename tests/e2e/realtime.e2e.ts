// Realtime updates in Chromium: two browsers on one shared profile; the
// editor adds a planned item and the owner's open /calendar shows it within 2 s of the add, with no
// reload; a second tab of the owner's has its socket dropped (closed from the browser side's network)
// while the editor adds another; when it reconnects, the catch-up brings the missed change, still
// without a reload. Last, a new in-app notice pops up on the open calendar without a reload.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import {
  answerQuestionnaire,
  e2eBaseUrl as base,
  E2E_PASSWORD as PASSWORD,
  linkSandboxBank,
  makeAdminByEmail,
  signUpAndSignIn,
} from './helpers.ts';

const apiUrl = () => process.env.E2E_API_URL ?? '';
const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Tomorrow: a day with no posted transactions yet, so a planned item is never behind "+N more". */
const target = () => isoDay(1);

/** Opens /calendar on the month of the target day. */
async function openCalendar(p: Page) {
  await p.goto(`${base()}/calendar`);
  await expect(p.getByRole('heading', { name: 'Money Calendar', level: 1 })).toBeVisible();
  if (target().slice(0, 7) !== isoDay().slice(0, 7)) {
    await p.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(p.locator(`button[data-date="${target()}"]`)).toBeVisible();
}

/** The page's ID token (Amplify keeps it in local storage) and its first financial profile. */
async function session(p: Page): Promise<{ token: string; profileId: string }> {
  return p.evaluate(async (api) => {
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

/** A fresh ID token for a user, as a second sign-in elsewhere would get (carries new groups). */
async function idTokenOf(email: string): Promise<string> {
  const { CognitoIdentityProviderClient, InitiateAuthCommand } =
    await import('@aws-sdk/client-cognito-identity-provider');
  const cognito = new CognitoIdentityProviderClient({
    region: process.env.E2E_REGION ?? 'us-east-1',
    endpoint: process.env.E2E_COGNITO_URL,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const clientId = await (
    await fetch(`${base()}/config.json`)
  )
    .json()
    .then((c: { userPoolClientId: string }) => c.userPoolClientId);
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return auth.AuthenticationResult?.IdToken ?? '';
}

async function inviteEditor(owner: Page, email: string): Promise<string> {
  const { token, profileId } = await session(owner);
  const invite = await owner.evaluate(
    async ({ url, token, email }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, role: 'editor' }),
      });
      return (await response.json()) as { invite_url: string };
    },
    { url: `${apiUrl()}/financial-profiles/${profileId}/invitations`, token, email },
  );
  return invite.invite_url;
}

/**
 * On the editor's /calendar: fills in a planned expense on the target day and submits it. Answers the
 * moment of the click, the moment the browser sent the add (its POST's start, by the browser's clock
 * of requests) and a promise of the server's answer shown on the page.
 */
async function addPlannedToday(
  editor: Page,
  description: string,
): Promise<{ clickedAt: number; sentAt: Promise<number>; answered: Promise<void> }> {
  await editor.locator(`button[data-date="${target()}"]`).click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Amount ($)').fill('12.34');
  const submit = dialog.getByRole('button', { name: 'Add planned item' });
  await submit.waitFor();
  const request = editor.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/money-plan/items'),
  );
  const clickedAt = Date.now();
  await submit.click();
  const sentAt = request.then(async (r) => {
    await r.response();
    return r.timing().startTime;
  });
  const answered = (async () => {
    await expect(editor.getByText('Planned item added').first()).toBeVisible();
    await editor.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  })();
  return { clickedAt, sentAt, answered };
}

const planned = (p: Page, description: string) =>
  p.locator(`button[data-date="${target()}"] [data-kind="planned"]`, { hasText: description });

test('an editor’s change reaches the owner’s open calendar within 2 s; a dropped socket catches up @serial', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await (await browser.newContext()).newPage();
  const ownerEmail = `e2e-rt-owner-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndSignIn(owner, ownerEmail, {
    fullName: 'Olive Owner',
  });
  await linkSandboxBank(owner, { waitForSync: true });

  const editorEmail = `e2e-rt-editor-${randomUUID().slice(0, 8)}@example.com`;
  const editor = await (await browser.newContext()).newPage();
  await editor.goto(await inviteEditor(owner, editorEmail));
  await editor.getByRole('link', { name: 'Create account' }).click();
  await answerQuestionnaire(editor);
  await editor.getByLabel('Full name').fill('Eddie Editor');
  await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await editor.getByRole('button', { name: 'Create account' }).click();
  await editor.getByLabel('Confirmation code').fill('123456');
  await editor.getByRole('button', { name: 'Verify' }).click();
  await editor.getByRole('button', { name: 'Continue' }).click();
  await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await editor.getByRole('button', { name: 'Sign in' }).click();
  await expect(editor.getByText('Account created and invitation accepted!')).toBeVisible();
  await openCalendar(editor);

  // The owner's socket goes straight to the server here: a routed one is relayed through this test
  // process, which adds its own delay to every push (0.5–0.9 s measured under load).
  await openCalendar(owner);
  await expect(owner.locator('html')).toHaveAttribute('data-realtime', 'open');
  // Survives only if the page is never reloaded.
  await owner.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));

  // Timed from the moment the editor's browser sent the add, not from anything the editor's page shows
  // after; the wait runs meanwhile and the 2 s are checked on the measured figure.
  const add = await addPlannedToday(editor, 'Realtime piano lessons');
  const ownerSaw = expect(planned(owner, 'Realtime piano lessons'))
    .toBeVisible({ timeout: 10_000 })
    .then(() => Date.now());
  const editorAnswered = add.answered.then(() => Date.now());
  const [ownerAt, answeredAt, sentAt] = await Promise.all([ownerSaw, editorAnswered, add.sentAt]);
  console.log(
    `realtime: from the editor's add request, the owner's open calendar ${Math.round(ownerAt - sentAt)} ms (from the click ${ownerAt - add.clickedAt} ms; the editor's answer on screen ${Math.round(answeredAt - sentAt)} ms)`,
  );
  expect(ownerAt - sentAt).toBeLessThanOrEqual(2_000);
  expect(await owner.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);

  // A second tab of the owner's, whose socket passes through a route the test can cut, as a network
  // drop would; it drops and stays down while the editor changes the plan again.
  const ownerTab = await owner.context().newPage();
  let offline = false;
  const live = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await ownerTab.routeWebSocket(/\/realtime(\?|$)/, (ws) => {
    if (offline) {
      void ws.close({ code: 1006, reason: 'offline' });
      return;
    }
    const server = ws.connectToServer();
    live.add({ page: ws, server });
    ws.onClose(() => {
      for (const pair of live) if (pair.page === ws) live.delete(pair);
    });
  });
  await openCalendar(ownerTab);
  await expect(ownerTab.locator('html')).toHaveAttribute('data-realtime', 'open');
  // Survives only if the page is never reloaded.
  await ownerTab.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  offline = true;
  for (const { page, server } of [...live]) {
    await server.close({ code: 1001, reason: 'network cut' });
    await page.close({ code: 1006, reason: 'network cut' });
  }
  await expect(ownerTab.locator('html')).toHaveAttribute('data-realtime', 'reconnecting');
  await (
    await addPlannedToday(editor, 'Missed while offline')
  ).answered;
  await ownerTab.waitForTimeout(1_500);
  await expect(planned(ownerTab, 'Missed while offline')).toHaveCount(0);

  offline = false;
  const back = Date.now();
  await expect(ownerTab.locator('html')).toHaveAttribute('data-realtime', 'open', { timeout: 15_000 });
  await expect(planned(ownerTab, 'Missed while offline')).toBeVisible({ timeout: 5_000 });
  console.log(`realtime: reconnected and caught up ${Date.now() - back} ms after the network came back`);
  expect(await ownerTab.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );

  // A new in-app notice reaches an open page without a reload: the owner, made an admin, publishes one
  // for the calendar from another sign-in; the editor's open calendar shows it.
  await makeAdminByEmail(ownerEmail);
  const adminToken = await idTokenOf(ownerEmail);
  const published = await fetch(`${apiUrl()}/admin/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      title: 'Realtime notice',
      content: '<p>Pushed, not polled.</p>',
      target_page: 'calendar',
      is_active: true,
      start_date: new Date(Date.now() - 60_000).toISOString(),
    }),
  });
  expect(published.status).toBe(201);
  const noticeSent = Date.now();
  await expect(editor.getByRole('dialog', { name: 'Realtime notice' })).toBeVisible({ timeout: 5_000 });
  console.log(
    `realtime: a new notice on the editor's open calendar ${Date.now() - noticeSent} ms after it was saved`,
  );
});

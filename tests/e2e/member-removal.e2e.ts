// A removed member stops seeing the profile at once (docs/realtime.md "Access ended"): a viewer has the
// owner's profile open on /accounts; the owner removes them; without a reload, the viewer's page says
// that access ended, shows their own profile and none of the owner's accounts; a reload asks for
// nothing of the owner's profile (no 404) and still shows none of it.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Response } from '@playwright/test';
import {
  apiFromPage,
  e2eBaseUrl as base,
  linkBankThroughApi,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

const PROFILE_NAME = 'Olive household';

/** Every API answer of 404 the page gets from now on. */
function recordNotFound(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/'))
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}

test('the owner removes a signed-in viewer: their open app says so and stops showing the profile', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await (await browser.newContext()).newPage();
  await signUpAndSignIn(owner, `e2e-rm-owner-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Olive Owner',
  });
  const profileId = await linkBankThroughApi(owner);
  expect(
    (await apiFromPage(owner, 'PATCH', `/financial-profiles/${profileId}`, { name: PROFILE_NAME })).status,
  ).toBe(200);
  const { body: ownerAccounts } = await apiFromPage<{ accounts: Array<{ account_name: string }> }>(
    owner,
    'GET',
    '/accounts',
    undefined,
    profileId,
  );
  const accountName = ownerAccounts.accounts[0]?.account_name ?? '';
  expect(accountName).not.toBe('');

  // The viewer joins through an invitation and opens the owner's profile.
  const viewerEmail = `e2e-rm-viewer-${randomUUID().slice(0, 8)}@example.com`;
  const viewer = await (await browser.newContext()).newPage();
  await signUpAndSignIn(viewer, viewerEmail, { fullName: 'Vera Viewer' });
  const invitation = await apiFromPage<{ invite_url: string }>(
    owner,
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    { email: viewerEmail, role: 'viewer' },
  );
  const token = new URL(invitation.body.invite_url).searchParams.get('token');
  expect((await apiFromPage(viewer, 'POST', `/invitations/${token}/accept`, {})).status).toBe(200);
  const { body: me } = await apiFromPage<{ id: string }>(viewer, 'GET', '/profiles/me');
  await viewer.evaluate(
    ({ key, id }) =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem(key, id),
    { key: `activeProfileId:${me.id}`, id: profileId },
  );
  await viewer.setViewportSize({ width: 375, height: 812 });
  await viewer.goto(`${base()}/accounts`);
  await expect(viewer.getByText(accountName).first()).toBeVisible({ timeout: 30_000 });
  await expect(viewer.locator('html')).toHaveAttribute('data-realtime', 'open', { timeout: 30_000 });
  // Survives only if the page is never reloaded.
  await viewer.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  const notFound = recordNotFound(viewer);

  const removed = await apiFromPage(owner, 'DELETE', `/financial-profiles/${profileId}/members/${me.id}`);
  expect(removed.status).toBe(204);

  // Said at once on the open page, which moves to the viewer's own profile and drops the owner's data.
  await expect(viewer.getByText(`Your access to "${PROFILE_NAME}" has ended`)).toBeVisible({
    timeout: 10_000,
  });
  await expect(viewer.getByText(/Switched to ".+" profile/)).toBeVisible();
  await expect(viewer.getByText(accountName)).toHaveCount(0);
  await expect(viewer.getByText(PROFILE_NAME)).toHaveCount(1); // the toast's title only
  await screenshots(viewer, 'member-removed');
  expect(await viewer.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);

  // A reload: nothing of the owner's profile is asked for.
  await viewer.reload();
  await expect(viewer.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(viewer.locator('html')).toHaveAttribute('data-realtime', 'open', { timeout: 30_000 });
  await expect(viewer.getByText(accountName)).toHaveCount(0);
  await expect(viewer.getByText(PROFILE_NAME)).toHaveCount(0);
  expect(notFound).toEqual([]);
});

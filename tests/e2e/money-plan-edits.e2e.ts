// The Money Plan lists what a person adds and keeps what they edit where it was, in Chromium: the owner
// adds a one-off item on /plan and sees it under "One-off items", and a viewer with the plan open sees it
// there too without a reload; the owner edits a subscription in full (amount, date, account, every two
// weeks) and it stays under Subscriptions, once, with nothing listed as removed; the toast's Undo
// brings the subscription back as it was. Axe on /plan in light and dark; screenshots at 375 and 1440 px.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiFromPage,
  e2eBaseUrl as base,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  generatePlanThroughApi,
  linkBankThroughApi,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });
let owner: Page;
let profileId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  owner = await (await browser.newContext()).newPage();
  await signUpAndSignIn(owner, `e2e-plan-edit-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Penny Planner',
  });
  profileId = await linkBankThroughApi(owner);
  await generatePlanThroughApi((method, path, body) => apiFromPage(owner, method, path, body, profileId));
});

/** A viewer of the owner's profile, signed in with it as their active profile, on /plan. */
async function viewerOnPlan(browser: Browser): Promise<Page> {
  const email = `e2e-plan-viewer-${randomUUID().slice(0, 8)}@example.com`;
  const viewer = await (await browser.newContext()).newPage();
  await signUpAndSignIn(viewer, email, { fullName: 'Vera Viewer' });
  const invitation = await apiFromPage<{ invite_url: string }>(
    owner,
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    { email, role: 'viewer' },
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
  await viewer.goto(`${base()}/plan`);
  await expect(viewer.getByText("You can view this profile's plan but not change it.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(viewer.locator('html')).toHaveAttribute('data-realtime', 'open', { timeout: 30_000 });
  return viewer;
}

test('a one-off item added on /plan is listed there, for the owner and for a viewer', async ({ browser }) => {
  test.setTimeout(240_000);
  const viewer = await viewerOnPlan(browser);
  // Survives only if the viewer's page is never reloaded.
  await viewer.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));

  await owner.goto(`${base()}/plan`);
  await expect(owner.getByRole('region', { name: 'Subscriptions' })).toBeVisible({ timeout: 30_000 });
  await owner.getByRole('button', { name: 'Add planned item' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Add planned item' });
  await dialog.getByLabel('Description').fill('Dentist check-up');
  await dialog.getByLabel('Amount ($)').fill('90.00');
  await dialog.getByLabel('Date').fill(isoDay(10));
  await dialog.getByLabel('Category').selectOption('MEDICAL');
  await expect(dialog.getByLabel('Repeats')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Add planned item' }).click();
  await expect(owner.getByText('Planned item added').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const listed = (page: Page) =>
    page
      .getByRole('region', { name: 'One-off items' })
      .getByRole('listitem')
      .filter({ hasText: 'Dentist check-up' });
  await expect(listed(owner)).toHaveCount(1);
  await expect(listed(owner)).toContainText('Medical');
  await expect(listed(owner)).toContainText('−$90.00');
  await expect(listed(owner).getByRole('button', { name: 'Edit Dentist check-up' })).toBeVisible();

  // The viewer's open plan follows the owner's change (PlanChanged), read-only.
  await expect(listed(viewer)).toHaveCount(1);
  await expect(listed(viewer)).toContainText('−$90.00');
  await expect(listed(viewer).getByRole('button')).toHaveCount(0);
  expect(await viewer.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);

  // Still there on a fresh start of the screen.
  await owner.reload();
  await expect(listed(owner)).toHaveCount(1, { timeout: 30_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await emulateColorScheme(owner, scheme);
    await expectNoSeriousAxeViolations(owner);
  }
  await screenshots(owner, 'plan-one-off');
  await viewer.context().close();
});

test('a subscription edited in full stays under Subscriptions, once, with no removed one; Undo restores it', async () => {
  test.setTimeout(180_000);
  await owner.goto(`${base()}/plan`);
  const subscriptions = owner.getByRole('region', { name: 'Subscriptions' });
  const editable = subscriptions
    .getByRole('listitem')
    .filter({ has: owner.getByRole('button', { name: /^Edit / }) });
  await expect(editable.first()).toBeVisible({ timeout: 30_000 });
  const name = (await editable.first().getByTestId('stream-name').textContent()) ?? '';
  expect(name).not.toBe('');
  const row = (region: string) =>
    owner
      .getByRole('region', { name: region })
      .getByRole('listitem')
      .filter({ has: owner.getByTestId('stream-name').getByText(name, { exact: true }) });

  await row('Subscriptions')
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = owner.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog.getByLabel('This and all later ones')).toBeChecked();
  await dialog.getByLabel('Amount ($)').fill('19.99');
  const date = dialog.getByLabel('Date');
  const due = await date.inputValue();
  const moved = new Date(Date.parse(`${due}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  await date.fill(moved);
  const account = dialog.getByLabel('Account');
  const current = await account.inputValue();
  const other = (
    await account
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value))
  ).find((value) => value && value !== current);
  expect(other).toBeTruthy();
  await account.selectOption(other ?? '');
  await dialog.getByLabel('Repeats').selectOption('biweekly');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.getByText('Your plan was updated').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // One row, still a subscription, with the new amount and cadence; nothing struck through or removed.
  await expect(row('Subscriptions')).toHaveCount(1);
  await expect(row('Subscriptions')).toContainText('Every two weeks');
  await expect(row('Subscriptions')).toContainText('−$19.99');
  await expect(row('Bills')).toHaveCount(0);
  await expect(owner.getByRole('heading', { name: 'Removed from your plan' })).toHaveCount(0);
  await expect(owner.getByTestId('stream-name').getByText(name, { exact: true })).toHaveCount(1);
  await owner.reload();
  await expect(row('Subscriptions')).toContainText('Every two weeks', { timeout: 30_000 });
  await expect(owner.getByRole('heading', { name: 'Removed from your plan' })).toHaveCount(0);
  await screenshots(owner, 'plan-edited');

  // Undo, from a new edit's toast: the subscription comes back as it was, and the new one goes.
  await row('Subscriptions')
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await dialog.getByLabel('Amount ($)').fill('21.50');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(row('Subscriptions')).toContainText('−$21.50');
  await owner.getByRole('button', { name: 'Undo' }).last().click();
  await expect(owner.getByText('Change undone').first()).toBeVisible();
  await expect(row('Subscriptions')).toContainText('−$19.99');
});

test('undoing a full edit brings the original back, with nothing listed as removed', async () => {
  test.setTimeout(180_000);
  await owner.goto(`${base()}/plan`);
  const subscriptions = owner.getByRole('region', { name: 'Subscriptions' });
  const editable = subscriptions
    .getByRole('listitem')
    .filter({ has: owner.getByRole('button', { name: /^Edit / }) });
  await expect(editable.first()).toBeVisible({ timeout: 30_000 });
  const first = editable.first();
  const name = (await first.getByTestId('stream-name').textContent()) ?? '';
  const before = (await first.textContent()) ?? '';
  await first.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = owner.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Repeats').selectOption('weekly');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const row = subscriptions
    .getByRole('listitem')
    .filter({ has: owner.getByTestId('stream-name').getByText(name, { exact: true }) });
  await expect(row).toContainText('Weekly');
  await owner.getByRole('button', { name: 'Undo' }).last().click();
  await expect(owner.getByText('Change undone').first()).toBeVisible();
  await expect(row).toHaveText(before);
  await expect(row).toHaveCount(1);
  await expect(owner.getByRole('heading', { name: 'Removed from your plan' })).toHaveCount(0);
});

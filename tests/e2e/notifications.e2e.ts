// Notifications in Chromium: /settings → Notifications saves an e-mail switch
// and an alert delivery and keeps them across a reload; the header's bell shows an alert with the
// unread count and marking it read clears the count. 375 px without sideways scroll, axe, screenshots.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2eBaseUrl as base, expectNoSeriousAxeViolations, screenshots, signUpAndSignIn } from './helpers.ts';

/** Raises an alert for the user straight in the local cloud's table (no e-mail), as a job would. */
async function storeAlert(userId: string, title: string) {
  const local = {
    region: process.env.E2E_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const { createData } = await import('../../functions/lib/data/index.ts');
  const { LOCAL_TABLE } = await import('../../bin/make-admin.ts');
  const data = createData({
    ddb: DynamoDBDocumentClient.from(
      new DynamoDBClient({ ...local, endpoint: process.env.E2E_DYNAMODB_URL }),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    ),
    tableName: LOCAL_TABLE,
  });
  await data.userAlerts
    .create({
      user_id: userId,
      id: randomUUID(),
      created_at: new Date().toISOString(),
      alert_type: 'high_priority_alert',
      priority: 2,
      kind: 'low_balance',
      title,
      body: 'Your lowest cash balance in the next 30 days is $42.00.',
      delivery: 'immediate',
      status: 'delivered',
      delivered_at: new Date().toISOString(),
    })
    .go();
}

test('save notification preferences, and read an alert from the bell', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndSignIn(page, `e2e-notify-${randomUUID().slice(0, 8)}@example.com`);
  // The app reads the signed-in person's record on start: its id is the user id.
  const profile = page.waitForResponse(
    (r) => r.url().endsWith('/profiles/me') && r.request().method() === 'GET',
  );
  await page.goto(`${base()}/settings`);
  const userId = ((await (await profile).json()) as { id: string }).id;
  const weekly = page.getByRole('switch', { name: 'Weekly digest' });
  await expect(weekly).toBeChecked();
  await expect(page.getByRole('switch', { name: 'New transactions' })).not.toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/preferences/email') && r.request().method() === 'PUT',
  );
  await weekly.click();
  expect((await saved).status()).toBe(200);
  const critical = page.getByLabel('Critical alerts');
  await expect(critical).toHaveValue('immediate');
  const savedAlerts = page.waitForResponse(
    (r) => r.url().endsWith('/preferences/alerts') && r.request().method() === 'PUT',
  );
  await critical.selectOption('daily');
  expect((await savedAlerts).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly digest' })).not.toBeChecked();
  await expect(page.getByLabel('Critical alerts')).toHaveValue('daily');
  await expect(page.getByRole('switch', { name: 'Smart batching' })).toBeChecked();
  // The e-mails sent so far: the sign-up's welcome, with its delivery state from the outbox's events.
  // The welcome goes out from the bus after sign-up: on a busy machine it may land after this page's read.
  const sent = page.getByRole('list', { name: 'E-mails we sent you' });
  await expect(async () => {
    await page.reload();
    await expect(sent.getByRole('listitem').filter({ hasText: 'Welcome to Tallywise' })).toHaveCount(1, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 45_000 });
  await expect(sent.getByRole('listitem').first()).toContainText(/Sent|Delivered|Opened/);
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  await storeAlert(userId, 'Your cash is projected to drop below $100.00');
  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' }).first();
  await expect(bell).toBeVisible();
  await bell.click();
  const item = page.getByRole('menuitem', { name: /Your cash is projected to drop below \$100\.00/ });
  await expect(item).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const read = page.waitForResponse((r) => r.url().endsWith('/alerts/read'));
  await item.click();
  expect((await read).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true }).first()).toBeVisible();
  await screenshots(page, 'settings-notifications');
});

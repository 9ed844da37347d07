// Help & Support in Chromium: a signed-in person searches the answers, opens one,
// narrows by topic, and sends a message with diagnostics; it lands in the support inbox (the local
// outbox) with its reference. 375 px, axe light and dark, screenshots.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  e2eBaseUrl as base,
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  screenshots,
  signUpAndSignIn,
} from './helpers.ts';

test('search the answers, open one, and send a message that reaches support', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, `e2e-help-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Hedy Lamarr',
  });
  await page.goto(`${base()}/help`);
  await expect(page.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Search help').fill('reconnect');
  const question = page.getByText('An account says it needs to be reconnected.');
  await expect(question).toBeVisible();
  await expect(page.getByText('How do I share my finances with a partner or advisor?')).toHaveCount(0);
  await question.click();
  await expect(page.getByText('choose Reconnect; nothing you planned is lost')).toBeVisible();
  await page.getByLabel('Search help').fill('zebra crossing');
  await expect(page.getByText('No answer matches “zebra crossing”')).toBeVisible();
  await page.getByLabel('Search help').fill('');
  await page.getByRole('button', { name: 'Sharing', exact: true }).click();
  await expect(page.getByText('How do I share my finances with a partner or advisor?')).toBeVisible();
  await expect(page.getByText('How do I connect my bank, card, loan or investment account?')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please tell us a little more (at least 10 characters).')).toBeVisible();
  await page.getByLabel('Topic', { exact: true }).selectOption('sync');
  await page.getByLabel('Your message').fill('My savings account has not updated for two days.');
  await expect(page.getByText(/Include diagnostics to help us find the problem: app version/)).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  const toast = page.getByText(/we got your message \(reference ([0-9A-F]{8})\)/);
  await expect(toast).toBeVisible();
  const reference = /reference ([0-9A-F]{8})/.exec((await toast.textContent()) ?? '')?.[1];
  const outbox = (await (await page.request.get(`${process.env.E2E_API_URL}/__outbox`)).json()) as Array<{
    subject: string;
    text: string;
  }>;
  const mail = outbox.find((m) => m.subject === `Support request ${reference}: sync`);
  expect(mail?.text).toContain('has not updated for two days');
  expect(mail?.text).toMatch(/build_version=/);

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousAxeViolations(page);
  await emulateColorScheme(page, 'dark');
  await expectNoSeriousAxeViolations(page);
  await emulateColorScheme(page, 'light');
  await screenshots(page, 'help');
});

// Steps several end-to-end files share: the signup questionnaire (spec §2, before 'Create your
// account'), the axe check (no serious or critical violation) and the review screenshots.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

export async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
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

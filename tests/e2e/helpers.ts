// Steps several end-to-end files share: the signup questionnaire (spec §2, before 'Create your
// account') and the axe check (no serious or critical violation).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

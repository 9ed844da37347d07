// The signed-out web app as a person uses it in Chromium: the landing page and the signup questionnaire
// with each validation message, account creation, confirmation and the home logic (→ /get-started);
// two-step login with a wrong and a right password; forgot/reset password and the recovery redirect;
// every redirect and the not-found page; theme persisting across a reload and followed by a second
// tab; personalize (initials, a photo, a 6 MB file and a PDF refused); an admin notice whose HTML
// carries a <script> and an onerror payload rendered sanitized; the 375 px layout. axe (no serious or
// critical violation) on landing, login, signup, get-started and accounts in light and dark, and
// screenshots at 375 and 1440 px, light and dark, in e2e-screenshots/ (git-ignored) for review.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  emulateColorScheme,
  expectNoSeriousAxeViolations,
  makeAdminByEmail,
  screenshots,
  signUpAndSignIn as newUserSignedIn,
  startTrial,
  textOverflowPx,
} from './helpers.ts';

const base = () => process.env.E2E_BASE_URL ?? '';
const apiUrl = () => process.env.E2E_API_URL ?? '';
// Not a common breached password: the sign-up form's trigger refuses those (domain/breached-passwords.ts).
const PASSWORD = 'tallywise-e2e-pass';
const CODE = '123456';

const newEmail = (tag: string) => `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A new user (made through Cognito; the landing test below walks the sign-up screens) signed in on a
 * trial, on /get-started. */
async function signUpAndSignIn(page: Page, email: string, fullName = 'Ada Lovelace') {
  await newUserSignedIn(page, email, { fullName });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function axeLightAndDark(page: Page) {
  for (const scheme of ['light', 'dark'] as const) {
    await emulateColorScheme(page, scheme);
    await expectNoSeriousAxeViolations(page);
  }
  await emulateColorScheme(page, 'light');
}

test('landing → questionnaire with every message → account → confirmation → /get-started', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base()}/`);
  await expect(page.getByRole('heading', { name: 'Manage Money Better', level: 1 })).toBeVisible();
  // The typed rotation: the first tagline appears letter by letter.
  await expect(page.getByText('See every account in one place.', { exact: true }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await axeLightAndDark(page);
  await screenshots(page, 'landing');

  await page.getByRole('link', { name: 'Sign up for free' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await axeLightAndDark(page);
  await screenshots(page, 'signup');

  // Step 1: nothing chosen, then Other without text, then Other with text.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select your biggest money challenge')).toBeVisible();
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please describe your challenge')).toBeVisible();
  await page.getByLabel('Tell us about your challenge').fill('Irregular freelance income');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2: the goal is required; Back returns to step 1 with the answer kept.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select your financial goal')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Tell us about your challenge')).toHaveValue('Irregular freelance income');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Top financial goal').selectOption('pay-off-credit-cards');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 3: confidence is required; 'Complete' stores the answers.
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Please select your confidence level')).toBeVisible();
  await page.getByRole('radio', { name: /I've got this/ }).check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/onboarding-responses'));
  await page.getByRole('button', { name: 'Complete' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText("Thanks! Now let's create your account")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  const email = newEmail('signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Katherine Johnson');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('Confirmation code').fill(CODE);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified! Please sign in to continue.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // spec §2 home logic: /get-started (no accounts, not onboarded). Its loading screen shows only while the
  // checks run, and the sign-in has usually read what they need already (components/ui/loading-screen.test).
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { name: "Let's get you set up in 60 seconds" })).toBeVisible();
  await axeLightAndDark(page);

  // The money screens are behind the subscription gate: on a trial from here.
  await startTrial(page);
  await page.goto(`${base()}/accounts`);
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await axeLightAndDark(page);
  await screenshots(page, 'accounts');
});

test('two-step login refuses a wrong password and accepts the right one', async ({ page }) => {
  test.setTimeout(120_000);
  const email = newEmail('login');
  await signUpAndSignIn(page, email);
  await page.goto(`${base()}/settings`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await expect(page.getByText('Welcome back', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await axeLightAndDark(page);
  await screenshots(page, 'login');
  await signIn(page, email, 'wrong-password');
  await expect(page.getByText('Incorrect email or password. Please try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/get-started$/);
});

test('forgot and reset password, and the recovery-link redirect', async ({ page }) => {
  test.setTimeout(120_000);
  const email = newEmail('reset');
  await signUpAndSignIn(page, email);
  await page.goto(`${base()}/settings`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);

  // spec §2: type=recovery with token_hash on any page goes to /reset-password with the same query.
  await page.goto(`${base()}/accounts?type=recovery&token_hash=${CODE}&email=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/reset-password\?type=recovery&token_hash=123456/);
  await expect(page.getByLabel('Reset code')).toHaveValue(CODE);

  await page.goto(`${base()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await page.getByLabel('Reset code').fill(CODE);
  await page.getByLabel('New password', { exact: true }).fill('newsecret');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('newsecret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?email=/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('newsecret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('every redirect, the not-found page, the legal pages and /auth/callback', async ({ page }) => {
  test.setTimeout(120_000);
  // Signed out: /auth/callback without a code cannot verify anything.
  await page.goto(`${base()}/auth/callback`);
  await expect(page.getByText('Email verification failed. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(`${base()}/index`);
  await expect(page).toHaveURL(new RegExp(`${base()}/$`));
  await expect(page.getByRole('heading', { name: 'Manage Money Better' })).toBeVisible();
  await page.goto(`${base()}/no-such-page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto(`${base()}/terms`);
  await expect(page.getByRole('heading', { name: 'Terms & Policies', level: 1 })).toBeVisible();
  await page.goto(`${base()}/privacy`);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();

  // Signed in, the redirects land on their (guarded) targets.
  await signUpAndSignIn(page, newEmail('redirects'));
  for (const [from, to] of [
    ['/money-plan', '/calendar'],
    ['/ai-coach', '/coach'],
    ['/link-accounts', '/link'],
  ] as const) {
    await page.goto(`${base()}${from}`);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
  }
  // An account id that is not theirs (or does not exist) is a not-found screen, not a retry.
  await page.goto(`${base()}/accounts/acc_does_not_exist`);
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See your accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
});

test('theme persists across a reload and a second tab follows it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, newEmail('theme'));
  await page.goto(`${base()}/settings`);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);

  const second = await context.newPage();
  await second.goto(`${base()}/settings`);
  await expect(second.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light mode' }).click();
  await expect(second.locator('html')).not.toHaveClass(/dark/);
  await second.close();
});

test('personalize saves initials and a photo, and refuses a 6 MB file and a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, newEmail('avatar'));
  await page.goto(`${base()}/settings`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Personalize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personalize Your Profile' });
  await expect(dialog.getByText('Stay anonymous - your profile info stays private')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Privacy Mode' })).toBeChecked();
  await dialog.getByRole('tab', { name: 'Personality' }).click();
  // spec §3: the saver / debt_crusher labels are swapped in the picker.
  await expect(dialog.getByText('Debt Crusher')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Initials' }).click();
  await dialog.getByLabel('Custom initials').fill('kjx');
  await expect(dialog.getByLabel('Custom initials')).toHaveValue('KJX');
  // The swatch (the radio's label) covers the visually hidden radio.
  await dialog.getByRole('radio', { name: 'Purple' }).check({ force: true });
  const savedInitials = page.waitForResponse(
    (r) => r.url().endsWith('/profiles/me') && r.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Save & Close' }).click();
  const body = (await (await savedInitials).json()) as { custom_initials: string; avatar_type: string };
  expect(body).toMatchObject({ custom_initials: 'KJX', avatar_type: 'initials', avatar_color: '#8B5CF6' });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('KJX');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Personalize' }).click();
  await dialog.getByRole('tab', { name: 'Photo' }).click();
  await expect(dialog.getByText('Max size: 5MB • Formats: JPG, PNG, GIF')).toBeVisible();
  const fileInput = dialog.getByLabel('Photo file');
  await fileInput.setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(page.getByText('Image must be less than 5MB')).toBeVisible();
  // A real 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('button', { name: 'Change Photo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save & Close' }).click();
  await expect(dialog).toBeHidden();
  const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /.+/);
  // The photo really loads from the avatar store (a broken image has no natural width).
  await expect
    .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
});

test('an admin notice with a script and an onerror payload renders sanitized and runs nothing @serial', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('admin');
  await signUpAndSignIn(page, email);
  // An admin has the `admin` group and profiles.is_admin (bin/make-admin.ts).
  await makeAdminByEmail(email);
  // A new sign-in carries the group in the token.
  await page.goto(`${base()}/settings`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/get-started$/);
  await page.goto(`${base()}/settings`);
  const main = page.getByRole('navigation', { name: 'Main' });
  // An admin's eleven header links do not fit one row at these widths: the row holds what fits and
  // "More" the rest (components/layouts/header-nav.tsx); none runs under the profile and avatar controls.
  const more = main.getByRole('button', { name: 'More' });
  for (const width of [768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(more).toBeVisible();
    const row = await main.evaluate((nav) => {
      const links = [...nav.querySelectorAll(':scope > ul:not([aria-hidden]) > li')].map((li) =>
        li.getBoundingClientRect(),
      );
      const controls = nav.nextElementSibling?.getBoundingClientRect();
      return {
        end: Math.max(...links.map((r) => r.right)),
        controls: controls?.left ?? 0,
        rows: new Set(links.map((r) => r.top)).size,
      };
    });
    expect(row.end, `the links end before the controls at ${width} px`).toBeLessThanOrEqual(row.controls);
    expect(row.rows).toBe(1);
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Categories' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(main.getByRole('link', { name: 'Categories' })).toBeHidden();
    await expect(more).toBeFocused();
  }
  await more.click();
  await main.getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(main.getByRole('link', { name: 'Categories' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${base()}/settings`);

  const token = await page.evaluate<string | null>(
    "(() => { const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken')); return key ? localStorage.getItem(key) : null; })()",
  );
  expect(token).toBeTruthy();
  const created = await fetch(`${apiUrl()}/admin/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: 'Security notice',
      content:
        '<p>Hello <b>there</b></p><script>window.__pwned = "script"</script><img src="x" onerror="window.__pwned = \'onerror\'"><a href="javascript:window.__pwned=1">link</a>',
      notification_type: 'announcement',
      style_variant: 'warning',
      target_page: 'settings',
      is_active: true,
      start_date: new Date(Date.now() - 60_000).toISOString(),
      end_date: null,
      priority: 10,
    }),
  });
  expect(created.status, await created.clone().text()).toBeLessThan(300);

  await page.reload();
  const notice = page.getByRole('dialog', { name: 'Security notice' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('there')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate('window.__pwned')).toBeUndefined();
  const html = await notice.innerHTML();
  expect(html).not.toContain('<script');
  expect(html).not.toContain('onerror');
  expect(html).not.toContain('javascript:');
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog', { name: 'Security notice' })).toHaveCount(0);
  // The notice is for every user's settings page: switch it off for the suites after this one.
  const { id } = (await created.json()) as { id: string };
  const off = await fetch(`${apiUrl()}/admin/notifications/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ is_active: false }),
  });
  expect(off.status, await off.clone().text()).toBeLessThan(300);
});

test('at 375 px the bottom navigation shows, the header does not, and Personalize fits', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, newEmail('mobile'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${base()}/accounts`);
  const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
  await expect(bottom).toBeVisible();
  for (const label of ['Accounts', 'Calendar', 'Coach', 'Money Plan']) {
    await expect(bottom.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(bottom.getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Main menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile menu' });
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Personalize on a 375 x 667 phone: every tab whole, "Save & Close" reachable without
  // scrolling the dialog, four typed initials inside the avatar.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Personalize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personalize Your Profile' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const dialogBox = await dialog.boundingBox();
  for (const name of ['Anonymous', 'Initials', 'Personality', 'Photo']) {
    const tab = await dialog.getByRole('tab', { name }).boundingBox();
    expect(
      tab && dialogBox && tab.x >= dialogBox.x && tab.x + tab.width <= dialogBox.x + dialogBox.width,
    ).toBe(true);
  }
  // The personality grid is the tallest panel: the button stays on top there too.
  await dialog.getByRole('tab', { name: 'Personality' }).click();
  const save = dialog.getByRole('button', { name: 'Save & Close' });
  const onTop = () =>
    save.evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
  expect(await onTop()).toBe(true);
  await dialog.getByRole('tab', { name: 'Initials' }).click();
  await dialog.getByLabel('Custom initials').fill('WWMM');
  const preview = dialog.locator('span[aria-hidden="true"]').filter({ hasText: /^WWMM$/ });
  expect(await textOverflowPx(preview)).toBe(0);
  expect(await onTop()).toBe(true);
  await save.click();
  await expect(dialog).toBeHidden();
  const headerAvatar = page
    .getByRole('button', { name: 'Account menu' })
    .locator('span[aria-hidden="true"]')
    .filter({ hasText: /^WWMM$/ });
  await expect(headerAvatar).toBeVisible();
  expect(await textOverflowPx(headerAvatar)).toBe(0);
});

// The light landing page (docs/web.md "Landing bundle") in Chromium: a signed-out
// visitor on '/' reads the landing page prerendered into index.html, driven by the small entry alone —
// nothing of React, Amplify, the router or the query cache is fetched before it paints, nor until a link
// is pointed at — then its screens are preloaded, and its links start the full app in place (the page
// after a link, Back to the landing page, the legal pages). A signed-in visitor on '/' gets spec §2's
// home logic instead.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { builtFile, entryKey, readWebManifest, staticClosure } from '../../bin/web-manifest.ts';
import { e2eBaseUrl as base, signUpAndSignIn } from './helpers.ts';

/** The production build under test (global-setup.ts) and its chunks: the entry's, and those only the
 * full app (app/boot.tsx and what it imports, React included) loads. */
function buildUnderTest() {
  const dist = process.env.E2E_WEB_DIST;
  if (!dist) throw new Error('E2E_WEB_DIST is not set: run through the suite global setup');
  const manifest = readWebManifest(dist);
  const entry = staticClosure(manifest, entryKey(manifest)).js;
  const fullApp = [...staticClosure(manifest, 'src/app/boot.tsx').js].filter((file) => !entry.has(file));
  return { manifest, entryFile: builtFile(manifest, entryKey(manifest)), fullApp };
}

test('a signed-out visitor gets the landing page without the full app, then the app from its links @serial', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { manifest, entryFile, fullApp } = buildUnderTest();
  // The full app is more than the entry (React, Amplify, the router, the query cache live in its chunks).
  expect(fullApp.length).toBeGreaterThan(0);
  // The page is in the HTML itself: the first response already holds the heading and the links.
  const html = await (await page.request.get(`${base()}/`)).text();
  expect(html).toContain('Manage Money Better');
  expect(html).toContain('href="/signup"');
  const accountsChunk = builtFile(manifest, 'src/app/routes/app/accounts.tsx');
  const preloaded = page.waitForRequest((request) => request.url().endsWith(`/${accountsChunk}`));
  await page.goto(`${base()}/`);
  await expect(page.getByRole('heading', { name: 'Manage Money Better', level: 1 })).toBeVisible();
  await expect(page.getByText('See every account in one place.', { exact: true }).first()).toBeAttached();

  // Everything fetched before the first paint (the landing page's text) belongs to the small entry.
  const beforePaint = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return null;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paint.startTime)
      .map((entry) => entry.name);
  });
  expect(beforePaint).not.toBeNull();
  expect(beforePaint?.some((url) => url.endsWith(`/${entryFile}`))).toBe(true);
  expect(beforePaint?.filter((url) => fullApp.some((file) => url.endsWith(`/${file}`)))).toEqual([]);

  // The taglines are typed without React (spec §1 / §9: 40 ms a character, 3 s held).
  await expect(page.locator('[data-start-view="landing"] [data-typed]')).toHaveText(
    'See every account in one place.',
  );
  // Nothing of the app loads while the visitor only reads (well past spec §2's 3 s preload
  // delay, which is for signed-in starts); pointing at a link loads it and the screens' preloads.
  await page.waitForTimeout(4_000);
  const loadedWhileReading = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  expect(loadedWhileReading.filter((url) => fullApp.some((file) => url.endsWith(`/${file}`)))).toEqual([]);
  // …and the next one follows once the first has been held.
  await expect(page.locator('[data-start-view="landing"] [data-typed]')).toHaveText(/^Know/, {
    timeout: 6_000,
  });
  await page.getByRole('link', { name: 'Log in' }).first().hover();
  await preloaded;

  // A link starts the full app at its page, in place; Back returns to the landing page.
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${base()}/login$`));
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${base()}/$`));
  await expect(page.getByRole('heading', { name: 'Manage Money Better', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();

  // The links are real addresses (a new tab, a copied link), and from a fresh landing page a click
  // starts the app at theirs.
  await page.goto(`${base()}/`);
  await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toHaveAttribute(
    'href',
    '/signup',
  );
  await page.getByRole('link', { name: 'Sign up for free' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${base()}/signup$`));
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});

test('an invitation on / goes through the full app, which remembers it @serial', async ({ page }) => {
  await page.goto(`${base()}/?invite=landing-invite-token&email=ada%40example.com`);
  await expect(page.getByRole('heading', { name: 'Manage Money Better', level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('pendingInviteToken')))
    .toBe('landing-invite-token');
  // The landing page's links carry the query on.
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toHaveAttribute(
    'href',
    '/login?invite=landing-invite-token&email=ada%40example.com',
  );
});

test('a signed-in visitor on / gets the home logic, not the landing page @serial', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, `e2e-landing-${randomUUID().slice(0, 8)}@example.com`, {
    fullName: 'Mary Somerville',
  });
  await page.goto(`${base()}/`);
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('heading', { name: 'Manage Money Better' })).toHaveCount(0);
});

// spec §7's function-call layer in Chromium: two parts of a page asking for the same call at
// once share one request. A new person opening /get-started before any financial profile exists has two
// components asking for ensure-default-profile on their own: the app-wide profile list as soon as its
// list comes back empty (spec §4 Profile loading), and the setup card after 0.5 s without a profile
// (spec §4 Initial-setup readiness). Nothing in the screens stands between them; only the invoker's
// sharing keeps the second off the wire.
import { randomUUID } from 'node:crypto';
import { expect, test, type Route } from '@playwright/test';
import { createConfirmedUser, e2eBaseUrl as base, signInThroughUi } from './helpers.ts';

test('the profile list and the setup card asking ensure-default-profile together send one request', async ({
  page,
}) => {
  // The sign-in lands on '/', whose profile list asks first: that request is held unanswered, so the
  // person still has no profile when /get-started opens.
  let phase: 'signing-in' | 'get-started' = 'signing-in';
  const held: Route[] = [];
  let onWire = 0;
  let mostOnWire = 0;
  const sent: unknown[] = [];
  await page.route('**/functions/ensure-default-profile', async (route) => {
    if (phase === 'signing-in') {
      held.push(route);
      return;
    }
    sent.push(route.request().postDataJSON());
    onWire += 1;
    mostOnWire = Math.max(mostOnWire, onWire);
    // Unanswered for 3 s, so the second asker comes while the first request is still out.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const response = await route.fetch();
    onWire -= 1;
    await route.fulfill({ response });
  });
  const email = `e2e-invoke-${randomUUID().slice(0, 8)}@example.com`;
  await createConfirmedUser(email, 'Grace Hopper');
  await signInThroughUi(page, email);
  await expect.poll(() => held.length).toBeGreaterThan(0);

  phase = 'get-started';
  await page.goto(`${base()}/get-started`);
  await expect(page.getByRole('button', { name: 'Connect accounts' })).toBeEnabled();
  expect(sent[0]).toEqual({});
  // Both askers asked within the 3 s; one request carried them both.
  expect(mostOnWire, 'ensure-default-profile requests on the wire at once').toBe(1);
});

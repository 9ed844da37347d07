// Shared financial profiles, as two people do it in two browsers: A signs up,
// creates a profile and invites B as viewer from /profiles; B opens the e-mailed link signed out, signs
// up with the e-mail locked, confirms, signs in, lands on /profiles with 'Account created and invitation
// accepted!' and sees A's profile read-only (and the API refuses B's edit); A sees 2 members. Also: an
// existing user accepting through sign-in, a dead link, and axe on /profiles.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerQuestionnaire, startTrial } from './helpers.ts';

const base = () => process.env.E2E_BASE_URL ?? '';
const apiUrl = () => process.env.E2E_API_URL ?? '';
const CODE = '123456';
// Not a common breached password: the sign-up form's trigger refuses those (domain/breached-passwords.ts).
const PASSWORD = 'tallywise-e2e-pass';

interface Person {
  email: string;
  fullName: string;
}

const person = (name: string): Person => ({
  email: `e2e-${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
  fullName: name,
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** On /signup (e-mail already filled when it is locked): create the account and confirm the code. */
async function createAndVerify(page: Page, who: Person, { emailLocked = false } = {}) {
  if (!emailLocked) await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Full name').fill(who.fullName);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('Confirmation code').fill(CODE);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified! Please sign in to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

/** On /login with the e-mail filled in by the previous screen. */
async function signIn(page: Page, who: Person) {
  await expect(page.getByLabel('Email')).toHaveValue(who.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new user, signed up and signed in through the UI. */
async function signUpThroughUi(page: Page, who: Person) {
  await page.goto(`${base()}/signup`);
  await answerQuestionnaire(page);
  await createAndVerify(page, who);
  await signIn(page, who);
  // An account's first sign-in welcomes the person as new.
  await expect(page.getByText("Welcome to Tallywise! Let's get you set up.")).toBeVisible();
  // spec §2 home logic: a new user without accounts lands on /get-started; the journey goes on from Settings.
  await expect(page).toHaveURL(/\/get-started$/);
  // The money screens are behind the subscription gate; an owner's trial covers the people
  // they invite.
  await startTrial(page);
  await page.goto(`${base()}/settings`);
}

const profileCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Your profiles' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

async function createProfile(page: Page, name: string) {
  await page.goto(`${base()}/profiles`);
  await expect(profileCard(page, 'Personal')).toBeVisible();
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Profile name').fill(name);
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText(`Profile "${name}" created successfully`)).toBeVisible();
  await expect(profileCard(page, name).getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sharing “${name}”` })).toBeVisible();
}

async function invite(page: Page, email: string, role: 'viewer' | 'editor') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Pending invitations' }).getByText(email, { exact: true }),
  ).toBeVisible();
}

/** The newest invitation e-mailed to `to`, from the local outbox (newest first), and its link. */
async function inviteLinkFor(to: string): Promise<string> {
  const response = await fetch(`${apiUrl()}/__outbox`, { headers: { accept: 'application/json' } });
  expect(response.ok).toBe(true);
  const messages = (await response.json()) as { to: string; kind?: string; text: string }[];
  const message = messages.find((m) => m.to === to && m.kind === 'profile_invitation');
  expect(message, `an invitation e-mail to ${to}`).toBeDefined();
  const link = message?.text.match(/https?:\/\/\S+\/invite\/accept\?token=[\w-]+/)?.[0];
  expect(link, 'the accept link in the e-mail').toBeDefined();
  return link ?? '';
}

/** axe-core on the page as it is now: no serious or critical violation. */
async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/** B's own API call, with B's session: renaming a profile B only views. */
async function renameThroughApi(page: Page, profileName: string): Promise<number> {
  return page.evaluate(
    async ({ api, name }) => {
      // Amplify keeps the session in local storage (typed here: the suite is compiled without the DOM).
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } })
        .localStorage;
      const key = Object.keys(storage).find((k) => k.endsWith('.idToken'));
      const token = key ? storage.getItem(key) : null;
      if (!token) return -1;
      const authorization = `Bearer ${token}`;
      const list = (await (
        await fetch(`${api}/financial-profiles`, { headers: { authorization } })
      ).json()) as {
        id: string;
        name: string;
      }[];
      const profile = list.find((p) => p.name === name);
      if (!profile) return -2;
      const response = await fetch(`${api}/financial-profiles/${profile.id}`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Taken over' }),
      });
      return response.status;
    },
    { api: apiUrl(), name: profileName },
  );
}

test('an owner invites a viewer who signs up through the link and sees the profile read-only', async ({
  browser,
}) => {
  const a = person('Ada');
  const b = person('Bea');
  const profileName = `Household ${randomUUID().slice(0, 4)}`;

  const pageA = await newPage(browser);
  await signUpThroughUi(pageA, a);
  await createProfile(pageA, profileName);
  await invite(pageA, b.email, 'viewer');

  await expectNoSeriousAxeViolations(pageA);

  // B, signed out in another browser, follows the e-mailed link.
  const link = await inviteLinkFor(b.email);
  const pageB = await newPage(browser);
  await pageB.goto(link);
  await expect(pageB.getByRole('heading', { name: "You're invited" })).toBeVisible();
  await expect(pageB.getByText(`invited you to “${profileName}” as viewer.`)).toBeVisible();
  await expectNoSeriousAxeViolations(pageB);
  await pageB.getByRole('link', { name: 'Create account' }).click();

  await expect(pageB).toHaveURL(/\/signup\?/);
  await answerQuestionnaire(pageB);
  const lockedEmail = pageB.getByLabel('Email');
  await expect(lockedEmail).toHaveValue(b.email);
  await expect(lockedEmail).not.toBeEditable();
  await createAndVerify(pageB, b, { emailLocked: true });
  await signIn(pageB, b);

  await expect(pageB.getByText('Account created and invitation accepted!')).toBeVisible();
  await expect(pageB).toHaveURL(/\/profiles$/);
  await expect(pageB.getByText('Welcome back!')).toHaveCount(0);

  // A's profile is B's only one, active, and B is its viewer.
  const sharedCard = profileCard(pageB, profileName);
  await expect(sharedCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(sharedCard.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(pageB.getByRole('list', { name: 'Your profiles' }).getByRole('listitem')).toHaveCount(1);
  await expect(
    pageB.getByText('As a viewer, you can see everything in it but change nothing.'),
  ).toBeVisible();
  const members = pageB.getByRole('list', { name: `Members of ${profileName}` });
  await expect(members.getByText(a.email)).toBeVisible();

  // Read-only: no rename, archive or invite controls, and no Profiles link (spec §6).
  await expect(pageB.getByRole('button', { name: /^(Rename|Archive)/ })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(pageB.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Leave profile' })).toBeVisible();
  await expect(
    pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
  ).toBeVisible();
  await expect(
    pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profiles' }),
  ).toHaveCount(0);
  expect(await renameThroughApi(pageB, profileName)).toBe(403);
  await expectNoSeriousAxeViolations(pageB);

  // A sees B joined.
  await pageA.reload();
  await expect(profileCard(pageA, profileName).getByText('2 members')).toBeVisible();
  await expect(
    pageA.getByRole('list', { name: `Members of ${profileName}` }).getByText(b.email),
  ).toBeVisible();
  await expect(pageA.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  await expect(pageA.getByText('No pending invitations.')).toBeVisible();
});

test('an existing user signs in through an invitation and lands on the shared profile as editor', async ({
  browser,
}) => {
  const owner = person('Olu');
  const guest = person('Gus');
  const profileName = `Studio ${randomUUID().slice(0, 4)}`;

  const pageG = await newPage(browser);
  await signUpThroughUi(pageG, guest);
  await pageG.getByRole('button', { name: 'Account menu' }).click();
  await pageG.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(pageG).toHaveURL(/\/login/);

  const pageO = await newPage(browser);
  await signUpThroughUi(pageO, owner);
  await createProfile(pageO, profileName);
  await invite(pageO, guest.email, 'editor');

  await pageG.goto(await inviteLinkFor(guest.email));
  await expect(pageG.getByText(`invited you to “${profileName}” as editor.`)).toBeVisible();
  await pageG.getByRole('link', { name: 'Sign in' }).click();
  await signIn(pageG, guest);

  await expect(pageG.getByText('Invitation accepted!', { exact: true })).toBeVisible();
  await expect(pageG).toHaveURL(/\/profiles$/);
  const sharedCard = profileCard(pageG, profileName);
  await expect(sharedCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(sharedCard.getByText('Editor', { exact: true })).toBeVisible();
  // The guest owns a profile of their own, so nothing is hidden from them.
  await expect(profileCard(pageG, 'Personal')).toBeVisible();
  await expect(
    pageG.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profiles' }),
  ).toBeVisible();

  // The link works once.
  await pageG.goto(await inviteLinkFor(guest.email));
  await expect(pageG.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await expect(pageG.getByText('This invitation has already been used.')).toBeVisible();
});

test('an owner switches, renames and archives profiles, and another tab follows the switch', async ({
  browser,
}) => {
  const owner = person('Max');
  const page = await newPage(browser);
  await signUpThroughUi(page, owner);
  const otherTab = await page.context().newPage();
  await otherTab.goto(`${base()}/profiles`);
  await expect(profileCard(otherTab, 'Personal').getByText('Active', { exact: true })).toBeVisible();

  // A profile created in one tab is unknown to the other: it refetches, then follows (spec §4).
  await createProfile(page, 'Side');
  await expect(profileCard(otherTab, 'Side').getByText('Active', { exact: true })).toBeVisible();

  await profileCard(page, 'Personal').getByRole('button', { name: 'Switch to Personal' }).click();
  await expect(page.getByText('Switched to "Personal" profile')).toBeVisible();
  await expect(profileCard(page, 'Personal').getByText('Active', { exact: true })).toBeVisible();
  await expect(profileCard(otherTab, 'Personal').getByText('Active', { exact: true })).toBeVisible();

  await profileCard(page, 'Side').getByRole('button', { name: 'Rename Side' }).click();
  await page.getByLabel('Profile name').fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Please enter a profile name')).toBeVisible();
  await page.getByLabel('Profile name').fill('Side hustle');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(profileCard(page, 'Side hustle')).toBeVisible();

  // Invite, then cancel.
  await invite(page, 'someone@example.com', 'editor');
  await page.getByRole('button', { name: 'Cancel invitation to someone@example.com' }).click();
  await expect(page.getByText('Invitation to someone@example.com cancelled')).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();

  // Archiving the active profile moves to the default one (spec §4).
  await profileCard(page, 'Side hustle').getByRole('button', { name: 'Switch to Side hustle' }).click();
  await expect(profileCard(page, 'Side hustle').getByText('Active', { exact: true })).toBeVisible();
  await profileCard(page, 'Side hustle').getByRole('button', { name: 'Archive Side hustle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive profile' }).click();
  await expect(page.getByText('Profile archived successfully')).toBeVisible();
  await expect(profileCard(page, 'Side hustle')).toHaveCount(0);
  await expect(profileCard(page, 'Personal').getByText('Active', { exact: true })).toBeVisible();
  await expect(profileCard(page, 'Personal').getByRole('button', { name: /^Archive/ })).toHaveCount(0);
});

test('a signed-in user accepts on the invitation page, then leaves the profile', async ({ browser }) => {
  const owner = person('Ida');
  const guest = person('Jon');
  const profileName = `Trip ${randomUUID().slice(0, 4)}`;

  const pageO = await newPage(browser);
  await signUpThroughUi(pageO, owner);
  await createProfile(pageO, profileName);
  await invite(pageO, guest.email, 'viewer');

  const pageG = await newPage(browser);
  await signUpThroughUi(pageG, guest);
  await pageG.goto(await inviteLinkFor(guest.email));
  await pageG.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(pageG.getByText('Invitation accepted!', { exact: true })).toBeVisible();
  await expect(pageG).toHaveURL(/\/profiles$/);
  await expect(profileCard(pageG, profileName).getByText('Active', { exact: true })).toBeVisible();
  await expect(pageG.getByRole('banner').getByText(`${profileName}`)).toBeVisible();

  await pageG.getByRole('button', { name: 'Leave profile' }).click();
  await pageG.getByRole('dialog').getByRole('button', { name: 'Leave profile' }).click();
  await expect(pageG.getByText(`You left "${profileName}"`)).toBeVisible();
  await expect(profileCard(pageG, profileName)).toHaveCount(0);
  await expect(profileCard(pageG, 'Personal').getByText('Active', { exact: true })).toBeVisible();

  await pageO.reload();
  await expect(profileCard(pageO, profileName).getByText('1 member', { exact: true })).toBeVisible();
});

test('a link with an unknown token says so', async ({ page }) => {
  await page.goto(`${base()}/invite/accept?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await expect(
    page.getByText('This invitation link is invalid. Ask the profile owner to send a new one.'),
  ).toBeVisible();
});

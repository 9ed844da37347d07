// The Link stand-in in real Chromium: a host page with a strict Content-Security-Policy loads
// /link/link-initialize.js and drives Plaid.create / open() through institution, credentials and
// account selection to onSuccess or onExit, as the SPA will; hosted link ends at the completion URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type FrameLocator, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkTokenCreateRequest, PlaidApi } from 'plaid';
import type { PlaidSandbox } from './sandbox.ts';
import { createLinkToken, linkItem, startSandbox } from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;
let browser: Browser;
let host: Server;
let hostUrl: string;

/** The host app's script: what the SPA does with Plaid Link (no inline script under its CSP). */
const APP_JS = `
const params = new URLSearchParams(location.search);
// Back from an OAuth bank: re-open Link with the same token and the URL it came back to.
const oauthReturn = params.has('oauth_state_id');
const token = oauthReturn ? sessionStorage.getItem('link_token') : params.get('token');
sessionStorage.setItem('link_token', token);
window.__events = [];
const handler = Plaid.create({
  token,
  ...(oauthReturn ? { receivedRedirectUri: location.href } : {}),
  onSuccess: (public_token, metadata) => { window.__success = { public_token, metadata }; },
  onExit: (error, metadata) => { window.__exit = { error, metadata }; },
  onEvent: (name, metadata) => { window.__events.push({ name, metadata }); },
});
document.getElementById('connect').addEventListener('click', () => handler.open());
if (oauthReturn) handler.open();
`;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'browser' }));
  host = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path === '/app.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(APP_JS);
      return;
    }
    const csp = [
      "default-src 'self'",
      `script-src 'self' ${sandbox.url}`,
      `frame-src ${sandbox.url}`,
      "style-src 'self'",
      "connect-src 'self'",
    ].join('; ');
    const body =
      path === '/done'
        ? '<!doctype html><html lang="en"><head><title>Done</title></head><body><main><h1>Done</h1></main></body></html>'
        : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host app</title>` +
          `<script src="${sandbox.url}/link/link-initialize.js"></script><script src="/app.js" defer></script></head>` +
          `<body><main><h1>Host app</h1><button id="connect" type="button">Connect a bank</button></main></body></html>`;
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp })
      .end(body);
  });
  await new Promise<void>((resolve) => host.listen({ port: 0, host: '127.0.0.1' }, resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => host.close(() => resolve()));
  await sandbox.close();
});

const linkToken = async (extra?: Partial<LinkTokenCreateRequest>) =>
  (await createLinkToken(client, extra)).link_token;

interface HostWindow {
  __success?: {
    public_token: string;
    metadata: { institution: { name: string }; accounts: Array<{ name: string }> };
  };
  __exit?: {
    error: { error_code: string } | null;
    metadata: { status?: string; institution: { name: string } | null };
  };
  __events: Array<{ name: string; metadata: Record<string, unknown> }>;
  document: { activeElement: { id: string } | null };
}

/** Opens the host app with a link token; collects every CSP violation the page or the frame reports. */
async function openLink(token: string): Promise<{ page: Page; link: FrameLocator; violations: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto(`${hostUrl}/?token=${token}`);
  await page.getByRole('button', { name: 'Connect a bank' }).click();
  return { page, link: page.frameLocator('iframe[title="Plaid Link"]'), violations };
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

// A browser is slow to drive on a busy machine: these tests get more time than unit tests.
describe('Plaid.create in a page with a strict CSP', { timeout: 30_000 }, () => {
  it('links accounts: institution search, a wrong then a right password, account choice, onSuccess', async () => {
    const { page, link, violations } = await openLink(await linkToken());
    try {
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByLabel('Search institutions').fill('platypus');
      await link.getByRole('button', { name: 'First Platypus Bank' }).click();
      await link.getByLabel('Username').fill('user_good');
      await link.getByLabel('Password').fill('wrong');
      await link.getByRole('button', { name: 'Continue' }).click();
      expect(await link.getByRole('alert').textContent()).toBe(
        'The provided credentials were not correct. Please try again.',
      );
      await link.getByLabel('Password').fill('pass_good');
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('checkbox', { name: /Plaid Mortgage/ }).uncheck();
      await expectAccessible(page);
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('heading', { name: 'Success' }).waitFor();
      await link.getByRole('button', { name: 'Continue' }).click();

      await page.waitForFunction(() => Boolean((globalThis as unknown as HostWindow).__success));
      const { success, events, focused, frames } = await page.evaluate(() => {
        const w = globalThis as unknown as HostWindow & {
          document: { querySelectorAll(s: string): { length: number } };
        };
        return {
          success: w.__success,
          events: w.__events.map((e) => e.name),
          focused: w.document.activeElement?.id,
          frames: w.document.querySelectorAll('iframe').length,
        };
      });
      expect(success?.metadata.institution.name).toBe('First Platypus Bank');
      expect(success?.metadata.accounts.map((a) => a.name)).not.toContain('Plaid Mortgage');
      expect(success?.metadata.accounts).toHaveLength(7);
      expect(events).toEqual(
        expect.arrayContaining([
          'OPEN',
          'TRANSITION_VIEW',
          'SELECT_INSTITUTION',
          'SUBMIT_CREDENTIALS',
          'ERROR',
          'HANDOFF',
        ]),
      );
      expect(focused).toBe('connect');
      expect(frames).toBe(0);
      const { data } = await client.itemPublicTokenExchange({ public_token: success?.public_token ?? '' });
      expect((await client.accountsGet({ access_token: data.access_token })).data.accounts).toHaveLength(7);
      expect(violations).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('exits without an error on Escape, and with Plaid’s error when the institution is down', async () => {
    const { page, link } = await openLink(await linkToken());
    const exited = async () => {
      await page.waitForFunction(() => Boolean((globalThis as unknown as HostWindow).__exit));
      return page.evaluate(() => {
        const w = globalThis as unknown as HostWindow;
        const exit = w.__exit;
        delete w.__exit;
        return exit;
      });
    };
    try {
      await link.getByRole('button', { name: 'Continue' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await exited()).toMatchObject({ error: null, metadata: { status: 'institution_not_found' } });

      await page.getByRole('button', { name: 'Connect a bank' }).click();
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('button', { name: 'First Gingham Credit Union' }).click();
      await link.getByLabel('Username').fill('user_institution_down');
      await link.getByLabel('Password').fill('pass_good');
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('heading', { name: 'Something went wrong' }).waitFor();
      await link.getByRole('button', { name: 'Exit' }).click();
      const exit = await exited();
      expect(exit?.error?.error_code).toBe('INSTITUTION_DOWN');
      expect(exit?.metadata).toMatchObject({
        status: 'requires_credentials',
        institution: { name: 'First Gingham Credit Union' },
      });
    } finally {
      await page.context().close();
    }
  });

  it('repairs an item in update mode, starting at its login; closing on Success still reports it', async () => {
    const item = await linkItem(client);
    await client.sandboxItemResetLogin({ access_token: item.access_token });
    const { page, link } = await openLink(
      await linkToken({ products: undefined, access_token: item.access_token }),
    );
    try {
      await link.getByRole('heading', { name: 'Log in to First Platypus Bank' }).waitFor();
      await link.getByLabel('Username').fill('user_good');
      await link.getByLabel('Password').fill('pass_good');
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('heading', { name: 'Success' }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => Boolean((globalThis as unknown as HostWindow).__success));
      expect(await page.evaluate(() => (globalThis as unknown as HostWindow).__exit)).toBeUndefined();
      await client.transactionsSync({ access_token: item.access_token, count: 1 });
    } finally {
      await page.context().close();
    }
  });
});

describe('an OAuth bank', { timeout: 30_000 }, () => {
  const waitForSuccess = async (page: Page) => {
    await page.waitForFunction(() => Boolean((globalThis as unknown as HostWindow).__success));
    return page.evaluate(() => (globalThis as unknown as HostWindow).__success);
  };

  it('sends the page to the bank and resumes Link at the redirect_uri (receivedRedirectUri)', async () => {
    const { page, link, violations } = await openLink(
      await linkToken({ redirect_uri: `${hostUrl}/plaid-oauth` }),
    );
    try {
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByLabel('Search institutions').fill('oauth');
      await link.getByRole('button', { name: 'Platypus OAuth Bank' }).click();
      await link.getByRole('heading', { name: 'Continue to Platypus OAuth Bank' }).waitFor();
      await link.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${sandbox.url}/link/oauth/authorize?**`);
      await page.getByLabel('Username').fill('user_good');
      await page.getByLabel('Password').fill('pass_good');
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.waitForURL(`${hostUrl}/plaid-oauth?oauth_state_id=**`);
      await link.getByRole('heading', { name: 'Select accounts' }).waitFor();
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('button', { name: 'Continue' }).click();
      const success = await waitForSuccess(page);
      expect(success?.metadata.institution.name).toBe('Platypus OAuth Bank');
      expect(success?.metadata.accounts).toHaveLength(3);
      expect(violations).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('uses a popup for the bank’s page when the link token has no redirect_uri', async () => {
    const { page, link } = await openLink(await linkToken());
    try {
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('button', { name: 'Platypus OAuth Bank' }).click();
      const opened = page.waitForEvent('popup');
      await link.getByRole('button', { name: 'Continue' }).click();
      const bank = await opened;
      await bank.getByLabel('Username').fill('user_good');
      await bank.getByLabel('Password').fill('pass_good');
      await bank.getByRole('button', { name: 'Authorize' }).click();
      await link.getByRole('heading', { name: 'Select accounts' }).waitFor();
      await link.getByRole('button', { name: 'Continue' }).click();
      await link.getByRole('button', { name: 'Continue' }).click();
      expect((await waitForSuccess(page))?.metadata.institution.name).toBe('Platypus OAuth Bank');
    } finally {
      await page.context().close();
    }
  });
});

describe('hosted link', { timeout: 30_000 }, () => {
  it('runs full-page and redirects to the completion URL with the public token', async () => {
    const data = await createLinkToken(client, {
      hosted_link: { completion_redirect_uri: `${hostUrl}/done` },
    });
    const page = await (await browser.newContext()).newPage();
    try {
      await page.goto(data.hosted_link_url ?? '');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Tartan Bank' }).click();
      await page.getByLabel('Username').fill('user_good');
      await page.getByLabel('Password').fill('pass_good');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Success' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${hostUrl}/done?**`);
      const params = new URL(page.url()).searchParams;
      expect(params.get('status')).toBe('success');
      const { data: exchanged } = await client.itemPublicTokenExchange({
        public_token: params.get('public_token') ?? '',
      });
      const item = await client.itemGet({ access_token: exchanged.access_token });
      expect(item.data.item.institution_id).toBe('ins_109511');
    } finally {
      await page.context().close();
    }
  });
});

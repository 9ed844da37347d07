// The Link stand-in's server side: the scripts and pages it serves, and the session calls its page
// makes (institution, credentials, accounts, success or exit), in create, update and hosted modes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, CountryCode, Products, type LinkTokenCreateRequest, type PlaidApi } from 'plaid';
import type { PlaidSandbox } from './sandbox.ts';
import { createLinkToken, linkItem, startSandbox, startWebhookReceiver } from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'link' }));
});
afterAll(() => sandbox.close());

const linkToken = async (extra?: Partial<LinkTokenCreateRequest>) =>
  (await createLinkToken(client, extra)).link_token;

/** The session endpoints' answers (fields vary by call). */
interface SessionBody {
  [field: string]: unknown;
  link_session_id: string;
  institutions: Array<{ institution_id: string }>;
  accounts: Array<{ id: string; type: string }>;
  selected: string[];
  account_selection: boolean;
  public_token: string;
  redirect_url: string | null;
  oauth_state_id: string;
  authorize_url: string;
  popup: boolean;
  metadata: Record<string, unknown>;
  error_code: string;
}

/** What the Link page does: POST to the sandbox's session endpoints with the link token. */
async function call(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}/link/session/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as SessionBody };
}

async function startSession(link_token: string) {
  const started = await call('start', { link_token });
  expect(started.status).toBe(200);
  return { link_token, link_session_id: started.body.link_session_id, started: started.body };
}

describe('served scripts and pages', () => {
  it('serves link-initialize.js: plain script, no eval', async () => {
    const response = await fetch(`${sandbox.url}/link/link-initialize.js`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain('window.Plaid = { create');
    expect(script).not.toMatch(/\beval\(|new Function|innerHTML/);
  });

  it('serves the Link page with a strict policy, framable only by loopback pages', async () => {
    const token = await linkToken();
    const page = await fetch(
      `${sandbox.url}/link/flow?token=${token}&origin=${encodeURIComponent('http://127.0.0.1:5173')}`,
    );
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*');
    // Every frame-ancestors source is one CSP accepts (no IPv6 literal such as http://[::1]:*).
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    for (const source of ancestors) expect(source).toMatch(/^http:\/\/[a-z0-9.]+:\*$/);
    const html = await page.text();
    expect(html).toContain('data-parent-origin="http://127.0.0.1:5173"');
    expect(html).not.toMatch(/<script>|<style>| on[a-z]+="/);
    const foreign = await fetch(
      `${sandbox.url}/link/flow?token=${token}&origin=${encodeURIComponent('https://evil.example')}`,
    );
    expect(await foreign.text()).toContain('data-parent-origin=""');
  });
});

describe('a Link session', () => {
  it('links the chosen accounts of an institution and calls back with Plaid-shaped metadata', async () => {
    const token = await linkToken();
    const session = await startSession(token);
    expect(session.started).toMatchObject({
      client_name: 'Money Calendar',
      mode: 'create',
      institution: null,
    });
    expect(session.started.institutions.map((i) => i.institution_id)).toContain('ins_109508');

    const wrong = await call('credentials', {
      ...session,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'nope',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error_type: 'ITEM_ERROR', error_code: 'INVALID_CREDENTIALS' },
    });

    const login = await call('credentials', {
      ...session,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(login.body.institution).toEqual({ name: 'First Platypus Bank', institution_id: 'ins_109508' });
    expect(login.body.accounts).toHaveLength(8);
    const chosen = login.body.accounts.slice(0, 2).map((a) => a.id);

    const done = await call('complete', { ...session, account_ids: chosen });
    expect(done.body.public_token).toMatch(/^public-sandbox-/);
    expect(done.body.redirect_url).toBeNull();
    expect(done.body.metadata).toEqual({
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      accounts: [
        {
          id: chosen[0],
          name: 'Plaid Checking',
          mask: '0000',
          type: 'depository',
          subtype: 'checking',
          verification_status: null,
          class_type: null,
        },
        {
          id: chosen[1],
          name: 'Plaid Saving',
          mask: '1111',
          type: 'depository',
          subtype: 'savings',
          verification_status: null,
          class_type: null,
        },
      ],
      link_session_id: session.link_session_id,
      transfer_status: null,
    });

    const again = await call('complete', { ...session, account_ids: chosen });
    expect(again.body.public_token).toBe(done.body.public_token);

    const { data } = await client.itemPublicTokenExchange({ public_token: done.body.public_token });
    const accounts = await client.accountsGet({ access_token: data.access_token });
    expect(accounts.data.accounts.map((a) => a.account_id)).toEqual(chosen);

    const got = await client.linkTokenGet({ link_token: token });
    expect(got.data.link_sessions?.[0]).toMatchObject({
      link_session_id: session.link_session_id,
      on_success: { public_token: done.body.public_token },
      results: {
        item_add_results: [
          { public_token: done.body.public_token, institution: { institution_id: 'ins_109508' } },
        ],
      },
    });
  });

  it('records an exit with the error that ended the session', async () => {
    const token = await linkToken();
    const session = await startSession(token);
    const down = await call('credentials', {
      ...session,
      institution_id: 'ins_109509',
      username: 'user_institution_down',
      password: 'x',
    });
    expect(down.body).toMatchObject({ error_type: 'INSTITUTION_ERROR', error_code: 'INSTITUTION_DOWN' });
    const exit = await call('exit', {
      ...session,
      status: 'requires_credentials',
      error: {
        error_type: 'INSTITUTION_ERROR',
        error_code: 'INSTITUTION_DOWN',
        error_message: 'x',
        display_message: null,
      },
    });
    expect(exit.body.metadata).toMatchObject({
      institution: { name: 'First Gingham Credit Union', institution_id: 'ins_109509' },
      status: 'requires_credentials',
      link_session_id: session.link_session_id,
    });
    const got = await client.linkTokenGet({ link_token: token });
    expect(got.data.link_sessions?.[0]?.exit?.error?.error_code).toBe('INSTITUTION_DOWN');
  });

  it('offers only the account types the link token’s account_filters allow', async () => {
    const session = await startSession(
      await linkToken({ account_filters: { credit: { account_subtypes: ['credit card' as never] } } }),
    );
    const login = await call('credentials', {
      ...session,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(login.body.accounts.map((a) => a.type)).toEqual([AccountType.Credit]);
  });

  it('refuses unknown and expired link tokens', async () => {
    expect((await call('start', { link_token: 'link-sandbox-nope' })).body.error_code).toBe(
      'INVALID_LINK_TOKEN',
    );
    let now = Date.parse('2025-06-15T12:00:00Z');
    const { sandbox: timed, client: timedClient } = await startSandbox({ now: () => new Date(now) });
    try {
      const { data } = await timedClient.linkTokenCreate({
        client_name: 'App',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: 'u' },
        products: [Products.Transactions],
      });
      now += 5 * 3_600_000;
      const response = await fetch(`${timed.url}/link/session/start`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ link_token: data.link_token }),
      });
      expect(await response.json()).toMatchObject({
        error_code: 'INVALID_LINK_TOKEN',
        error_message: 'link token has expired',
      });
    } finally {
      await timed.close();
    }
  });
});

describe('update mode', () => {
  it('relinks the same item: no institution choice, the login error cleared, the same access token', async () => {
    const item = await linkItem(client);
    await client.sandboxItemResetLogin({ access_token: item.access_token });
    const session = await startSession(
      await linkToken({ products: undefined, access_token: item.access_token }),
    );
    expect(session.started).toMatchObject({
      mode: 'update',
      institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' },
    });
    const login = await call('credentials', {
      ...session,
      institution_id: 'ignored',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(login.body.account_selection).toBe(false);
    const done = await call('complete', { ...session, account_ids: login.body.selected });
    expect(done.status).toBe(200);
    const { data } = await client.itemPublicTokenExchange({ public_token: done.body.public_token });
    expect(data).toMatchObject({ access_token: item.access_token, item_id: item.item_id });
    await client.transactionsSync({ access_token: item.access_token, count: 1 });
  });
});

describe('an OAuth institution', () => {
  it('sends the user to the bank’s page and resumes the session from the redirect', async () => {
    const { data: institution } = await client.institutionsGetById({
      institution_id: 'ins_127287',
      country_codes: [CountryCode.Us],
    });
    expect(institution.institution).toMatchObject({ name: 'Platypus OAuth Bank', oauth: true });
    const token = await linkToken({ redirect_uri: 'http://127.0.0.1:5173/plaid-oauth' });
    const session = await startSession(token);
    expect(session.started.institutions).toContainEqual(
      expect.objectContaining({ institution_id: 'ins_127287', oauth: true }),
    );
    const direct = await call('credentials', {
      ...session,
      institution_id: 'ins_127287',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(direct.status).toBe(400);

    const begun = await call('oauth', { ...session, institution_id: 'ins_127287', mode: 'embedded' });
    expect(begun.body).toMatchObject({
      popup: false,
      authorize_url: `${sandbox.url}/link/oauth/authorize?state=${begun.body.oauth_state_id}`,
    });
    const page = await fetch(begun.body.authorize_url as string);
    expect(await page.text()).toContain('Sign in to Platypus OAuth Bank');

    const bank = async (password: string) => {
      const response = await fetch(`${sandbox.url}/link/oauth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ oauth_state_id: begun.body.oauth_state_id, username: 'user_good', password }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    expect(await bank('wrong')).toMatchObject({ error_code: 'INVALID_CREDENTIALS' });
    expect((await bank('pass_good')).redirect_url).toBe(
      `http://127.0.0.1:5173/plaid-oauth?oauth_state_id=${begun.body.oauth_state_id}`,
    );

    const resumed = await call('start', { link_token: token, oauth_state_id: begun.body.oauth_state_id });
    expect(resumed.body).toMatchObject({
      link_session_id: session.link_session_id,
      resumed: true,
      institution: { institution_id: 'ins_127287' },
    });
    const offered = await call('accounts', session);
    expect(offered.body.accounts).toHaveLength(3);
    const done = await call('complete', { ...session, account_ids: offered.body.accounts.map((a) => a.id) });
    const { data } = await client.itemPublicTokenExchange({ public_token: done.body.public_token });
    expect((await client.itemGet({ access_token: data.access_token })).data.item.institution_id).toBe(
      'ins_127287',
    );

    const foreign = await call('start', {
      link_token: await linkToken(),
      oauth_state_id: begun.body.oauth_state_id,
    });
    expect(foreign.body.error_code).toBe('INVALID_LINK_TOKEN');
  });

  it('uses a popup without a redirect_uri, and hosted link’s own page as the return address', async () => {
    const session = await startSession(await linkToken());
    const begun = await call('oauth', { ...session, institution_id: 'ins_127287', mode: 'embedded' });
    expect(begun.body.popup).toBe(true);

    const data = await createLinkToken(client, { hosted_link: {} });
    const hosted = await startSession(data.link_token);
    const hostedBegun = await call('oauth', { ...hosted, institution_id: 'ins_127287', mode: 'hosted' });
    const login = await fetch(`${sandbox.url}/link/oauth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        oauth_state_id: hostedBegun.body.oauth_state_id,
        username: 'user_good',
        password: 'pass_good',
      }),
    });
    expect(((await login.json()) as { redirect_url: string }).redirect_url).toBe(
      `${data.hosted_link_url}?oauth_state_id=${hostedBegun.body.oauth_state_id}`,
    );
  });
});

describe('hosted link', () => {
  it('ends at the completion URL with the public token, and sends SESSION_FINISHED', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const data = await createLinkToken(client, {
        webhook: receiver.url,
        hosted_link: { completion_redirect_uri: 'http://127.0.0.1:5173/accounts?from=hosted' },
      });
      const session = await startSession(data.link_token);
      const login = await call('credentials', {
        ...session,
        institution_id: 'ins_109512',
        username: 'user_good',
        password: 'pass_good',
      });
      const done = await call('complete', {
        ...session,
        account_ids: login.body.accounts.map((a) => a.id),
      });
      const redirect = new URL(done.body.redirect_url ?? '');
      expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:5173/accounts');
      expect(Object.fromEntries(redirect.searchParams)).toEqual({
        from: 'hosted',
        status: 'success',
        public_token: done.body.public_token,
        link_session_id: session.link_session_id,
      });
      await sandbox.webhooks.flush();
      expect(receiver.received.at(-1)?.payload).toEqual({
        webhook_type: 'LINK',
        webhook_code: 'SESSION_FINISHED',
        status: 'SUCCESS',
        link_session_id: session.link_session_id,
        link_token: data.link_token,
        public_token: done.body.public_token,
        public_tokens: [done.body.public_token],
        environment: 'sandbox',
      });
    } finally {
      await receiver.close();
    }
  });
});

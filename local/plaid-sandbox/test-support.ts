// Helpers for the sandbox's own tests and for other suites that drive it: a started sandbox with the
// official client pointed at it, a link token, linking an item, draining /transactions/sync, a
// webhook receiver.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Configuration,
  CountryCode,
  PlaidApi,
  Products,
  type LinkTokenCreateRequest,
  type LinkTokenCreateResponse,
  type RemovedTransaction,
  type Transaction,
} from 'plaid';
import { createPlaidSandbox, type PlaidSandbox, type PlaidSandboxOptions } from './sandbox.ts';

export const TEST_CLIENT_ID = 'test-client-id';
export const TEST_SECRET = 'test-secret';
/** A fixed wall clock, so dates in assertions do not depend on when the suite runs. */
export const TEST_NOW = new Date('2025-06-15T12:00:00Z');

export function plaidClient(url: string, keys = { clientId: TEST_CLIENT_ID, secret: TEST_SECRET }): PlaidApi {
  return new PlaidApi(
    new Configuration({
      basePath: url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': keys.clientId, 'PLAID-SECRET': keys.secret } },
    }),
  );
}

export async function startSandbox(
  options: Partial<PlaidSandboxOptions> = {},
): Promise<{ sandbox: PlaidSandbox; client: PlaidApi }> {
  const sandbox = await createPlaidSandbox({
    port: 0,
    clientId: TEST_CLIENT_ID,
    secret: TEST_SECRET,
    seed: 'tests',
    now: () => TEST_NOW,
    // Items ready at once unless a suite models Plaid's two-step first sync itself.
    firstSync: { initialMs: 0, historicalMs: 0 },
    ...options,
  });
  return { sandbox, client: plaidClient(sandbox.url) };
}

/** The Plaid error body (and HTTP status) a call failed with; fails the test if it succeeded. */
export async function plaidError(
  call: Promise<unknown>,
): Promise<Record<string, unknown> & { status: number }> {
  try {
    await call;
  } catch (error) {
    // The client throws axios errors carrying Plaid's body (axios is the plaid package's dependency).
    const response = (error as { response?: { status: number; data: Record<string, unknown> } }).response;
    if (response) return { ...response.data, status: response.status };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A link token for transactions, as the app asks for one, with `extra` fields on top. */
export async function createLinkToken(
  client: PlaidApi,
  extra: Partial<LinkTokenCreateRequest> = {},
): Promise<LinkTokenCreateResponse> {
  const { data } = await client.linkTokenCreate({
    client_name: 'Money Calendar',
    language: 'en',
    country_codes: [CountryCode.Us],
    user: { client_user_id: 'user-1' },
    products: [Products.Transactions],
    ...extra,
  });
  return data;
}

export async function linkItem(
  client: PlaidApi,
  options: {
    institution_id?: string;
    username?: string;
    password?: string;
    webhook?: string;
    days_requested?: number;
    /** The item's products, which the user consents to: by default transactions and liabilities. */
    products?: Products[];
    /**
     * Wait until Plaid's first sync has the whole history (default), as a client would wait for the
     * historical update's webhook; false returns right after the exchange.
     */
    waitForHistory?: boolean;
  } = {},
): Promise<{ access_token: string; item_id: string }> {
  const created = await client.sandboxPublicTokenCreate({
    institution_id: options.institution_id ?? 'ins_109508',
    initial_products: options.products ?? [Products.Transactions, Products.Liabilities],
    options: {
      ...(options.webhook ? { webhook: options.webhook } : {}),
      ...(options.username ? { override_username: options.username } : {}),
      ...(options.password ? { override_password: options.password } : {}),
      transactions: { days_requested: options.days_requested ?? 730 },
    },
  });
  const exchanged = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
  const access_token = exchanged.data.access_token;
  if (options.waitForHistory !== false) await historyIn(client, access_token, options.password);
  return { access_token, item_id: exchanged.data.item_id };
}

/** Polls a sync at the present (which changes nothing) until the status says the history is in. */
async function historyIn(client: PlaidApi, accessToken: string, password: string | undefined) {
  // An item that needs a new login at once, or a login made to fail, has no history to wait for.
  if (password?.startsWith('error_')) return;
  for (let attempt = 0; attempt < 1200; attempt++) {
    let status: string | undefined;
    try {
      status = (await client.transactionsSync({ access_token: accessToken, cursor: 'now' })).data
        .transactions_update_status;
    } catch {
      return;
    }
    if (status === 'HISTORICAL_UPDATE_COMPLETE') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the first sync did not complete');
}

export interface Drained {
  added: Transaction[];
  modified: Transaction[];
  removed: RemovedTransaction[];
  cursor: string;
  pages: number;
}

/** Pages /transactions/sync from `cursor` until has_more is false. */
export async function syncAll(
  client: PlaidApi,
  accessToken: string,
  cursor?: string,
  count = 500,
): Promise<Drained> {
  const drained: Drained = { added: [], modified: [], removed: [], cursor: cursor ?? '', pages: 0 };
  for (;;) {
    const { data } = await client.transactionsSync({
      access_token: accessToken,
      count,
      ...(drained.cursor ? { cursor: drained.cursor } : {}),
    });
    drained.added.push(...data.added);
    drained.modified.push(...data.modified);
    drained.removed.push(...data.removed);
    drained.cursor = data.next_cursor;
    drained.pages += 1;
    if (!data.has_more) return drained;
  }
}

/** Applies sync pages to a local copy, as a client's store would. */
export function apply(
  store: Map<string, Transaction>,
  drained: Pick<Drained, 'added' | 'modified' | 'removed'>,
) {
  for (const t of drained.added) store.set(t.transaction_id, t);
  for (const t of drained.modified) store.set(t.transaction_id, t);
  for (const r of drained.removed) store.delete(r.transaction_id);
  return store;
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  payload: Record<string, unknown>;
}

/** A loopback HTTP server that records what is POSTed to it. */
export async function startWebhookReceiver(status = 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, payload: JSON.parse(body) as Record<string, unknown> });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/plaid/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

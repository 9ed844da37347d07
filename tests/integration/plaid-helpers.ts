// Helpers for suites that link sandbox banks through the product: a public token from the local Plaid
// sandbox, exchanged through the gateway like the SPA does, then waiting for the initial sync.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localTokenCipher } from '../../functions/lib/ports/token-cipher.ts';
import { LOCAL_PLAID_KEYS, sandboxPublicToken } from '../../local/cloud.ts';
import { api, cloud, directData, type TestUser } from './helpers.ts';

export async function sandbox<T = Record<string, unknown>>(
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${cloud().urls.plaid}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: LOCAL_PLAID_KEYS.clientId, secret: LOCAL_PLAID_KEYS.secret, ...body }),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export async function defaultProfile(user: TestUser): Promise<string> {
  const { body } = await api<{ profile: { id: string } }>('POST', '/functions/ensure-default-profile', {
    token: user.idToken,
    body: {},
  });
  return body.profile.id;
}

export interface LinkedBank {
  /** The bank's first-sync job (docs/jobs.md). */
  jobId: string;
  itemId: string;
  accountIds: string[];
  profileId: string;
}

export async function linkSandboxBank(
  user: TestUser,
  options: { institution?: string; username?: string; profileId?: string; products?: string[] } = {},
): Promise<LinkedBank> {
  const profileId = options.profileId ?? (await defaultProfile(user));
  const publicToken = await sandboxPublicToken(cloud().urls.plaid, options.institution ?? 'ins_109508', {
    username: options.username ?? 'user_good',
    webhook: `${cloud().urls.api}/webhooks/plaid`,
    ...(options.products ? { products: options.products } : {}),
  });
  const exchanged = await api<{
    accounts_count: number;
    item_id: string;
    account_ids: string[];
    job_id: string;
  }>('POST', '/functions/plaid-exchange-token', {
    token: user.idToken,
    body: { publicToken },
    headers: { 'x-profile-id': profileId },
  });
  if (exchanged.status !== 200)
    throw new Error(`exchange → ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
  return {
    itemId: exchanged.body.item_id,
    accountIds: exchanged.body.account_ids,
    profileId,
    jobId: exchanged.body.job_id,
  };
}

/** Waits until `check` holds (the local bus and webhooks run asynchronously in the gateway process). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The item's access token, decrypted with the local key (tests only: to drive the sandbox). */
export async function accessTokenOf(itemId: string): Promise<string> {
  const { data: item } = await directData().plaidItems.get({ id: itemId }).go();
  if (!item) throw new Error(`no item ${itemId}`);
  const key = Buffer.from(readFileSync(join(cloud().dataDir, 'token-key'), 'utf8').trim(), 'base64');
  return localTokenCipher(key).decrypt(item.access_token_ciphertext, { item_id: itemId });
}

/** Every transaction id the sandbox currently holds for an item (a full replay from an empty cursor). */
export async function sandboxTransactionIds(accessToken: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await sandbox<{
      added: Array<{ transaction_id: string }>;
      next_cursor: string;
      has_more: boolean;
    }>('/transactions/sync', { access_token: accessToken, count: 500, ...(cursor ? { cursor } : {}) });
    for (const t of page.added) ids.add(t.transaction_id);
    cursor = page.next_cursor;
    if (!page.has_more) return ids;
  }
}

export async function storedTransactions(accountIds: string[]) {
  const data = directData();
  const all = [];
  for (const accountId of accountIds) {
    const { data: rows } = await data.transactions.query
      .byAccountDate({ account_id: accountId })
      .go({ pages: 'all' });
    all.push(...rows);
  }
  return all;
}

// Linking bank accounts (spec §4 Connect flow; §7 plaid-link-token, plaid-hosted-link,
// plaid-exchange-token, link-account-to-profile): link tokens for new and update mode, the public-token
// exchange that stores the item (token encrypted, bound to the item id) and its accounts in the
// caller's financial profile, and the account view the browser gets (never a token).
import { createHash, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { CountryCode, Products, type LinkTokenCreateRequest } from 'plaid';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { requireProfileAccess, requireRecordAccess } from '../access.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../caller.ts';
import { accountTypeOf, toCents } from './mapping.ts';
import { PRODUCT_NAME } from '../../../domain/brand.ts';
import { startTrialOnFirstConnection } from '../subscriptions/trial.ts';
import { tallyItem } from '../admin/tally.ts';
import { startJob } from '../jobs.ts';

type LinkDeps = Pick<
  Deps,
  | 'plaid'
  | 'tokenCipher'
  | 'plaidWebhookUrl'
  | 'appUrl'
  | 'events'
  | 'clock'
  | 'billingClock'
  | 'logger'
  | 'queue'
>;

/** The item, checked to be manageable by the caller (only a profile's owner manages linked accounts). */
export async function manageableItem(data: Data, caller: Caller, itemId: string) {
  const { data: item } = await data.plaidItems.get({ id: itemId }).go();
  if (!item || item.status === 'removed') throw new NotFoundError('Linked bank not found');
  await requireRecordAccess(data, caller, item.profile_id, 'manage', 'Linked bank not found');
  return item;
}

/** Products a person can be asked to share after linking, by the name the API takes. */
export const CONSENT_PRODUCTS = {
  liabilities: Products.Liabilities,
  investments: Products.Investments,
} as const;
export type ConsentProduct = keyof typeof CONSENT_PRODUCTS;

const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createLinkToken(
  deps: LinkDeps,
  data: Data,
  caller: Caller,
  input: {
    updateMode: boolean;
    itemId?: string | undefined;
    hosted?: { profileId: string | undefined };
    /** Update mode: ask the person to share a product they have not (ADDITIONAL_CONSENT_REQUIRED). */
    consent?: ConsentProduct | undefined;
  },
) {
  const request: LinkTokenCreateRequest = {
    client_name: PRODUCT_NAME,
    language: 'en',
    country_codes: [CountryCode.Us],
    user: { client_user_id: caller.userId },
    ...(deps.plaidWebhookUrl ? { webhook: deps.plaidWebhookUrl } : {}),
    ...(input.hosted
      ? { hosted_link: { completion_redirect_uri: `${deps.appUrl}/link?hosted=complete` } }
      : {}),
  };
  let profileId = input.hosted?.profileId;
  if (input.consent && !input.updateMode)
    throw new ValidationError([{ field: 'consent', message: 'is asked for in update mode only' }]);
  if (input.updateMode) {
    if (!input.itemId) throw new ForbiddenError('Update mode needs the linked bank to reconnect');
    const item = await manageableItem(data, caller, input.itemId);
    request.access_token = await deps.tokenCipher.decrypt(item.access_token_ciphertext, { item_id: item.id });
    profileId = item.profile_id;
    // Plaid's update mode for more consent: Link asks for the product, and the item then shares it.
    if (input.consent) request.additional_consented_products = [CONSENT_PRODUCTS[input.consent]];
  } else {
    // A new connection lands in a profile the caller owns (checked again at the exchange).
    if (input.hosted) await requireProfileAccess(data, caller, profileId ?? '', 'manage');
    request.products = [Products.Transactions];
    // Statements (card and loan due dates) and holdings enhance the plan but are not needed to link:
    // optional products, which Plaid adds where the bank and the chosen accounts support them and the
    // person consents in Link. Where they are missing, sync keeps Plaid's answer on the item and the
    // account asks the person for them (update mode with additional_consented_products).
    request.optional_products = [Products.Liabilities, Products.Investments];
    request.transactions = { days_requested: 730 };
  }
  const { data: created } = await (await deps.plaid()).linkTokenCreate(request);
  if (input.hosted && profileId) {
    const expiresMs = Date.parse(created.expiration);
    await data.linkSessions
      .create({
        link_token_hash: linkTokenHash(created.link_token),
        user_id: caller.userId,
        profile_id: profileId,
        item_id: input.updateMode ? input.itemId : undefined,
        expires_at: created.expiration,
        ttl: Math.floor(expiresMs / 1000) + 86_400,
      })
      .go();
  }
  return {
    link_token: created.link_token,
    expiration: created.expiration,
    ...(created.hosted_link_url ? { hosted_link_url: created.hosted_link_url } : {}),
  };
}

/**
 * Exchanges a Link public token: stores the item with its token encrypted (bound to our item id) and
 * every account in the caller's financial profile, then announces AccountLinked (initial sync follows).
 * Relinking an item Plaid already gave us replaces its token instead of duplicating it.
 */
export async function exchangePublicToken(
  deps: LinkDeps,
  data: Data,
  caller: Caller,
  profileId: string,
  publicToken: string,
) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  const plaid = await deps.plaid();
  const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: publicToken });
  const [{ data: accountsResponse }, { data: itemResponse }] = await Promise.all([
    plaid.accountsGet({ access_token: exchanged.access_token }),
    plaid.itemGet({ access_token: exchanged.access_token }),
  ]);
  const institutionId = itemResponse.item.institution_id ?? undefined;
  const institutionName =
    itemResponse.item.institution_name ??
    (institutionId
      ? (
          await plaid
            .institutionsGetById({ institution_id: institutionId, country_codes: [CountryCode.Us] })
            .catch(() => null)
        )?.data.institution.name
      : undefined);

  const { data: existing } = await data.plaidItems.query
    .byPlaidItemId({ plaid_item_id: exchanged.item_id })
    .go({ hydrate: true });
  const itemId = existing[0]?.id ?? randomUUID();
  const ciphertext = await deps.tokenCipher.encrypt(exchanged.access_token, { item_id: itemId });
  // The item is written in the same transaction as its accounts (below): a webhook that finds the item
  // by its Plaid id finds every account with it, so no sync runs against half a bank.
  const itemWrite: ItemWrite = existing[0]
    ? {
        kind: 'update',
        id: itemId,
        set: { access_token_ciphertext: ciphertext, status: 'active', profile_id: profileId },
      }
    : {
        kind: 'create',
        record: {
          id: itemId,
          user_id: caller.userId,
          profile_id: profileId,
          plaid_item_id: exchanged.item_id,
          institution_id: institutionId,
          institution_name: institutionName,
          access_token_ciphertext: ciphertext,
        },
      };

  const { data: known } = await data.connectedAccounts.query
    .byItem({ item_id: itemId })
    .go({ pages: 'all', hydrate: true });
  const knownByPlaidId = new Map(known.map((a) => [a.plaid_account_id, a]));
  // One transaction for the bank's accounts: a reader (the accounts list, the webhook's twin of this
  // call) sees all of them or none, never a bank with only its first account.
  const accountIds: string[] = [];
  const updates: Array<{ id: string; set: AccountSet }> = [];
  const creates: AccountCreate[] = [];
  for (const account of accountsResponse.accounts) {
    const balances = {
      current_balance: toCents(account.balances.current),
      available_balance: toCents(account.balances.available),
      credit_limit: toCents(account.balances.limit),
      last_balance_refresh: deps.clock().toISOString(),
    };
    const current = knownByPlaidId.get(account.account_id);
    if (current) {
      updates.push({ id: current.id, set: { ...balances, is_active: true } });
      accountIds.push(current.id);
      continue;
    }
    const id = randomUUID();
    creates.push({
      id,
      user_id: caller.userId,
      profile_id: profileId,
      item_id: itemId,
      account_name: account.name,
      official_name: account.official_name ?? undefined,
      institution_name: institutionName,
      account_type: accountTypeOf(account),
      account_subtype: account.subtype ? String(account.subtype) : undefined,
      mask: account.mask ?? undefined,
      iso_currency_code: account.balances.iso_currency_code ?? 'USD',
      plaid_account_id: account.account_id,
      ...balances,
    });
    accountIds.push(id);
  }
  await writeItemAndAccounts(data, itemWrite, updates, creates);
  await tallyItem(data, itemId, caller.userId, deps.clock(), deps.logger);
  // spec §4 connect flow: a first successful connection starts the 7-day trial (one per person, ever).
  // Here rather than only in the SPA, so every way of connecting counts; a failure never fails the link.
  const trialStarted = await startTrialOnFirstConnection(deps, data, caller.userId).catch(
    (error: unknown) => {
      deps.logger.warn('trial not started', { error: (error as Error).message });
      return false;
    },
  );
  await deps.events.publish('AccountLinked', { userId: caller.userId, profileId, itemId, accountIds });
  // The bank's history comes in as a job (docs/jobs.md): the SPA follows its steps on /onboarding.
  const job = await startJob(deps, data, { kind: 'first_sync', profileId, userId: caller.userId, itemId });
  return {
    accounts_count: accountIds.length,
    item_id: itemId,
    account_ids: accountIds,
    job_id: job.job_id,
    // The SPA says 'Trial Started!' (spec §8) when this connection started it.
    trial_started: trialStarted,
  };
}

/** The browser's view of an account: balances in cents, sync state, its item's status; no secrets. */
export function publicAccount(
  account: EntityItem<Data['connectedAccounts']>,
  itemStatus: string | undefined,
  item?: Pick<EntityItem<Data['plaidItems']>, 'liabilities_status' | 'investments_status'>,
) {
  return {
    id: account.id,
    profile_id: account.profile_id,
    item_id: account.item_id,
    item_status: itemStatus ?? 'active',
    account_name: account.account_name,
    official_name: account.official_name ?? null,
    institution_name: account.institution_name ?? null,
    account_type: account.account_type,
    account_subtype: account.account_subtype ?? null,
    mask: account.mask ?? null,
    is_active: account.is_active,
    current_balance: account.current_balance ?? null,
    available_balance: account.available_balance ?? null,
    credit_limit: account.credit_limit ?? null,
    iso_currency_code: account.iso_currency_code ?? 'USD',
    last_balance_refresh: account.last_balance_refresh ?? null,
    historical_sync_status: account.historical_sync_status,
    historical_sync_completed_at: account.historical_sync_completed_at ?? null,
    // A manual account (docs/import-export.md): no bank behind it, its balance as of balance_as_of.
    is_manual: account.is_manual ?? false,
    manual_kind: account.manual_kind ?? null,
    balance_as_of: account.balance_as_of ?? null,
    // spec §5: whether the transactions we hold add up to the bank's balance (null: not checked, e.g.
    // investments, or the history is still arriving). Cents, like the balances.
    balance_check: account.balance_check
      ? {
          valid: account.balance_check.valid,
          difference: account.balance_check.difference,
          checked_at: account.balance_check.checked_at,
        }
      : null,
    // Whether the bank shares this account's statements (cards, loans) or holdings (investments):
    // 'consent_required' asks the person to allow it (update mode); null where it does not apply.
    details_status: detailsStatus(account.account_type, item),
    // A card's or loan's next payment from the bank's statement (cents), when the bank shares it.
    next_payment: account.liability?.next_payment_due_date
      ? {
          due_date: account.liability.next_payment_due_date,
          minimum_payment: account.liability.minimum_payment ?? null,
          statement_balance: account.liability.statement_balance ?? null,
          amount: account.liability.next_payment_amount ?? null,
        }
      : null,
    created_at: account.created_at,
  };
}

function detailsStatus(
  accountType: string,
  item: Pick<EntityItem<Data['plaidItems']>, 'liabilities_status' | 'investments_status'> | undefined,
) {
  if (accountType === 'credit' || accountType === 'loan') return item?.liabilities_status ?? null;
  if (accountType === 'investment') return item?.investments_status ?? null;
  return null;
}

type AccountCreate = Parameters<Data['connectedAccounts']['create']>[0];
type AccountSet = Parameters<ReturnType<Data['connectedAccounts']['patch']>['set']>[0];

/** DynamoDB's limit on the items in one transaction. */
const TRANSACTION_LIMIT = 100;

type ItemWrite =
  | { kind: 'create'; record: Parameters<Data['plaidItems']['create']>[0] }
  | { kind: 'update'; id: string; set: Parameters<ReturnType<Data['plaidItems']['patch']>['set']>[0] };

/**
 * Writes a linked bank and its accounts in one transaction (in transactions of up to 100 writes for a
 * bank with more accounts than that, the item in the first): readers see the whole bank or none of it.
 */
async function writeItemAndAccounts(
  data: Data,
  item: ItemWrite,
  updates: Array<{ id: string; set: AccountSet }>,
  creates: AccountCreate[],
) {
  type Write =
    | { kind: 'item' }
    | { kind: 'update'; id: string; set: AccountSet }
    | { kind: 'create'; record: AccountCreate };
  const writes: Write[] = [
    { kind: 'item' },
    ...updates.map((u) => ({ kind: 'update' as const, ...u })),
    ...creates.map((c) => ({ kind: 'create' as const, record: c })),
  ];
  for (let start = 0; start < writes.length; start += TRANSACTION_LIMIT) {
    const chunk = writes.slice(start, start + TRANSACTION_LIMIT);
    const result = await data.service.transaction
      .write(({ connectedAccounts, plaidItems }) =>
        chunk.map((w) => {
          if (w.kind === 'item') {
            return item.kind === 'create'
              ? plaidItems.create(item.record).commit()
              : plaidItems.patch({ id: item.id }).set(item.set).remove(['error_code']).commit();
          }
          return w.kind === 'update'
            ? connectedAccounts.patch({ id: w.id }).set(w.set).commit()
            : connectedAccounts.create(w.record).commit();
        }),
      )
      .go();
    if (result.canceled)
      throw new ConflictError('This bank is being connected already; try again in a moment');
  }
}

export async function listProfileAccounts(data: Data, caller: Caller, profileId: string) {
  await requireProfileAccess(data, caller, profileId, 'read');
  const { data: accounts } = await data.connectedAccounts.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  // A manual account has no Plaid item to read (docs/import-export.md).
  const itemIds = [...new Set(accounts.filter((a) => !a.is_manual).map((a) => a.item_id))];
  const items = await Promise.all(itemIds.map((id) => data.plaidItems.get({ id }).go()));
  const itemOf = new Map(items.flatMap(({ data: item }) => (item ? [[item.id, item] as const] : [])));
  return accounts
    .filter((a) => a.is_active)
    .map((a) => publicAccount(a, itemOf.get(a.item_id)?.status, itemOf.get(a.item_id)))
    .sort((a, b) => (accountOrderKey(a) < accountOrderKey(b) ? -1 : 1));
}

/** The accounts list's stable order: by type, then institution, then id. */
export function accountOrderKey(account: {
  account_type: string;
  institution_name?: string | null;
  id: string;
}) {
  return `${account.account_type}|${account.institution_name ?? ''}|${account.id}`;
}

/** spec §7 link-account-to-profile: the owner of both profiles moves an account into `profileId`. */
export async function linkAccountToProfile(data: Data, caller: Caller, accountId: string, profileId: string) {
  const { data: account } = await data.connectedAccounts.get({ id: accountId }).go();
  if (!account) throw new NotFoundError('Account not found');
  await requireRecordAccess(data, caller, account.profile_id, 'manage', 'Account not found');
  await requireProfileAccess(data, caller, profileId, 'manage');
  if (account.profile_id !== profileId) {
    await data.connectedAccounts.patch({ id: accountId }).set({ profile_id: profileId }).go();
  }
  return { account_id: accountId, profile_id: profileId, linked: true };
}

export type HostedLinkOutcome =
  | { status: 'completed'; accounts_count: number; item_ids: string[]; account_ids: string[] }
  | { status: 'pending' };

/**
 * Finishes a hosted Link session on the server (Plaid's documented way: /link/token/get lists the
 * session's public tokens), once: a conditional claim makes the user's return and the SESSION_FINISHED
 * webhook race safely. Update mode has nothing to exchange; the item is synced instead.
 */
export async function completeHostedLink(
  deps: LinkDeps & Pick<Deps, 'logger'>,
  data: Data,
  linkToken: string,
  expectedUserId: string | undefined,
  sync: (itemId: string) => Promise<unknown>,
): Promise<HostedLinkOutcome> {
  const key = { link_token_hash: linkTokenHash(linkToken) };
  const { data: session } = await data.linkSessions.get(key).go();
  if (!session || (expectedUserId && session.user_id !== expectedUserId)) {
    throw new NotFoundError('Link session not found');
  }
  if (session.status === 'completed') {
    return {
      status: 'completed',
      accounts_count: session.accounts_count ?? 0,
      item_ids: [],
      account_ids: [],
    };
  }
  const { data: got } = await (await deps.plaid()).linkTokenGet({ link_token: linkToken });
  const publicTokens = (got.link_sessions ?? []).flatMap(
    (s) => s.results?.item_add_results?.map((r) => r.public_token) ?? [],
  );
  if (!session.item_id && publicTokens.length === 0) return { status: 'pending' };
  try {
    await data.linkSessions
      .patch(key)
      .set({ status: 'completed' })
      .where((attr, op) => op.eq(attr.status, 'open'))
      .go();
  } catch {
    // Someone else finished it a moment ago.
    const { data: done } = await data.linkSessions.get(key).go();
    return { status: 'completed', accounts_count: done?.accounts_count ?? 0, item_ids: [], account_ids: [] };
  }
  if (session.item_id) {
    await sync(session.item_id);
    return { status: 'completed', accounts_count: 0, item_ids: [session.item_id], account_ids: [] };
  }
  const owner: Caller = {
    userId: session.user_id,
    email: '',
    fullName: null,
    groups: [],
    isAdmin: false,
    authTime: null,
  };
  let accounts = 0;
  const itemIds: string[] = [];
  const accountIds: string[] = [];
  for (const token of publicTokens) {
    const result = await exchangePublicToken(deps, data, owner, session.profile_id, token);
    accounts += result.accounts_count;
    itemIds.push(result.item_id);
    accountIds.push(...result.account_ids);
  }
  await data.linkSessions.patch(key).set({ accounts_count: accounts }).go();
  deps.logger.info('hosted link completed', { accounts, items: itemIds.length });
  return { status: 'completed', accounts_count: accounts, item_ids: itemIds, account_ids: accountIds };
}

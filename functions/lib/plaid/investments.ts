// /investments/holdings/get during sync: each investment account's holdings (security, quantity,
// price, value, cost basis) replace the stored ones, and the account's value becomes their sum, so the
// account detail, the accounts list and net worth agree. Investments are an optional product the person
// consents to in Link (docs/bank-linking.md "Consent").
import type { EntityItem } from 'electrodb';
import type { Holding, PlaidApi, Security } from 'plaid';
import type { Data } from '../data/index.ts';
import type { ProductStatus } from '../data/entities/plaid-item.ts';
import { productStatusOf } from './liabilities.ts';
import { toCents } from './mapping.ts';

type Account = EntityItem<Data['connectedAccounts']>;

/** Holdings move with the markets; a sync reads them again once the kept ones are this old. */
export const HOLDINGS_REFRESH_HOURS = 12;

export function holdingsDue(
  item: { investments_status?: ProductStatus; holdings_refreshed_at?: string },
  accounts: readonly Account[],
  now: Date,
): boolean {
  if (!accounts.some((a) => a.account_type === 'investment' && a.is_active)) return false;
  if (item.investments_status === 'none') return false;
  if (!item.holdings_refreshed_at || item.investments_status !== 'ready') return true;
  return Date.parse(item.holdings_refreshed_at) < now.getTime() - HOLDINGS_REFRESH_HOURS * 3_600_000;
}

interface HoldingRecord {
  account_id: string;
  security_id: string;
  profile_id: string;
  user_id: string;
  security_name?: string;
  ticker_symbol?: string;
  security_type?: string;
  is_cash_equivalent: boolean;
  quantity: number;
  price: number;
  price_as_of?: string;
  value: number;
  cost_basis?: number;
  iso_currency_code: string;
  refreshed_at: string;
}

const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

function holdingRecord(
  holding: Holding,
  security: Security | undefined,
  account: Account,
  refreshedAt: string,
): HoldingRecord {
  // DynamoDB keeps no undefined: absent fields are left out.
  return Object.fromEntries(
    Object.entries({
      account_id: account.id,
      security_id: holding.security_id,
      profile_id: account.profile_id,
      user_id: account.user_id,
      security_name: optional(security?.name),
      ticker_symbol: optional(security?.ticker_symbol),
      security_type: optional(security?.type),
      is_cash_equivalent: security?.is_cash_equivalent ?? false,
      quantity: holding.quantity,
      price: holding.institution_price,
      price_as_of: optional(holding.institution_price_as_of),
      value: toCents(holding.institution_value) ?? 0,
      cost_basis: optional(toCents(holding.cost_basis)),
      iso_currency_code: holding.iso_currency_code ?? 'USD',
      refreshed_at: refreshedAt,
    }).filter(([, v]) => v !== undefined),
  ) as unknown as HoldingRecord;
}

/**
 * Reads the item's holdings and stores them per account; returns Plaid's answer as a status and each
 * account's value (cents, by our account id) where holdings came back.
 */
export async function syncHoldings(
  plaid: PlaidApi,
  data: Data,
  accessToken: string,
  accounts: readonly Account[],
  refreshedAt: string,
  log: (message: string, fields: Record<string, unknown>) => void,
  /** No holdings were read for this item before: investment transactions of the whole window. */
  firstTime = true,
): Promise<{ status: ProductStatus; values: Map<string, number> }> {
  let response;
  try {
    response = (await plaid.investmentsHoldingsGet({ access_token: accessToken })).data;
  } catch (error) {
    const status = productStatusOf(error);
    log('plaid holdings unavailable', { status });
    return { status, values: new Map() };
  }
  const securities = new Map(response.securities.map((s) => [s.security_id, s]));
  const byPlaidId = new Map(accounts.map((a) => [a.plaid_account_id, a]));
  const values = new Map<string, number>();
  for (const reported of response.accounts) {
    const account = byPlaidId.get(reported.account_id);
    if (!account) continue;
    const records = response.holdings
      .filter((h) => h.account_id === reported.account_id)
      .map((h) => holdingRecord(h, securities.get(h.security_id), account, refreshedAt));
    const { data: kept } = await data.investmentHoldings.query
      .byAccount({ account_id: account.id })
      .go({ pages: 'all', attributes: ['security_id'] });
    const current = new Set(records.map((r) => r.security_id));
    const gone = kept.filter((k) => !current.has(k.security_id));
    if (records.length > 0) await data.investmentHoldings.put(records).go();
    if (gone.length > 0)
      await data.investmentHoldings
        .delete(gone.map((g) => ({ account_id: account.id, security_id: g.security_id })))
        .go();
    values.set(
      account.id,
      records.reduce((sum, r) => sum + r.value, 0),
    );
  }
  await syncInvestmentTransactions(plaid, data, accessToken, byPlaidId, firstTime, refreshedAt, securities);
  return { status: 'ready', values };
}

/** Days of investment transactions read: the whole window the first time, a month after that. */
const FIRST_WINDOW_DAYS = 730;
const LATER_WINDOW_DAYS = 30;
const PAGE = 500;

/** Writes the accounts' investment transactions of the window (idempotent puts keyed by Plaid's ids). */
async function syncInvestmentTransactions(
  plaid: PlaidApi,
  data: Data,
  accessToken: string,
  byPlaidId: Map<string, Account>,
  firstTime: boolean,
  refreshedAt: string,
  securities: Map<string, Security>,
) {
  const end = refreshedAt.slice(0, 10);
  const days = firstTime ? FIRST_WINDOW_DAYS : LATER_WINDOW_DAYS;
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  for (let offset = 0; ; offset += PAGE) {
    const { data: page } = await plaid.investmentsTransactionsGet({
      access_token: accessToken,
      start_date: start,
      end_date: end,
      options: { count: PAGE, offset },
    });
    for (const s of page.securities) securities.set(s.security_id, s);
    const records = page.investment_transactions.flatMap((t) => {
      const account = byPlaidId.get(t.account_id);
      if (!account) return [];
      return [
        Object.fromEntries(
          Object.entries({
            account_id: account.id,
            investment_transaction_id: t.investment_transaction_id,
            profile_id: account.profile_id,
            user_id: account.user_id,
            date: t.date,
            name: t.name,
            security_id: t.security_id ?? undefined,
            type: String(t.type),
            subtype: String(t.subtype),
            quantity: t.quantity,
            price: t.price,
            amount: toCents(t.amount) ?? 0,
            fees: optional(toCents(t.fees)),
          }).filter(([, v]) => v !== undefined),
        ) as unknown as InvestmentTransactionRecord,
      ];
    });
    if (records.length > 0) await data.investmentTransactions.put(records).go();
    if (offset + PAGE >= page.total_investment_transactions) return;
  }
}

interface InvestmentTransactionRecord {
  account_id: string;
  investment_transaction_id: string;
  profile_id: string;
  user_id: string;
  date: string;
  name: string;
  security_id?: string;
  type: string;
  subtype: string;
  quantity: number;
  price: number;
  amount: number;
  fees?: number;
}

/** The account's latest investment transactions for the browser (cents), newest first. */
export async function accountActivity(data: Data, accountId: string, limit = 10) {
  const { data: rows } = await data.investmentTransactions.query
    .byAccountDate({ account_id: accountId })
    .go({ order: 'desc', limit });
  return rows.map((t) => ({
    id: t.investment_transaction_id,
    date: t.date,
    name: t.name,
    type: t.type,
    subtype: t.subtype,
    quantity: t.quantity,
    amount: t.amount,
  }));
}

/** The account's holdings for the browser: cents, largest first, with the gain where the cost is known. */
export async function accountHoldings(data: Data, accountId: string) {
  const { data: rows } = await data.investmentHoldings.query
    .byAccount({ account_id: accountId })
    .go({ pages: 'all' });
  return rows
    .map((h) => ({
      security_id: h.security_id,
      name: h.security_name ?? h.ticker_symbol ?? 'Unnamed security',
      ticker_symbol: h.ticker_symbol ?? null,
      security_type: h.security_type ?? null,
      is_cash: h.is_cash_equivalent,
      quantity: h.quantity,
      price: Math.round(h.price * 100),
      value: h.value,
      cost_basis: h.cost_basis ?? null,
      gain: h.cost_basis === undefined ? null : h.value - h.cost_basis,
      price_as_of: h.price_as_of ?? null,
      iso_currency_code: h.iso_currency_code,
    }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

// Holdings, securities and investment transactions of the sandbox's 401k and brokerage accounts, as
// /investments/holdings/get and /investments/transactions/get answer them. Generated from the item's
// seed: every account holds a few securities whose values (quantity × price, rounded to the cent) and
// a cash position add up exactly to the account's reported balance; each security came from one buy,
// and funds pay quarterly dividends since.
import {
  InvestmentTransactionSubtype,
  InvestmentTransactionType,
  type Holding,
  type InvestmentTransaction,
  type Security,
} from 'plaid';
import { isoDay, type Day } from './days.ts';
import type { AccountRole } from './institutions.ts';
import { idFor, rngFor } from './random.ts';
import { accountsBody, dollars } from './shapes.ts';
import type { SandboxItem } from './state.ts';

interface Listing {
  ticker: string;
  name: string;
  type: 'equity' | 'etf' | 'mutual fund' | 'cash';
  /** Dollars. */
  price: number;
  /** Pays a dividend each quarter (funds). */
  dividends: boolean;
  sector: string | null;
}

const CASH: Listing = {
  ticker: 'CUR:USD',
  name: 'U S Dollar',
  type: 'cash',
  price: 1,
  dividends: false,
  sector: null,
};

/** What each kind of account holds (besides cash), with the weights of the split. */
const PORTFOLIOS: Partial<Record<AccountRole, Array<{ listing: Listing; weight: number }>>> = {
  retirement_401k: [
    {
      listing: {
        ticker: 'VFIFX',
        name: 'Vanguard Target Retirement 2050 Fund',
        type: 'mutual fund',
        price: 51.37,
        dividends: true,
        sector: null,
      },
      weight: 0.55,
    },
    {
      listing: {
        ticker: 'FXAIX',
        name: 'Fidelity 500 Index Fund',
        type: 'mutual fund',
        price: 198.42,
        dividends: true,
        sector: null,
      },
      weight: 0.3,
    },
    {
      listing: {
        ticker: 'VBTLX',
        name: 'Vanguard Total Bond Market Index Fund Admiral Shares',
        type: 'mutual fund',
        price: 9.71,
        dividends: true,
        sector: null,
      },
      weight: 0.13,
    },
  ],
  brokerage: [
    {
      listing: {
        ticker: 'VTI',
        name: 'Vanguard Total Stock Market Index Fund ETF',
        type: 'etf',
        price: 287.15,
        dividends: true,
        sector: null,
      },
      weight: 0.45,
    },
    {
      listing: {
        ticker: 'AAPL',
        name: 'Apple Inc.',
        type: 'equity',
        price: 226.05,
        dividends: false,
        sector: 'Electronic Technology',
      },
      weight: 0.2,
    },
    {
      listing: {
        ticker: 'MSFT',
        name: 'Microsoft Corporation',
        type: 'equity',
        price: 431.2,
        dividends: false,
        sector: 'Technology Services',
      },
      weight: 0.15,
    },
    {
      listing: {
        ticker: 'BND',
        name: 'Vanguard Total Bond Market ETF',
        type: 'etf',
        price: 72.48,
        dividends: true,
        sector: null,
      },
      weight: 0.12,
    },
  ],
};

export const isInvestmentRole = (role: AccountRole): boolean => PORTFOLIOS[role] !== undefined;

/** Plaid's security ids are global: the same security has the same id in every item. */
const securityId = (listing: Listing) => idFor('security', listing.ticker);

function securityBody(listing: Listing, today: Day): Security {
  return {
    security_id: securityId(listing),
    isin: null,
    cusip: null,
    sedol: null,
    institution_security_id: null,
    institution_id: null,
    proxy_security_id: null,
    name: listing.name,
    ticker_symbol: listing.ticker,
    is_cash_equivalent: listing.type === 'cash',
    type: listing.type,
    close_price: listing.price,
    close_price_as_of: listing.type === 'cash' ? null : isoDay(today - 1),
    update_datetime: null,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    market_identifier_code: listing.type === 'equity' || listing.type === 'etf' ? 'XNAS' : null,
    sector: listing.sector,
    industry: null,
    cfi_code: null,
    figi: null,
    option_contract: null,
    fixed_income: null,
  } satisfies Security;
}

interface Position {
  accountKey: string;
  listing: Listing;
  quantity: number;
  /** Cents. */
  value: number;
  /** Cents. */
  costBasis: number;
  /** The day it was bought (cash: null). */
  boughtOn: Day | null;
}

/** The positions of the item's investment accounts (or of `only`), valued on `today`. */
function positions(item: SandboxItem, today: Day, only?: Set<string>): Position[] {
  const balances = new Map(
    accountsBody(item, today, null, only).map((a) => [
      a.account_id,
      Math.round((a.balances.current ?? 0) * 100),
    ]),
  );
  const out: Position[] = [];
  for (const template of item.accounts) {
    const portfolio = PORTFOLIOS[template.role];
    const total = balances.get(item.accountId(template.key));
    if (!portfolio || total === undefined) continue;
    const rng = rngFor(item.record.seed_key, 'holdings', template.key);
    let invested = 0;
    for (const { listing, weight } of portfolio) {
      const quantity = Math.floor(((total * weight) / 100 / listing.price) * 1000) / 1000;
      const value = Math.round(quantity * listing.price * 100);
      invested += value;
      const gain = rng.int(-12, 38) / 100;
      out.push({
        accountKey: template.key,
        listing,
        quantity,
        value,
        costBasis: Math.round(value / (1 + gain)),
        boughtOn: item.record.link_day - rng.int(90, 700),
      });
    }
    const cash = total - invested;
    out.push({
      accountKey: template.key,
      listing: CASH,
      quantity: dollars(cash),
      value: cash,
      costBasis: cash,
      boughtOn: null,
    });
  }
  return out;
}

export function hasInvestmentAccounts(item: SandboxItem, only?: Set<string>): boolean {
  return item.accounts.some((a) => isInvestmentRole(a.role) && (!only || only.has(a.key)));
}

export function holdingsOf(item: SandboxItem, today: Day, only?: Set<string>) {
  const held = positions(item, today, only);
  const holdings = held.map(
    (p) =>
      ({
        account_id: item.accountId(p.accountKey),
        security_id: securityId(p.listing),
        institution_price: p.listing.price,
        institution_price_as_of: isoDay(today),
        institution_price_datetime: null,
        institution_value: dollars(p.value),
        cost_basis: dollars(p.costBasis),
        quantity: p.quantity,
        iso_currency_code: 'USD',
        unofficial_currency_code: null,
        vested_quantity: null,
        vested_value: null,
      }) satisfies Holding,
  );
  return { holdings, securities: securitiesOf(held, today) };
}

function securitiesOf(held: Position[], today: Day): Security[] {
  const listings = new Map(held.map((p) => [p.listing.ticker, p.listing]));
  return [...listings.values()].map((listing) => securityBody(listing, today));
}

/** Every investment transaction from `start` to `end` (days, inclusive), newest first. */
export function investmentTransactionsOf(
  item: SandboxItem,
  today: Day,
  start: Day,
  end: Day,
  only?: Set<string>,
) {
  const held = positions(item, today, only);
  const transactions: Array<{ day: Day; body: InvestmentTransaction }> = [];
  for (const p of held) {
    if (p.boughtOn === null) continue;
    const accountId = item.accountId(p.accountKey);
    const base = {
      account_id: accountId,
      security_id: securityId(p.listing),
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
      cancel_transaction_id: null,
      transaction_datetime: null,
    };
    transactions.push({
      day: p.boughtOn,
      body: {
        ...base,
        investment_transaction_id: idFor(item.record.item_id, p.accountKey, p.listing.ticker, 'buy'),
        date: isoDay(p.boughtOn),
        name: `BUY ${p.listing.name}`,
        quantity: p.quantity,
        amount: dollars(p.costBasis),
        price: Math.round((p.costBasis / 100 / p.quantity) * 10_000) / 10_000,
        fees: 0,
        type: InvestmentTransactionType.Buy,
        subtype: InvestmentTransactionSubtype.Buy,
      },
    });
    if (!p.listing.dividends) continue;
    // A quarterly dividend of about 0.4 % of the position, paid in cash (negative: into the account).
    for (let day = p.boughtOn + 91; day <= today; day += 91) {
      transactions.push({
        day,
        body: {
          ...base,
          investment_transaction_id: idFor(item.record.item_id, p.accountKey, p.listing.ticker, 'div', day),
          date: isoDay(day),
          name: `DIVIDEND ${p.listing.name}`,
          quantity: 0,
          amount: -dollars(Math.round(p.value * 0.004)),
          price: 0,
          fees: 0,
          type: InvestmentTransactionType.Cash,
          subtype: InvestmentTransactionSubtype.Dividend,
        },
      });
    }
  }
  const inRange = transactions
    .filter((t) => t.day >= start && t.day <= end)
    .sort(
      (a, b) =>
        b.day - a.day || a.body.investment_transaction_id.localeCompare(b.body.investment_transaction_id),
    );
  return { transactions: inRange.map((t) => t.body), securities: securitiesOf(held, today) };
}

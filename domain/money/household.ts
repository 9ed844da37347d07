// Seeded households for the forecast's backtest: a checking account, a savings account and a card, with
// what makes a forecast hard and a clean history lacks — rare large purchases that come in clusters,
// income at no schedule, bills that come only in some seasons, savings withdrawn now and then, a card
// paid from checking by its statement. Each history runs past its `today`, so a forecast made on
// `today` can be compared with what happened next (docs/money-engine.md "Lumpy spending").
import { formatDay, parseDay, toCivil, type DayNumber } from './dates.ts';
import { dayRandom, variedHistory } from './fixtures.ts';
import { statementTerms, type LiabilityRecord } from './statements.ts';
import type { AccountType, CategoryRef, HistoryTransaction } from './types.ts';

export interface HouseholdAccount {
  readonly account_id: string;
  readonly account_type: AccountType;
  readonly subtype: 'checking' | 'savings' | 'credit card';
  /** The balance at the end of `today` (held for checking and savings, owed for the card), cents. */
  readonly balance_today: number;
  /** The balance at the end of each day after `today` (index 0 = today). */
  readonly balances_after: readonly number[];
  /**
   * The card's last statement on or before `today` as Plaid's /liabilities/get reports it (statement
   * balance, minimum, due date, last payment), what the product plans the card's payments from.
   */
  readonly liability?: LiabilityRecord;
}

export interface Household {
  readonly today: string;
  readonly months: number;
  readonly accounts: readonly HouseholdAccount[];
  /** Every transaction up to `today` (what a forecast may know), Plaid sign. */
  readonly history: readonly HistoryTransaction[];
  /** Every transaction after `today` (what happened next). */
  readonly future: readonly HistoryTransaction[];
}

/** How far after `today` each household runs (the backtest's longest horizon is 180 days). */
export const HOUSEHOLD_FUTURE_DAYS = 200;

const cat = (primary: string, detailed: string): CategoryRef => ({ primary, detailed });
const LARGE = [
  ['Best Buy', cat('GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ELECTRONICS')],
  ['IKEA', cat('HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_FURNITURE')],
  ['Midas Auto Repair', cat('TRANSPORTATION', 'TRANSPORTATION_OTHER_TRANSPORTATION')],
  ['Bright Smiles Dental', cat('MEDICAL', 'MEDICAL_DENTAL_CARE')],
  ['Delta Air Lines', cat('TRAVEL', 'TRAVEL_FLIGHTS')],
  ['Costco Wholesale', cat('GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_SUPERSTORES')],
  ['Vet Emergency Clinic', cat('MEDICAL', 'MEDICAL_VETERINARY_SERVICES')],
] as const;
const CARD_SHOPS = [
  ['Amazon Marketplace', cat('GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES')],
  ['Starbucks', cat('FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE')],
  ['Walgreens', cat('MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS')],
  ['DoorDash', cat('FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT')],
  ['Uniqlo', cat('GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES')],
] as const;
const TRANSFER_OUT = cat('TRANSFER_OUT', 'TRANSFER_OUT_SAVINGS');
const TRANSFER_IN = cat('TRANSFER_IN', 'TRANSFER_IN_ACCOUNT_TRANSFER');
const CARD_PAYMENT = cat('LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');

/**
 * One seeded household of 24 or 36 months before `today` and `HOUSEHOLD_FUTURE_DAYS` after. Checking
 * is `variedHistory` (pay, rent, multi-level and seasonal bills, habits, one-offs) with rare large
 * purchases (2–8 a year, $150–$1,050, their rate changing from quarter to quarter so they cluster),
 * for most households a monthly stock-up on a different day each month,
 * for most households income at no schedule (gig payouts), a bill only in winter or summer months and a
 * monthly transfer to savings; savings gets that transfer, interest, and withdrawals back to checking
 * (0–3 a year, 10–60 % of the balance); the card gets everyday shopping, its own rare large purchases
 * and a payment from checking of its statement (in full or in part) three weeks after each close; its
 * last statement on or before `today` is reported as `/liabilities/get` would (`liability`).
 */
export function variedHousehold(
  seed: number,
  today = '2026-06-15',
  /**
   * Where the household's everyday shopping goes: through checking as well as the card (the default),
   * or on the card only (`'card'`): checking then holds the plan's streams, the card's payments and the
   * rare and irregular flows, with no everyday purchases of its own — the histories on which a plan
   * alone is already close at a month.
   */
  everyday: 'checking' | 'card' = 'checking',
  /**
   * Another future for the same history (`FutureSplit`): every `futureSeed` gives the same history up
   * to `today` and a future of its own. Without it, one stream: the households the bench has always had.
   */
  futureSeed?: number,
): Household {
  const todayDay = parseDay(today);
  const split = futureSeed === undefined ? undefined : { cut: todayDay, futureSeed };
  const { random, at } = dayRandom(seed * 104_729 + 3, split);
  const uniform = (lo: number, hi: number) => lo + random() * (hi - lo);
  const int = (lo: number, hi: number) => Math.floor(uniform(lo, hi + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const months = random() < 0.5 ? 24 : 36;
  const end = todayDay + HOUSEHOLD_FUTURE_DAYS;
  const from = todayDay - Math.round(months * 30.44);
  const totalMonths = (end - from) / 30.44;
  const [chk, sav, card] = [`chk-${seed}`, `sav-${seed}`, `card-${seed}`];
  const base = variedHistory(seed, formatDay(end), totalMonths, split);
  // `variedHistory`'s everyday shopping: its one-offs and habits (ids `oneoff-…`, `habit-…`).
  const txs: HistoryTransaction[] = base.transactions
    .filter((t) => everyday === 'checking' || !/^(?:oneoff|habit)-/.test(t.id))
    .map((t) => ({ ...t, account_id: chk }));
  // With a split, the future's transactions count apart, so the history's ids are the same in every future.
  let n = 0;
  let nFuture = 0;
  const add = (account: string, day: DayNumber, amount: number, name: string, category?: CategoryRef) => {
    if (day < from || day > end) return;
    txs.push({
      id: split && day > todayDay ? `h${seed}-f${nFuture++}` : `h${seed}-${n++}`,
      account_id: account,
      date: formatDay(day),
      amount: Math.round(amount),
      name,
      ...(category ? { personal_finance_category: category } : {}),
    });
  };

  // Rare large purchases: a rate per quarter drawn around the household's own, so they cluster.
  const largePurchases = (account: string, perYear: number, lo: number, hi: number) => {
    for (let q = from; q <= end; q += 91) {
      at(q);
      const rate = (perYear * -Math.log(1 - uniform(0.05, 0.95))) / 365;
      for (let day = q; day < q + 91; day += 1) {
        at(day);
        if (random() >= rate) continue;
        const [name, category] = pick(LARGE);
        add(account, day, Math.exp(uniform(Math.log(lo), Math.log(hi))), name, category);
      }
    }
    at(from);
  };
  largePurchases(chk, uniform(2, 8), 15_000, 105_000);

  // A monthly stock-up on a day of its own each month: spending a month holds once, not every day.
  if (random() < 0.7) {
    const size = uniform(15_000, 45_000);
    for (let m = from; m <= end; m += 1) {
      at(m);
      if (toCivil(m).day === 1)
        add(
          chk,
          m + int(0, 27),
          size * uniform(0.8, 1.2),
          "Sam's Club",
          cat('GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_SUPERSTORES'),
        );
    }
    at(from);
  }

  // Income at no schedule: gig payouts every 4–40 days.
  if (random() < 0.6) {
    const size = uniform(8_000, 60_000);
    const payer = pick(['UPWORK PAYOUT', 'ETSY DEPOSIT', 'DOORDASH DASHER PAY', 'VENMO CASHOUT']);
    for (let day = from + int(0, 20); day <= end; day += int(4, 40)) {
      at(day);
      add(chk, day, -size * uniform(0.3, 1.7), payer, cat('INCOME', 'INCOME_OTHER_INCOME'));
    }
    at(from);
  }

  // A bill in some seasons only: heating oil in the cold months, or pool and lawn care in summer.
  if (random() < 0.7) {
    const winter = random() < 0.6;
    const size = uniform(12_000, 45_000);
    const day0 = int(3, 25);
    for (let m = from; m <= end; m += 1) {
      at(m);
      const { month, day } = toCivil(m);
      const inSeason = winter ? month >= 11 || month <= 3 : month >= 5 && month <= 9;
      if (day === day0 && inSeason)
        add(
          chk,
          m + int(0, 3),
          size * uniform(0.7, 1.3),
          winter ? 'Northeast Heating Oil' : 'Green Lawn & Pool Care',
          cat('RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_OTHER_UTILITIES'),
        );
    }
    at(from);
  }

  // Savings: a monthly transfer in, interest, and withdrawals back to checking.
  let saved = uniform(2_000, 40_000) * 100;
  const monthlySave = int(5, 60) * 1_000;
  const saveDay = int(2, 27);
  const withdrawalsPerYear = uniform(0, 3);
  const savingsStart = saved;
  for (let day = from; day <= end; day += 1) {
    at(day);
    const { day: dom } = toCivil(day);
    if (dom === saveDay) {
      add(chk, day, monthlySave, 'Online Transfer to Savings', TRANSFER_OUT);
      add(sav, day, -monthlySave, 'Online Transfer from Checking', TRANSFER_IN);
      saved += monthlySave;
    }
    if (dom === 28) {
      const interest = Math.round(saved * 0.0035);
      add(sav, day, -interest, 'Interest Paid', cat('INCOME', 'INCOME_INTEREST_EARNED'));
      saved += interest;
    }
    if (random() < withdrawalsPerYear / 365) {
      const amount = Math.round(saved * uniform(0.1, 0.6));
      add(sav, day, amount, 'Online Transfer to Checking', TRANSFER_OUT);
      add(chk, day, -amount, 'Online Transfer from Savings', TRANSFER_IN);
      saved -= amount;
    }
  }
  at(from);

  // The card: everyday shopping, its own rare large purchases, paid from checking after each close.
  const cardStart = int(0, 1_500) * 100;
  const perWeek = uniform(3, 9);
  for (let day = from; day <= end; day += 1) {
    at(day);
    if (random() >= perWeek / 7) continue;
    const [name, category] = pick(CARD_SHOPS);
    add(card, day, uniform(500, 12_000), name, category);
  }
  at(from);
  largePurchases(card, uniform(1, 5), 15_000, 150_000);
  const closeDay = int(1, 26);
  const paysInFull = uniform(0.4, 1);
  const byDay = (account: string) => {
    const flows = new Map<DayNumber, number>();
    for (const t of txs)
      if (t.account_id === account)
        flows.set(parseDay(t.date), (flows.get(parseDay(t.date)) ?? 0) + t.amount);
    return flows;
  };
  const cardFlows = byDay(card);
  let owed = cardStart;
  let statement: { close: DayNumber; balance: number } | undefined;
  let lastPayment: { day: DayNumber; amount: number } | undefined;
  for (let day = from; day <= end; day += 1) {
    at(day);
    owed += cardFlows.get(day) ?? 0;
    if (toCivil(day).day !== closeDay) continue;
    if (day <= todayDay) statement = { close: day, balance: Math.max(0, Math.round(owed)) };
    if (owed <= 0) continue;
    // How much of it is paid is decided on the day it is paid, not at the close: a statement issued
    // before today may still be paid in full or in part in any future.
    at(day + 21);
    const payment = Math.round(random() < paysInFull ? owed : owed * uniform(0.4, 0.9));
    at(day);
    add(chk, day + 21, payment, 'CREDIT CARD PAYMENT', CARD_PAYMENT);
    add(card, day + 21, -payment, 'PAYMENT THANK YOU', CARD_PAYMENT);
    if (day + 21 <= todayDay) lastPayment = { day: day + 21, amount: payment };
    owed -= payment; // paid on day + 21: the statement's own balance is what it settles
  }
  at(from);
  // The issuers' usual minimum: 1 % of the statement, at least $35, never above it (no interest here).
  const cardLiability: LiabilityRecord | undefined = statement && {
    kind: 'credit',
    statement_date: formatDay(statement.close),
    statement_balance: statement.balance,
    minimum_payment: Math.min(statement.balance, Math.max(3500, Math.round(statement.balance * 0.01))),
    next_payment_due_date: formatDay(statement.close + 21),
    ...(lastPayment
      ? { last_payment_date: formatDay(lastPayment.day), last_payment_amount: lastPayment.amount }
      : {}),
    refreshed_at: `${today}T23:59:59Z`,
  };

  txs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const starts: Record<string, number> = {
    [chk]: int(20, 150) * 10_000,
    [sav]: savingsStart,
    [card]: cardStart,
  };
  const accounts = (
    [
      [chk, 'depository', 'checking'],
      [sav, 'depository', 'savings'],
      [card, 'credit', 'credit card'],
    ] as const
  ).map(([account_id, account_type, subtype]) => {
    // Plaid sign: money out raises what a card owes and lowers what checking holds.
    const sign = account_type === 'credit' ? 1 : -1;
    let balance = starts[account_id] ?? 0;
    const after: number[] = [];
    let today0 = balance;
    const flows = byDay(account_id);
    for (let day = from; day <= end; day += 1) {
      balance += sign * (flows.get(day) ?? 0);
      if (day === todayDay) today0 = balance;
      if (day >= todayDay) after.push(balance);
    }
    const liability = account_id === card ? cardLiability : undefined;
    return {
      account_id,
      account_type,
      subtype,
      balance_today: today0,
      balances_after: after,
      ...(liability ? { liability } : {}),
    };
  });
  const history = txs.filter((t) => t.date <= today);
  const future = txs.filter((t) => t.date > today);
  return { today, months, accounts, history, future };
}

/** The household's card and loan terms from its accounts' statements, as the product plans from them. */
export function householdStatementTerms(household: Household): ReturnType<typeof statementTerms> {
  return statementTerms(
    household.accounts.map((a) => ({
      id: a.account_id,
      account_type: a.account_type,
      current_balance: a.balance_today,
      liability: a.liability,
    })),
  );
}

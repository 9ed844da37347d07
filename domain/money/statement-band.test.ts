import { describe, expect, it } from 'vitest';
import { estimateAllowance } from './allowance.ts';
import { ALLOWANCE_RULES, type Allowance } from './allowance-rules.ts';
import { addDays, parseDay } from './dates.ts';
import { seededRandom } from './fixtures.ts';
import { householdStatementTerms, variedHousehold } from './household.ts';
import { holdSpreadAfter } from './lumps.ts';
import { generatePlan } from './plan.ts';
import { detectRecurring } from './recurring.ts';
import { learnCardPattern, planFromStatements } from './statements.ts';
import type { HistoryTransaction } from './types.ts';
import { withSupportedDrift } from './withdrawals.ts';

const TODAY = '2025-06-14';
const SHOP = { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES' };
const PAYMENT = { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' };

/** Two years on a card: purchases most days, a $900–$1,300 one about every two months, paid monthly. */
function cardHistory(): HistoryTransaction[] {
  const random = seededRandom(11);
  const out: HistoryTransaction[] = [];
  let owed = 0;
  for (let i = 730; i >= 1; i -= 1) {
    const date = addDays(TODAY, -i);
    if (random() < 0.7) {
      const amount = Math.round(1_000 + random() * 5_000);
      owed += amount;
      out.push({
        id: `s${i}`,
        account_id: 'card',
        date,
        amount,
        name: 'Amazon',
        personal_finance_category: SHOP,
      });
    }
    if (i % 61 === 7) {
      const amount = 90_000 + (i % 5) * 10_000;
      owed += amount;
      out.push({
        id: `l${i}`,
        account_id: 'card',
        date,
        amount,
        name: 'Best Buy',
        personal_finance_category: SHOP,
      });
    }
    if (date.endsWith('-10') && owed > 0) {
      out.push({
        id: `p${i}`,
        account_id: 'card',
        date,
        amount: -owed,
        name: 'PAYMENT THANK YOU',
        personal_finance_category: PAYMENT,
      });
      owed = 0;
    }
  }
  return out;
}

describe('a card paid from its statements', () => {
  it('holds its band at one statement cycle: later spending is paid by later statements', () => {
    const transactions = cardHistory();
    const open = estimateAllowance({ transactions, today: TODAY });
    const paid = estimateAllowance({ transactions, today: TODAY, paid_by_statement: true });
    const at = (a: Allowance, days: number) => a.spread.find((s) => s.days === days);
    const cycle = ALLOWANCE_RULES.statementCycleDays;
    // Held at its width at the cycle: every horizon beyond it is as wide as the first.
    const first = paid.spread.find((s) => s.days >= cycle);
    for (const days of [90, 180, 365]) {
      expect(at(paid, days)).toEqual({ ...first, days });
      expect(at(paid, days)?.high ?? 0).toBeLessThan(at(open, days)?.high ?? 0);
      expect(at(paid, days)?.low ?? 0).toBeGreaterThan(at(open, days)?.low ?? 0);
    }
    // Up to the cycle the band is the account's own, less on the more-spending side by what the
    // expectation the card's line carries (its statements pay it) holds beyond the median elsewhere.
    expect(at(paid, 7)?.low ?? 0).toBeGreaterThanOrEqual(at(open, 7)?.low ?? 0);
    expect(at(paid, 7)?.low ?? 0).toBeLessThan(0);
  });

  it('holds a spread at its width interpolated at the given day', () => {
    const spread = [
      { days: 7, low: -100, high: 100 },
      { days: 30, low: -400, high: 300 },
      { days: 90, low: -1_000, high: 900 },
      { days: 180, low: -2_000, high: 1_500 },
    ];
    expect(holdSpreadAfter(spread, 60)).toEqual([
      { days: 7, low: -100, high: 100 },
      { days: 30, low: -400, high: 300 },
      { days: 90, low: -700, high: 600 },
      { days: 180, low: -700, high: 600 },
    ]);
    expect(holdSpreadAfter(spread, 365)).toEqual(spread);
  });

  it("pays the rare large purchases' expectation as well as everyday spending", () => {
    const transactions = cardHistory();
    const allowance = estimateAllowance({ transactions, today: TODAY });
    const pattern = learnCardPattern(
      {
        account_id: 'card',
        current_balance: 0,
        statement_date: '2025-05-31',
        statement_balance: 0,
        minimum_payment: null,
        due_date: '2025-06-10',
        last_payment_date: null,
        apr_percentage: null,
      },
      transactions,
      TODAY,
    );
    expect(allowance.lumps?.per_day ?? 0).toBeLessThan(0);
    expect(pattern.daily_spend).toBe(-(allowance.daily_average + (allowance.lumps?.per_day ?? 0)));
  });
});

describe("the lumpy households' card statements", () => {
  it('report the last statement as /liabilities/get does, and the plan pays it from checking', () => {
    const household = variedHousehold(7);
    const card = household.accounts.find((a) => a.subtype === 'credit card');
    const liability = card?.liability;
    expect(liability?.kind).toBe('credit');
    const statementDate = liability?.statement_date ?? '';
    expect(statementDate <= household.today).toBe(true);
    expect(parseDay(household.today) - parseDay(statementDate)).toBeLessThan(32);
    expect(liability?.next_payment_due_date).toBe(addDays(statementDate, 21));
    // The statement balance is what the card owed at the end of its statement day.
    const after = household.history
      .filter((t) => t.account_id === card?.account_id && t.date > statementDate)
      .reduce((s, t) => s + t.amount, 0);
    expect(liability?.statement_balance).toBe(Math.max(0, (card?.balance_today ?? 0) - after));
    const terms = householdStatementTerms(household);
    expect(terms.cards).toHaveLength(1);
    const streams = detectRecurring(household.history, {
      today: household.today,
      account_types: Object.fromEntries(household.accounts.map((a) => [a.account_id, a.account_type])),
    });
    const { plan } = planFromStatements({
      profile_id: 'p',
      today: household.today,
      horizon_days: 90,
      plan: generatePlan({ profile_id: 'p', streams, today: household.today, horizon_days: 90 }),
      streams,
      transactions: household.history,
      ...terms,
    });
    // The card's next payments come out of checking on the statements' due dates, 21 days after a close.
    const fromChecking = plan.filter(
      (i) => i.account_id?.startsWith('chk-') && i.category_detailed === PAYMENT.detailed,
    );
    expect(fromChecking.length).toBeGreaterThanOrEqual(2);
    const dueDays = new Set(fromChecking.map((i) => i.due_date.slice(8)));
    expect(dueDays.size).toBeLessThanOrEqual(3);
  });
});

describe('interest drift on a savings account', () => {
  const drifting: Allowance = {
    ...estimateAllowance({ transactions: [], today: TODAY }),
    drift: [{ first_day: 5, period_days: 30, amount: 100, step: 20 }],
  };
  it('follows the drift while the account has seen no large withdrawal', () => {
    const quiet = { ...drifting, withdrawals: { years: 2, past: [{ amount: 5_000, after: 0 }] } };
    expect(withSupportedDrift(quiet, 1_000_000).drift).toEqual(drifting.drift);
  });
  it('extrapolates no growth once a withdrawal took a tenth of the balance or more, and keeps a lower level', () => {
    const withdrawn = { ...drifting, withdrawals: { years: 2, past: [{ amount: 300_000, after: 0 }] } };
    expect(withSupportedDrift(withdrawn, 1_000_000).drift).toEqual([
      { first_day: 5, period_days: 30, amount: 0, step: 0 },
    ]);
    // A level below the plan's (less interest after the withdrawal) stays on the line.
    const lower = { ...withdrawn, drift: [{ first_day: 5, period_days: 30, amount: -300, step: 20 }] };
    expect(withSupportedDrift(lower, 1_000_000).drift).toEqual([
      { first_day: 5, period_days: 30, amount: -300, step: 0 },
    ]);
    // An account that spends (no withdrawals record) keeps its drift.
    expect(withSupportedDrift(drifting, 1_000_000).drift).toEqual(drifting.drift);
  });
});

describe('the band of the account paying a card from its statements', () => {
  /** Two years of checking: groceries most days and a card payment each month of $400–$2,400. */
  function checkingHistory(): { transactions: HistoryTransaction[]; payments: string[] } {
    const random = seededRandom(29);
    const transactions: HistoryTransaction[] = [];
    const payments: string[] = [];
    for (let i = 730; i >= 1; i -= 1) {
      const date = addDays(TODAY, -i);
      if (random() < 0.6)
        transactions.push({
          id: `g${i}`,
          account_id: 'chk',
          date,
          amount: Math.round(2_000 + random() * 6_000),
          name: 'Corner Grocery',
          personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
        });
      if (date.endsWith('-20')) {
        payments.push(`p${i}`);
        transactions.push({
          id: `p${i}`,
          account_id: 'chk',
          date,
          amount: Math.round(40_000 + random() * 200_000),
          name: 'CREDIT CARD PAYMENT',
          personal_finance_category: PAYMENT,
        });
      }
    }
    return { transactions, payments };
  }

  it('knows the issued statement’s payment, so it is narrower within a statement’s gap', () => {
    const { transactions, payments } = checkingHistory();
    const band = (fromStatement: boolean) =>
      estimateAllowance({
        transactions,
        today: TODAY,
        streams: [{ transaction_ids: payments, from_statement: fromStatement }],
      }).spread;
    const width = (spread: Allowance['spread'], days: number) => {
      const s = spread.find((x) => x.days === days);
      return (s?.high ?? 0) - (s?.low ?? 0);
    };
    const known = band(true);
    const usual = band(false);
    // A payment anywhere from $400 to $2,400 taken at its usual amount is most of the 7- and 30-day
    // range; known to the cent it is none of it.
    expect(width(known, 7)).toBeLessThan(width(usual, 7) * 0.6);
    expect(width(known, 30)).toBeLessThan(width(usual, 30) / 2);
    // Payments after the issued statement are still at their usual amount: a year out it stays wide.
    expect(width(known, 365)).toBeGreaterThan(width(usual, 365) / 2);
    expect(ALLOWANCE_RULES.statementGapDays).toBeLessThan(ALLOWANCE_RULES.statementCycleDays);
  });
});

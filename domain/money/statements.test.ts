import { describe, expect, it } from 'vitest';
import { planItemId, seriesIdOf, type GeneratedPlanItem } from './plan.ts';
import type { HistoryTransaction, RecurringStream } from './recurring.ts';
import {
  learnCardPattern,
  planFromStatements,
  statementTerms,
  type CardStatementTerms,
} from './statements.ts';

const CARD = 'card-1';
const CHECKING = 'chk-1';
const LOAN = 'loan-1';
const payCategory = { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' };

/** A monthly stream as detection reports it (only the fields planFromStatements reads matter). */
function stream(
  partial: Partial<RecurringStream> & Pick<RecurringStream, 'key' | 'account_id' | 'direction'>,
) {
  return {
    merchant: 'Payment',
    merchant_key: 'payment',
    kind: 'transfer',
    cadence: 'monthly',
    schedule: {},
    amount: { expected: 50000 },
    category: payCategory,
    first_date: '2025-01-10',
    last_date: '2026-10-10',
    next_date: '2026-11-10',
    next_nominal_date: '2026-11-10',
    late: null,
    status: 'active',
    transaction_ids: [],
    confidence: 0.9,
    evidence: {},
    explanation: [],
    ...partial,
  } as unknown as RecurringStream;
}

const streams = [
  stream({ key: 'card-received', account_id: CARD, direction: 'inflow', merchant: 'Payment - Thank You' }),
  stream({
    key: 'card-paid',
    account_id: CHECKING,
    direction: 'outflow',
    merchant: 'Online Payment to Card',
  }),
];
const detectedItem = (s: RecurringStream, date: string, amount: number): GeneratedPlanItem => ({
  id: planItemId(seriesIdOf('p', s.key), date),
  series_id: seriesIdOf('p', s.key),
  account_id: s.account_id,
  due_date: date,
  amount,
  description: s.merchant,
  personal_finance_category: payCategory,
  category_primary: 'LOAN_PAYMENTS',
  category_detailed: payCategory.detailed,
  is_generated: true,
});
const detected = [
  detectedItem(streams[0]!, '2026-12-10', 50000),
  detectedItem(streams[1]!, '2026-12-10', -50000),
];

/** Twelve months of a full payer: $20/day of purchases, each statement paid in full 25 days later. */
function fullPayerHistory(): HistoryTransaction[] {
  const out: HistoryTransaction[] = [];
  let n = 0;
  for (let m = 0; m < 14; m += 1) {
    const year = 2025 + Math.floor((m + 9) / 12);
    const month = ((m + 9) % 12) + 1;
    const mm = String(month).padStart(2, '0');
    for (const d of [2, 9, 16, 23])
      out.push({
        id: `p${n++}`,
        account_id: CARD,
        date: `${year}-${mm}-${String(d).padStart(2, '0')}`,
        amount: 14000,
        name: 'SHOP',
      });
    // Paid on the 10th: the statement of the 15th before (4 purchases = $560).
    if (m > 0)
      out.push({
        id: `pay${m}`,
        account_id: CARD,
        date: `${year}-${mm}-10`,
        amount: -56000,
        name: 'PAYMENT',
        personal_finance_category: payCategory,
      });
  }
  return out.filter((t) => t.date <= '2026-11-24').sort((a, b) => (a.date < b.date ? -1 : 1));
}

const card: CardStatementTerms = {
  account_id: CARD,
  current_balance: 42000,
  statement_date: '2026-11-15',
  statement_balance: 56000,
  minimum_payment: 3500,
  due_date: '2026-12-10',
  last_payment_date: '2026-11-10',
  apr_percentage: 24,
};

describe('planFromStatements: cards', () => {
  it("plans a full payer's card payment at the statement balance on the statement's due date, on both sides", () => {
    const { plan, cards } = planFromStatements({
      profile_id: 'p',
      today: '2026-11-24',
      horizon_days: 120,
      plan: detected,
      streams,
      transactions: fullPayerHistory(),
      cards: [card],
      loans: [],
    });
    expect(cards[0]?.pattern).toBe('full');
    const onDue = plan.filter((i) => i.due_date === '2026-12-10');
    expect(onDue.find((i) => i.account_id === CARD)?.amount).toBe(56000);
    expect(onDue.find((i) => i.account_id === CHECKING)?.amount).toBe(-56000);
    // The detected items (median payment) are replaced, not kept beside.
    expect(plan.filter((i) => i.amount === 50000 || i.amount === -50000)).toEqual([]);
    // A full payer carries nothing, so no interest is planned.
    expect(plan.some((i) => i.description === 'Interest charge')).toBe(false);
    // Later statements: one payment a month, 25 days after each close on the 15th (as this one).
    const later = plan.filter((i) => i.account_id === CARD && i.amount > 0).map((i) => i.due_date);
    expect(later).toEqual(['2026-12-10', '2027-01-09', '2027-02-09', '2027-03-12']);
  });

  it('plans nothing on a due date already paid for, and the minimum for a minimum payer', () => {
    const paid = planFromStatements({
      profile_id: 'p',
      today: '2026-11-24',
      horizon_days: 10,
      plan: detected,
      streams,
      transactions: fullPayerHistory(),
      cards: [{ ...card, last_payment_date: '2026-11-20' }],
      loans: [],
    });
    expect(paid.plan.filter((i) => i.account_id === CARD)).toEqual([]);

    const history = fullPayerHistory().map((t) => (t.amount < 0 ? { ...t, amount: -3500 } : t));
    const pattern = learnCardPattern({ ...card, current_balance: 400000 }, history, '2026-11-24');
    expect(pattern.pattern).toBe('fixed');
  });

  it('learns a person who leaves about the same amount unpaid each month', () => {
    // Each statement of $560 is paid less $200, and the balance carries $200 from month to month.
    const history = fullPayerHistory().map((t) =>
      t.amount < 0 ? { ...t, amount: t.amount + 20000 + (Number(t.id.slice(3)) % 3) * 4000 } : t,
    );
    const pattern = learnCardPattern({ ...card, current_balance: 400000 }, history, '2026-11-24');
    expect(pattern.pattern).toBe('carries');
    expect(pattern.carried).toBeGreaterThan(15000);
  });
});

describe('planFromStatements: loans', () => {
  it('plans the scheduled payment and the interest the rate accrues, until the loan is paid off', () => {
    const { plan } = planFromStatements({
      profile_id: 'p',
      today: '2026-11-24',
      horizon_days: 730,
      plan: [],
      streams: [],
      transactions: [],
      cards: [],
      loans: [
        {
          account_id: LOAN,
          current_balance: 100000,
          next_due_date: '2026-12-01',
          payment: 30000,
          rate_percentage: 6,
        },
      ],
    });
    const first = plan.filter((i) => i.due_date === '2026-12-01');
    expect(first.find((i) => i.amount < 0)?.amount).toBe(-500); // 1,000.00 × 6 % / 12
    expect(first.find((i) => i.amount > 0)?.amount).toBe(30000);
    const payments = plan.filter((i) => i.amount > 0);
    const interest = plan.filter((i) => i.amount < 0).reduce((s, i) => s - i.amount, 0);
    // Paid off: payments cover the balance plus the interest exactly, and stop.
    expect(payments.reduce((s, i) => s + i.amount, 0)).toBe(100000 + interest);
    expect(payments).toHaveLength(4);
  });
});

describe('statementTerms', () => {
  it('reads cards and loans from the kept records and skips accounts without enough', () => {
    const terms = statementTerms([
      {
        id: CARD,
        account_type: 'credit',
        current_balance: 1,
        liability: {
          kind: 'credit',
          statement_date: '2026-11-15',
          statement_balance: 5,
          next_payment_due_date: '2026-12-10',
          refreshed_at: 'x',
        },
      },
      {
        id: LOAN,
        account_type: 'loan',
        current_balance: 9,
        liability: {
          kind: 'mortgage',
          next_payment_due_date: '2026-12-01',
          next_payment_amount: 7,
          interest_rate: 3,
          refreshed_at: 'x',
        },
      },
      { id: 'c2', account_type: 'credit', liability: { kind: 'credit', refreshed_at: 'x' } },
      { id: CHECKING, account_type: 'depository' },
    ]);
    expect(terms.cards.map((c) => c.account_id)).toEqual([CARD]);
    expect(terms.loans).toEqual([
      { account_id: LOAN, current_balance: 9, next_due_date: '2026-12-01', payment: 7, rate_percentage: 3 },
    ]);
  });
});

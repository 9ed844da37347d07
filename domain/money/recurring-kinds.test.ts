import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { seededRandom, variedHistory } from './fixtures.ts';
import { scoreDetection } from './scoring.ts';
import { RECURRING_RULES, detectRecurring, expectedAmount, monthlyEquivalent } from './recurring.ts';
import { TODAY, WAGES, RENT, POWER, TV, SAVINGS, make, only } from './recurring-test-kit.ts';

describe('detectRecurring: kinds, explanations and determinism', () => {
  const history = [
    ...make({
      name: 'Globex Payroll',
      schedule: { cadence: 'semi-monthly', days: [15, 31], shift: 'before' },
      amount: -250_000,
      category: WAGES,
    }),
    ...make({
      name: 'Landlord LLC',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'after' },
      amount: 180_000,
      category: RENT,
    }),
    ...make({
      name: 'Netflix',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 17, shift: 'none' },
      amount: 1_549,
      category: TV,
    }),
    ...make({
      name: 'Online Transfer to Savings',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 16, shift: 'after' },
      amount: 50_000,
      category: SAVINGS,
    }),
    ...make({
      name: 'Spotify',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 22, shift: 'none' },
      amount: 1_199,
    }),
  ];

  it('tells income, bills, subscriptions and transfers apart', () => {
    const kinds = Object.fromEntries(
      detectRecurring(history, { today: TODAY }).map((s) => [s.merchant_key, s.kind]),
    );
    expect(kinds).toEqual({
      'globex payroll': 'income',
      'landlord llc': 'bill',
      netflix: 'subscription',
      'to savings': 'transfer',
      spotify: 'subscription',
    });
  });

  it('counts a loan or card payment once: the debt side is a transfer, never income', () => {
    const LOAN = { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT' };
    const monthly = (day: number) =>
      ({ cadence: 'monthly', anchor_month: '2023-01', day, shift: 'after' }) as const;
    const payments = [
      // The cash side: a bill on checking.
      ...make({ name: 'First Bank Mortgage Pmt', schedule: monthly(1), amount: 223_248, category: LOAN }),
      // The loan's side of the same payment, and a card's payment received without a category.
      ...make({
        name: 'Mortgage Payment Received',
        schedule: monthly(1),
        amount: -223_248,
        category: LOAN,
        account_id: 'mortgage',
      }),
      ...make({ name: 'Payment Received', schedule: monthly(20), amount: -40_035, account_id: 'card' }),
      // Interest accrued on the loan is paid by the same payment: not a second bill.
      ...make({
        name: 'Interest Accrued',
        schedule: monthly(28),
        amount: 90_000,
        variation: 0.01,
        account_id: 'mortgage',
      }),
    ];
    const streams = detectRecurring(payments, {
      today: TODAY,
      account_types: { 'acc-1': 'depository', mortgage: 'loan', card: 'credit' },
    });
    const kindOf = (account: string) =>
      streams.filter((s) => s.account_id === account).map((s) => [s.direction, s.kind]);
    expect(kindOf('acc-1')).toEqual([['outflow', 'bill']]);
    expect(kindOf('mortgage').sort()).toEqual([
      ['inflow', 'transfer'],
      ['outflow', 'transfer'],
    ]);
    expect(kindOf('card')).toEqual([['inflow', 'transfer']]);
    // Without account types, a loan payment received is still known by its category.
    const untyped = detectRecurring(payments, { today: TODAY });
    expect(untyped.find((s) => s.account_id === 'mortgage' && s.direction === 'inflow')?.kind).toBe(
      'transfer',
    );
  });

  it('explains each stream with its schedule, regularity, amount and next date', () => {
    const netflix = only(detectRecurring(history, { today: TODAY }), 'netflix');
    expect(netflix.explanation).toEqual([
      '24 charges from Netflix, monthly on the 17th.',
      'Dates are within 0.0 days of that schedule on average.',
      'Always $15.49.',
      'Next expected on 2025-01-17.',
    ]);
    expect(netflix.confidence).toBe(1);
    expect(netflix.evidence).toMatchObject({ occurrences: 24, missed: 0, amount_spread: 0 });
  });

  it('gives the same streams whatever the order of the input, and skips pending transactions', () => {
    const forward = detectRecurring(history, { today: TODAY });
    const shuffled = [...history].sort(() => 0).reverse();
    expect(detectRecurring(shuffled, { today: TODAY })).toEqual(forward);
    const pending = history.map((t, i) => (i % 2 === 0 ? t : { ...t, id: `${t.id}-p`, pending: true }));
    expect(detectRecurring([...history, ...pending.filter((t) => t.pending)], { today: TODAY })).toEqual(
      forward,
    );
  });

  it('ignores transactions dated after today', () => {
    const streams = detectRecurring(history, { today: '2024-06-30' });
    for (const s of streams) expect(s.last_date <= '2024-06-30').toBe(true);
  });
});

describe('expectedAmount and monthlyEquivalent', () => {
  it('adopts a new price once it repeats, otherwise takes the recent median', () => {
    expect(expectedAmount([1549, 1549, 1549, 1799, 1799])).toBe(1799);
    expect(expectedAmount([1549, 1549, 1549, 1799])).toBe(1549);
    expect(expectedAmount([9000, 12_000, 15_000])).toBe(12_000);
  });

  it('expects a mix of two or three prices at its mean, whichever came last', () => {
    const kit = [6000, 6000, 7500, 6000, 6000, 6000, 7500, 6000, 6000, 6000];
    expect(expectedAmount(kit)).toBe(6300);
    expect(expectedAmount([...kit, 7500])).toBe(6409);
    // A price rise that has repeated is still adopted outright.
    expect(expectedAmount([...kit, 6500, 6500])).toBe(6500);
  });

  it('converts per-occurrence amounts to per-month', () => {
    expect(monthlyEquivalent('weekly', 1_000)).toBe(4_333);
    expect(monthlyEquivalent('biweekly', 1_200)).toBe(2_600);
    expect(monthlyEquivalent('yearly', 12_000)).toBe(1_000);
  });
});

describe('detectRecurring: histories it was not tuned on', () => {
  const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };

  it('finds a weekly meal kit that is dearer about one week in five as one stream, expected at the mix', () => {
    const random = seededRandom(5);
    const txs = make({
      name: 'HelloFresh',
      schedule: { cadence: 'weekly', anchor: '2023-01-06', shift: 'none' },
      amount: 6_000,
      category: GROCERIES,
    }).map((t) => (random() < 0.2 ? { ...t, amount: 7_500 } : t));
    const dearer = txs.filter((t) => t.amount === 7_500).length;
    expect(dearer).toBeGreaterThan(10);
    const stream = only(detectRecurring(txs, { today: TODAY }), 'hellofresh');
    expect(stream.cadence).toBe('weekly');
    expect(stream.transaction_ids).toHaveLength(txs.length);
    // Between the usual $60 and the dearer $75, near the mean of the last 26 weeks.
    expect(stream.amount.expected).toBeGreaterThan(6_000);
    expect(stream.amount.expected).toBeLessThan(6_750);
  });

  it('finds electricity read on a drifting day, dear in summer and winter', () => {
    const random = seededRandom(9);
    const txs = make({
      name: 'Con Edison',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 14, shift: 'after' },
      amount: 12_000,
      category: POWER,
    }).map((t, i) => ({
      ...t,
      date: addDays(t.date, Math.floor(random() * 7) - 3),
      amount: Math.round(t.amount * (1 + 0.6 * Math.cos((2 * Math.PI * (i % 12)) / 6))),
    }));
    const stream = only(detectRecurring(txs, { today: TODAY }), 'con edison');
    expect(stream.cadence).toBe('monthly');
    expect(stream.transaction_ids).toHaveLength(24);
    expect(stream.evidence.amount_spread).toBeGreaterThan(RECURRING_RULES.maxAmountSpread);
  });

  it('finds the varied fixtures planted streams and nothing else', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const history = variedHistory(seed);
      const score = scoreDetection(
        detectRecurring(history.transactions, { today: history.today }),
        history.truth,
        0.9,
      );
      expect(score, `seed ${seed}`).toMatchObject({ false_positives: 0, false_negatives: 0 });
    }
  });

  it('never gives a next date on or before today, whatever the history and the day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 700 }), (seed, back) => {
        const history = variedHistory(seed);
        const today = addDays(history.today, -back);
        for (const stream of detectRecurring(history.transactions, { today })) {
          expect(stream.next_date > today, `${stream.key} next ${stream.next_date}`).toBe(true);
          expect(stream.next_nominal_date > stream.last_date).toBe(true);
          if (stream.late) {
            expect(stream.late.due_date <= today && stream.late.due_date > stream.last_date).toBe(true);
            expect(stream.late.due_date >= addDays(today, -RECURRING_RULES.maxDeviationDays[stream.cadence]));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

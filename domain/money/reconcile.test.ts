import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import type { PlanItem } from './plan.ts';
import { seededRandom, series } from './fixtures.ts';
import { generatePlan } from './plan.ts';
import { detectRecurring } from './recurring.ts';
import {
  RECONCILE_RULES,
  applyMatches,
  heldTransactionIds,
  reconcile,
  seriesHints,
  toleranceFor,
  unmatch,
  type ReconcileTransaction,
  type SeriesHint,
} from './reconcile.ts';

const rent: PlanItem = {
  id: 'rent-2025-02-01',
  account_id: 'chk',
  due_date: '2025-02-01',
  amount: -180_000,
  description: 'Landlord LLC',
  series_id: 'rs_rent',
};

function tx(overrides: Partial<ReconcileTransaction> = {}): ReconcileTransaction {
  return {
    id: 't1',
    account_id: 'chk',
    date: '2025-02-03',
    amount: 180_000,
    name: 'LANDLORD LLC 0201',
    ...overrides,
  };
}

describe('reconcile: what matches', () => {
  it('matches a transaction to the planned item with the same account, direction, amount and near date', () => {
    const [match] = reconcile([rent], [tx()]);
    expect(match).toMatchObject({
      planned_id: rent.id,
      transaction_id: 't1',
      day_difference: 2,
      amount_difference: 0,
      same_payee: true,
      patch: { is_reconciled: true, reconciled_transaction_id: 't1' },
    });
    expect(match?.reasons).toEqual([
      'Same account',
      'Same payee (LANDLORD LLC 0201)',
      'Posted 2 days after the due date',
      'Amount $1,800.00 as planned',
    ]);
  });

  it('does not offer a transaction matched to a kept item again, but a deleted item lets go of it', () => {
    const matched = { ...rent, id: 'old', is_reconciled: true, reconciled_transaction_id: 't1' };
    const replacement = { ...rent, id: 'new' };
    expect(reconcile([matched, replacement], [tx()])).toEqual([]);
    // Deleted (or replaced by an edit of its repeat): the transaction may settle the item that replaced it.
    const [match] = reconcile([{ ...matched, is_user_deleted: true }, replacement], [tx()]);
    expect(match).toMatchObject({ planned_id: 'new', transaction_id: 't1' });
    // The same rule says which purchases one-off items hold apart from everyday spending (the allowance).
    expect(heldTransactionIds([matched, replacement])).toEqual(new Set(['t1']));
    expect(heldTransactionIds([{ ...matched, is_user_deleted: true }])).toEqual(new Set());
  });

  it('allows max(5 %, $2) of amount difference and 3 days by default', () => {
    expect(toleranceFor(rent, undefined, false)).toEqual({ amount: 9_000, days: 3 });
    expect(toleranceFor({ ...rent, amount: -1_000 }, undefined, false)).toEqual({ amount: 200, days: 3 });
    expect(reconcile([rent], [tx({ amount: 189_000 })])).toHaveLength(1);
    expect(reconcile([rent], [tx({ amount: 189_001 })])).toHaveLength(0);
    expect(reconcile([rent], [tx({ date: '2025-02-04' })])).toHaveLength(1);
    expect(reconcile([rent], [tx({ date: '2025-02-05' })])).toHaveLength(0);
    expect(reconcile([rent], [tx({ date: '2025-01-28' })])).toHaveLength(0);
  });

  it("widens the window with the series' cadence and the amount for a variable bill from the same payee", () => {
    const power: PlanItem = {
      ...rent,
      id: 'p',
      amount: -12_000,
      description: 'City Power',
      series_id: 'rs_power',
    };
    const hint: SeriesHint = {
      cadence: 'monthly',
      amount: { mad: 1_800, variable: true },
      merchant_key: 'city power',
    };
    const series = new Map([['rs_power', hint]]);
    const bill = tx({ id: 'b', amount: 16_500, name: 'CITY POWER 02/05', date: '2025-02-05' });
    expect(reconcile([power], [bill])).toHaveLength(0);
    expect(reconcile([power], [bill], { series })).toHaveLength(1);
    expect(toleranceFor(power, hint, true)).toEqual({
      amount: 3 * 1_800,
      days: RECONCILE_RULES.daysByCadence.monthly,
    });
    // Another payee's charge of that size is not this bill.
    expect(reconcile([power], [{ ...bill, name: 'Furniture Barn' }], { series })).toHaveLength(0);
  });

  it('never takes a transfer between own accounts for a bill or a paycheck, nor the other way round', () => {
    const rentItem = {
      ...rent,
      personal_finance_category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' },
    };
    const cardPayment = tx({
      id: 'card',
      name: 'ONLINE PAYMENT TO CARD XXXXXX9753',
      personal_finance_category: { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' },
    });
    // The same account, the same amount, two days after the due date: a card payment all the same.
    expect(reconcile([rentItem], [cardPayment])).toEqual([]);
    // Without a category its words still say so; a payment with neither may settle the rent.
    expect(reconcile([rentItem], [{ ...cardPayment, personal_finance_category: null }])).toEqual([]);
    expect(
      reconcile(
        [rentItem],
        [{ ...cardPayment, name: 'ONLINE PAYMENT 9753', personal_finance_category: null }],
      ),
    ).toHaveLength(1);
    // A planned transfer is settled by a transfer: by category, or by its words without one.
    const toSavings = {
      ...rent,
      id: 'save',
      description: 'Transfer to savings',
      personal_finance_category: { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_SAVINGS' },
    };
    const moved = tx({
      id: 'moved',
      name: 'ONLINE TRANSFER TO SAVINGS',
      personal_finance_category: { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_SAVINGS' },
    });
    expect(reconcile([toSavings], [moved]).map((m) => m.transaction_id)).toEqual(['moved']);
    expect(reconcile([toSavings], [tx()])).toEqual([]);
    expect(
      reconcile(
        [{ ...toSavings, personal_finance_category: null }],
        [{ ...moved, personal_finance_category: null }],
      ),
    ).toHaveLength(1);
    // An item its owner categorised by hand (category_primary) counts the same way.
    expect(
      reconcile(
        [{ ...toSavings, personal_finance_category: null, category_primary: 'TRANSFER_OUT' }],
        [moved],
      ),
    ).toHaveLength(1);
  });

  it("takes another payee's charge for a detected series only at (almost) the planned amount", () => {
    const hint: SeriesHint = {
      cadence: 'monthly',
      amount: { mad: 0, variable: false },
      merchant_key: 'landlord llc',
    };
    const series = new Map([['rs_rent', hint]]);
    expect(toleranceFor(rent, hint, false)).toEqual({ amount: 1_800, days: 4 });
    expect(toleranceFor(rent, hint, true)).toEqual({ amount: 9_000, days: 4 });
    const check = tx({ id: 'check', name: 'CHECK 1042' });
    expect(reconcile([rent], [check], { series })).toHaveLength(1);
    expect(reconcile([rent], [{ ...check, amount: 181_800 }], { series })).toHaveLength(1);
    expect(reconcile([rent], [{ ...check, amount: 181_801 }], { series })).toEqual([]);
    // 4 % off: another payee's is not the rent; the landlord's is.
    expect(reconcile([rent], [{ ...check, amount: 172_800 }], { series })).toEqual([]);
    expect(reconcile([rent], [tx({ amount: 172_800 })], { series })).toHaveLength(1);
    // Without a detected series, the item's description is all there is: 5 % either way.
    expect(reconcile([rent], [{ ...check, amount: 172_800 }])).toHaveLength(1);
  });

  it('matches an item planned for any account to a transaction of any account', () => {
    const anywhere = { ...rent, account_id: null };
    expect(reconcile([anywhere], [tx({ account_id: 'savings' })])[0]?.reasons[0]).toBe(
      'Planned for any account',
    );
    expect(reconcile([rent], [tx({ account_id: 'savings' })])).toHaveLength(0);
  });

  it('never matches money in to money planned out', () => {
    expect(reconcile([rent], [tx({ amount: -180_000 })])).toHaveLength(0);
  });

  it('skips deleted and reconciled items, pending transactions and transactions already matched', () => {
    expect(reconcile([{ ...rent, is_user_deleted: true }], [tx()])).toHaveLength(0);
    expect(reconcile([{ ...rent, is_reconciled: true }], [tx()])).toHaveLength(0);
    expect(reconcile([rent], [tx({ pending: true })])).toHaveLength(0);
    const other = { ...rent, id: 'other', is_reconciled: true, reconciled_transaction_id: 't1' };
    expect(reconcile([rent, other], [tx()])).toHaveLength(0);
  });
});

describe('reconcile: with detected streams', () => {
  it("matches next month's utility bill to its generated item, with the tolerance of its stream", () => {
    const history = series(
      {
        name: 'CITY POWER CO',
        schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 20, shift: 'after' },
        from: '2023-01-01',
        to: '2024-12-31',
        amount: 12_000,
        variation: 0.3,
        category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' },
      },
      seededRandom(3),
    );
    const streams = detectRecurring(history, { today: '2025-01-02' });
    const plan = generatePlan({ profile_id: 'p1', streams, today: '2025-01-02' });
    const january = plan[0];
    expect(january?.due_date).toBe('2025-01-21');
    const bill = {
      id: 'jan',
      account_id: 'acc-1',
      date: '2025-01-22',
      amount: 15_900,
      name: 'CITY POWER CO 01/22',
    };
    expect(reconcile(plan, [bill])).toEqual([]);
    const [match] = reconcile(plan, [bill], { series: seriesHints('p1', streams) });
    expect(match).toMatchObject({
      planned_id: january?.id,
      transaction_id: 'jan',
      same_payee: true,
      day_difference: 1,
    });
  });
});

describe('reconcile: one to one', () => {
  it('gives a transaction to the nearest of two planned occurrences', () => {
    const weekA = { ...rent, id: 'a', due_date: '2025-02-07', amount: -8_000, description: 'Sitter' };
    const weekB = { ...weekA, id: 'b', due_date: '2025-02-10' };
    const matches = reconcile(
      [weekA, weekB],
      [tx({ id: 'x', date: '2025-02-09', amount: 8_000, name: 'Sitter' })],
    );
    expect(matches.map((m) => m.planned_id)).toEqual(['b']);
  });

  it('gives a planned item the nearest of two transactions, then the closest amount', () => {
    const matches = reconcile(
      [rent],
      [
        tx({ id: 'far', date: '2025-02-04' }),
        tx({ id: 'near', date: '2025-02-02', amount: 181_000 }),
        tx({ id: 'exact', date: '2025-02-02' }),
      ],
    );
    expect(matches.map((m) => m.transaction_id)).toEqual(['exact']);
  });

  it('prefers the same payee over a nearer date', () => {
    const matches = reconcile(
      [rent],
      [tx({ id: 'stranger', date: '2025-02-01', name: 'Bob' }), tx({ id: 'landlord' })],
    );
    expect(matches.map((m) => m.transaction_id)).toEqual(['landlord']);
  });

  it('matches each item and transaction at most once, whatever the input (property)', () => {
    const item = fc.record({
      id: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'),
      account_id: fc.constantFrom('chk', 'card', null),
      day: fc.integer({ min: 0, max: 20 }),
      amount: fc.constantFrom(-1_000, -1_050, -5_000, 2_000),
    });
    const posted = fc.record({
      id: fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'),
      account_id: fc.constantFrom('chk', 'card'),
      day: fc.integer({ min: 0, max: 20 }),
      amount: fc.constantFrom(1_000, 1_020, 5_000, -2_000),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (i) => i.id }),
        fc.uniqueArray(posted, { selector: (t) => t.id }),
        (items, txs) => {
          const planned: PlanItem[] = items.map((i) => ({
            id: i.id,
            account_id: i.account_id,
            due_date: addDays('2025-03-01', i.day),
            amount: i.amount,
            description: 'x',
          }));
          const transactions = txs.map((t) => ({
            id: t.id,
            account_id: t.account_id,
            date: addDays('2025-03-01', t.day),
            amount: t.amount,
            name: 'x',
          }));
          const matches = reconcile(planned, transactions);
          expect(new Set(matches.map((m) => m.planned_id)).size).toBe(matches.length);
          expect(new Set(matches.map((m) => m.transaction_id)).size).toBe(matches.length);
          for (const m of matches)
            expect(Math.abs(m.day_difference)).toBeLessThanOrEqual(RECONCILE_RULES.days);
          expect(reconcile([...planned].reverse(), [...transactions].reverse())).toEqual(matches);
          // Reconciling again after applying the matches finds nothing new for the matched items.
          const again = reconcile(applyMatches(planned, matches), transactions);
          for (const m of again)
            expect(
              matches.some((x) => x.planned_id === m.planned_id || x.transaction_id === m.transaction_id),
            ).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('unmatch', () => {
  it('reopens the item and remembers the pair, so the same match is not made again', () => {
    const [match] = reconcile([rent], [tx()]);
    const [reconciled] = applyMatches([rent], match ? [match] : []);
    expect(reconciled).toMatchObject({ is_reconciled: true, reconciled_transaction_id: 't1' });
    const undo = unmatch(reconciled as PlanItem);
    expect(undo.patch).toEqual({ is_reconciled: false, reconciled_transaction_id: null });
    expect(undo.rejected).toEqual({ planned_id: rent.id, transaction_id: 't1' });
    const reopened = { ...(reconciled as PlanItem), ...undo.patch };
    const rejected = undo.rejected ? [undo.rejected] : [];
    expect(reconcile([reopened], [tx()], { rejected })).toEqual([]);
    const later = tx({ id: 't2', date: '2025-02-04' });
    expect(reconcile([reopened], [tx(), later], { rejected }).map((m) => m.transaction_id)).toEqual(['t2']);
    expect(unmatch(rent).rejected).toBeNull();
  });
});

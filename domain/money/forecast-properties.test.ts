import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  balanceDelta,
  forecastAccount,
  forecastTotal,
  type AccountType,
  type BalanceDay,
} from './forecast.ts';
import { applyPlanChanges, generatePlan, mergePlan } from './plan.ts';
import { detectRecurring } from './recurring.ts';
import { seededRandom, series } from './fixtures.ts';
import { TODAY, allowance, checking } from './forecast-test-kit.ts';

const spreadArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 60_000 })), {
    maxLength: 3,
  })
  .map((steps) => {
    // Measured spreads never narrow (allowance.ts measureSpread): cumulative sums of the steps.
    let low = 0;
    let high = 0;
    return steps.map(([l, h], i) => {
      low -= l;
      high += h;
      return { days: [7, 30, 90][i] ?? 90, low, high };
    });
  });

const accountTypes: AccountType[] = ['depository', 'credit', 'loan', 'investment', 'other'];
const plannedArb = fc.array(
  fc.record({
    id: fc.uuid(),
    day: fc.integer({ min: -3, max: 40 }),
    amount: fc.integer({ min: -500_000, max: 500_000 }),
    account_id: fc.constantFrom<string | null>('chk', 'card', 'sav', null),
    is_reconciled: fc.boolean(),
    is_user_deleted: fc.boolean(),
  }),
  { maxLength: 40 },
);
const accountArb = fc.record({
  account_id: fc.constantFrom('chk', 'card', 'sav'),
  account_type: fc.constantFrom(...accountTypes),
  current_balance: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});
type PlannedCase = (typeof plannedArb extends fc.Arbitrary<Array<infer T>> ? T : never) & { day: number };
const toPlanned = (items: readonly PlannedCase[]) =>
  items.map((p) => ({ ...p, due_date: addDays(TODAY, p.day) }));
const DAYS = 40;

function deltas(rows: readonly BalanceDay[]): number[] {
  return rows.map((r) => r.closing_balance - r.opening_balance);
}

describe('forecast invariants (properties)', () => {
  it('each day opens at the previous close, and closes at opening + actual + forecasted', () => {
    fc.assert(
      fc.property(
        accountArb,
        plannedArb,
        fc.boolean(),
        fc.integer({ min: -5_000, max: 5_000 }),
        (account, items, withAllowance, todayTx) => {
          const { rows } = forecastAccount({
            account,
            today: TODAY,
            days: DAYS,
            planned: toPlanned(items),
            transactions: [{ account_id: account.account_id, date: TODAY, amount: todayTx }],
            allowance,
            include_allowance: withAllowance,
          });
          expect(rows).toHaveLength(DAYS + 1);
          // Collected, then asserted once: an expect() per row and run would dominate the suite's time.
          const broken = rows.filter(
            (row, i) =>
              row.closing_balance !==
                row.opening_balance + row.actual_transactions_total + row.forecasted_transactions_total ||
              (i > 0 && row.opening_balance !== rows[i - 1]?.closing_balance) ||
              !Number.isSafeInteger(row.closing_balance) ||
              !Number.isSafeInteger(row.forecasted_transactions_total),
          );
          expect(broken).toEqual([]);
          expect(rows[0]?.closing_balance).toBe(
            account.current_balance + (rows[0]?.forecasted_transactions_total ?? 0),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("deleting or reconciling a planned item changes only its own day's delta, by its amount", () => {
    fc.assert(
      fc.property(
        accountArb,
        plannedArb,
        fc.nat(),
        fc.constantFrom('is_user_deleted', 'is_reconciled') as fc.Arbitrary<
          'is_user_deleted' | 'is_reconciled'
        >,
        (account, items, pick, flag) => {
          const planned = toPlanned(items).map((p) => ({
            ...p,
            is_reconciled: false,
            is_user_deleted: false,
          }));
          if (planned.length === 0) return;
          const index = pick % planned.length;
          const target = planned[index] as (typeof planned)[number];
          const before = forecastAccount({ account, today: TODAY, days: DAYS, planned, allowance });
          const after = forecastAccount({
            account,
            today: TODAY,
            days: DAYS,
            planned: planned.map((p, i) => (i === index ? { ...p, [flag]: true } : p)),
            allowance,
          });
          const a = deltas(before.rows);
          const b = deltas(after.rows);
          const counts =
            target.day >= 0 &&
            target.day <= DAYS &&
            (target.account_id === null || target.account_id === account.account_id);
          const expected = a.map((d, day) =>
            counts && day === target.day ? d - balanceDelta(account.account_type, target.amount) : d,
          );
          expect(b).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts an item with no account in every account but once in the total', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(accountArb, { selector: (a) => a.account_id, minLength: 1 }),
        plannedArb,
        (accounts, items) => {
          const planned = toPlanned(items);
          const total = forecastTotal({ accounts, today: TODAY, days: DAYS, planned });
          const perAccount = accounts.map((account) => ({
            account,
            rows: forecastAccount({ account, today: TODAY, days: DAYS, planned }).rows,
          }));
          const netSign = (t: AccountType) => (t === 'credit' || t === 'loan' ? -1 : 1);
          const nullFlows = new Array<number>(DAYS + 1).fill(0);
          for (const p of planned) {
            if (
              p.account_id === null &&
              !p.is_reconciled &&
              !p.is_user_deleted &&
              p.day >= 0 &&
              p.day <= DAYS
            )
              nullFlows[p.day] = (nullFlows[p.day] ?? 0) + p.amount;
          }
          const net = (pick: (row: BalanceDay) => number) =>
            total.rows.map((_, day) =>
              perAccount.reduce((s, { account, rows }) => {
                const row = rows[day];
                return s + netSign(account.account_type) * (row ? pick(row) : 0);
              }, 0),
            );
          const extra = accounts.length - 1;
          let nullSoFar = 0;
          const expectedClosing = net((r) => r.closing_balance).map((position, day) => {
            nullSoFar += nullFlows[day] ?? 0;
            return position - extra * nullSoFar;
          });
          const expectedForecast = net((r) => r.forecasted_transactions_total).map(
            (sum, day) => sum - extra * (nullFlows[day] ?? 0),
          );
          expect(total.rows.map((r) => r.forecasted_transactions_total)).toEqual(expectedForecast);
          expect(total.rows.map((r) => r.closing_balance)).toEqual(expectedClosing);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('regenerating the plan is idempotent end to end: same history, same plan, same forecast', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000 }), (seed) => {
        const random = seededRandom(seed);
        const history = [
          ...series(
            {
              name: 'Payroll',
              schedule: { cadence: 'biweekly', anchor: '2024-01-05', shift: 'before' },
              from: '2024-01-01',
              to: '2025-01-29',
              amount: -200_000 - Math.floor(random() * 10_000),
            },
            random,
          ),
          ...series(
            {
              name: 'Power',
              schedule: {
                cadence: 'monthly',
                anchor_month: '2024-01',
                day: 1 + Math.floor(random() * 28),
                shift: 'after',
              },
              from: '2024-01-01',
              to: '2025-01-29',
              amount: 9_000,
              variation: 0.3,
              lateDays: 2,
            },
            random,
          ),
        ];
        const generate = () =>
          generatePlan({
            profile_id: 'p',
            streams: detectRecurring(history, { today: TODAY }),
            today: TODAY,
          });
        const window = { from: TODAY, to: addDays(TODAY, 730) };
        const stored = applyPlanChanges([], mergePlan([], generate(), window));
        expect(mergePlan(stored, generate(), window)).toEqual({ create: [], update: [], delete: [] });
        const forecast = () => forecastAccount({ account: checking, today: TODAY, planned: stored });
        expect(forecast()).toEqual(forecast());
      }),
      { numRuns: 15 },
    );
  });
});

describe('band properties', () => {
  it('low ≤ closing ≤ high, zero width today, width never shrinks with the horizon', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(accountArb, { selector: (a) => a.account_id, minLength: 1 }),
        plannedArb,
        fc.array(spreadArb, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 730 }),
        fc.boolean(),
        (accounts, items, spreads, days, include) => {
          const allowances = new Map(
            accounts.map((a, i) => [a.account_id, { ...allowance, spread: spreads[i] ?? [] }]),
          );
          const planned = toPlanned(items);
          const forecasts = [
            ...accounts.map((account) =>
              forecastAccount({
                account,
                today: TODAY,
                days,
                planned,
                allowance: allowances.get(account.account_id) ?? null,
                include_allowance: include,
              }),
            ),
            forecastTotal({ accounts, today: TODAY, days, planned, allowances, include_allowance: include }),
          ];
          for (const { rows } of forecasts) {
            const widths = rows.map((r) => r.closing_high - r.closing_low);
            const broken = rows.filter(
              (r, i) =>
                !(r.closing_low <= r.closing_balance && r.closing_balance <= r.closing_high) ||
                !Number.isSafeInteger(r.closing_low) ||
                !Number.isSafeInteger(r.closing_high) ||
                (i > 0 && (widths[i] ?? 0) < (widths[i - 1] ?? 0)),
            );
            expect(broken).toEqual([]);
            expect(widths[0]).toBe(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { seededRandom, series } from './fixtures.ts';
import {
  applyPlanChanges,
  expandSeries,
  flowFromPlaid,
  generatePlan,
  mergePlan,
  planItemId,
  seriesIdOf,
  type GeneratedPlanItem,
  type PlanItem,
} from './plan.ts';
import { detectRecurring, type RecurringStream } from './recurring.ts';
import { scheduleFromDate } from './schedule.ts';

const TODAY = '2025-01-02';
const END = addDays(TODAY, 730);

const history = [
  ...series(
    {
      name: 'Globex Payroll',
      schedule: { cadence: 'semi-monthly', days: [15, 31], shift: 'before' },
      from: '2023-01-01',
      to: '2024-12-31',
      amount: -250_000,
      category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    },
    seededRandom(1),
  ),
  ...series(
    {
      name: 'Landlord LLC',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'after' },
      from: '2023-01-01',
      to: '2025-01-02',
      amount: 180_000,
      category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' },
    },
    seededRandom(1),
  ),
];
const streams = detectRecurring(history, { today: TODAY });
const stream = (key: string) => streams.find((s) => s.merchant_key === key) as RecurringStream;

describe('generatePlan', () => {
  const plan = generatePlan({ profile_id: 'p1', streams, today: TODAY });

  it('plans every occurrence from today through 730 days, with the cash-flow sign', () => {
    const payroll = plan.filter((i) => i.description === 'Globex Payroll');
    expect(payroll).toHaveLength(48);
    expect(payroll.every((i) => i.amount === 250_000)).toBe(true);
    const rent = plan.filter((i) => i.description === 'Landlord LLC');
    expect(rent.every((i) => i.amount === flowFromPlaid(180_000))).toBe(true);
    expect(plan.every((i) => i.due_date >= TODAY && i.due_date <= END)).toBe(true);
    expect(plan.every((i) => i.is_generated && i.account_id === 'acc-1')).toBe(true);
    expect(rent[0]).toMatchObject({
      category_primary: 'RENT_AND_UTILITIES',
      category_detailed: 'RENT_AND_UTILITIES_RENT',
      personal_finance_category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' },
    });
  });

  it("does not plan an occurrence that already posted (today's rent)", () => {
    expect(stream('landlord llc').last_date).toBe('2025-01-02');
    const rent = plan.filter((i) => i.description === 'Landlord LLC');
    expect(rent[0]?.due_date).toBe('2025-02-03');
  });

  it('names occurrences by series and nominal date, so a regeneration yields the same ids', () => {
    const again = generatePlan({
      profile_id: 'p1',
      streams: detectRecurring([...history].reverse(), { today: TODAY }),
      today: TODAY,
    });
    expect(again).toEqual(plan);
    const seriesId = seriesIdOf('p1', stream('landlord llc').key);
    expect(plan.find((i) => i.due_date === '2025-02-03')?.id).toBe(planItemId(seriesId, '2025-02-01'));
    expect(new Set(plan.map((i) => i.id)).size).toBe(plan.length);
    expect(seriesIdOf('p2', stream('landlord llc').key)).not.toBe(seriesId);
  });

  it('plans a late occurrence for today instead of dropping it', () => {
    // January's rent (due Thursday the 2nd: the 1st is a holiday) has not posted.
    const unpaid = history.filter((t) => !(t.name === 'Landlord LLC' && t.date >= '2025-01-01'));
    const rentOn = (today: string) =>
      detectRecurring(unpaid, { today }).find((s) => s.merchant_key === 'landlord llc') as RecurringStream;
    const late = rentOn('2025-01-03');
    expect(late.late).toEqual({ due_date: '2025-01-02', nominal_date: '2025-01-01' });
    expect(late.next_date).toBe('2025-02-03');
    const items = generatePlan({ profile_id: 'p1', streams: [late], today: '2025-01-03' });
    expect(items[0]).toMatchObject({
      due_date: '2025-01-03',
      id: planItemId(seriesIdOf('p1', late.key), '2025-01-01'),
    });
    // A week on, beyond a monthly bill's tolerance, it is no longer expected.
    const tooLate = rentOn('2025-01-09');
    expect(tooLate.late).toBeNull();
    const ids = generatePlan({ profile_id: 'p1', streams: [tooLate], today: '2025-01-09' }).map((i) => i.id);
    expect(ids).not.toContain(planItemId(seriesIdOf('p1', late.key), '2025-01-01'));
    expect(ids[0]).toBe(planItemId(seriesIdOf('p1', late.key), '2025-02-01'));
  });

  it('leaves out ended and low-confidence streams', () => {
    const ended = { ...stream('landlord llc'), status: 'ended' as const };
    const doubtful = { ...stream('globex payroll'), confidence: 0.3 };
    expect(generatePlan({ profile_id: 'p1', streams: [ended, doubtful], today: TODAY })).toEqual([]);
    expect(
      generatePlan({ profile_id: 'p1', streams: [doubtful], today: TODAY, min_confidence: 0.2 }),
    ).toHaveLength(48);
  });
});

describe('expandSeries', () => {
  it("expands a user's repeating item from its first date", () => {
    const occurrences = expandSeries(
      {
        series_id: 'user-gym',
        schedule: scheduleFromDate('monthly', '2025-01-31'),
        amount: -4_000,
        description: 'Gym',
        account_id: null,
        category: null,
        starts: '2025-01-31',
      },
      '2025-01-01',
      '2025-04-30',
    );
    expect(occurrences.map((o) => [o.id, o.due_date])).toEqual([
      ['user-gym-2025-01-31', '2025-01-31'],
      ['user-gym-2025-02-28', '2025-02-28'],
      ['user-gym-2025-03-31', '2025-03-31'],
      ['user-gym-2025-04-30', '2025-04-30'],
    ]);
  });
});

const window = { from: TODAY, to: END };

function stored(item: GeneratedPlanItem, flags: Partial<PlanItem> = {}): PlanItem {
  return { ...item, ...flags };
}

describe('mergePlan', () => {
  const generated = generatePlan({ profile_id: 'p1', streams, today: TODAY });
  const [first, second, third, fourth] = generated as [
    GeneratedPlanItem,
    GeneratedPlanItem,
    GeneratedPlanItem,
    GeneratedPlanItem,
  ];

  it('creates everything into an empty plan, then nothing when merged again', () => {
    const changes = mergePlan([], generated, window);
    expect(changes.create).toHaveLength(generated.length);
    const after = applyPlanChanges([], changes);
    expect(mergePlan(after, generated, window)).toEqual({ create: [], update: [], delete: [] });
  });

  it('never resurrects an item the user deleted', () => {
    const existing = [stored(first, { is_user_deleted: true })];
    const changes = mergePlan(existing, generated, window);
    expect(changes.create.map((i) => i.id)).not.toContain(first.id);
    expect(changes.update).toEqual([]);
    expect(changes.delete).toEqual([]);
  });

  it("never overwrites a user's edit, even when the stream's amount changes", () => {
    const existing = [stored(first, { is_user_edited: true, amount: -1 }), stored(second)];
    const raised = generated.map((i) => ({ ...i, amount: i.amount - 500 }));
    const changes = mergePlan(existing, raised, window);
    expect(changes.update.map((u) => u.id)).toEqual([second.id]);
    expect(changes.update[0]?.changes).toEqual({ amount: second.amount - 500 });
  });

  it('leaves reconciled items as they are', () => {
    const existing = [stored(first, { is_reconciled: true, reconciled_transaction_id: 't1', amount: 5 })];
    const changes = mergePlan(existing, generated.slice(1), window);
    expect(changes).toEqual({ create: generated.slice(1), update: [], delete: [] });
  });

  it('deletes generated items no stream expects any more, inside the window only', () => {
    const stale = stored({ ...third, id: 'rs_gone-2025-03-01', series_id: 'rs_gone' });
    const past = stored({
      ...fourth,
      id: 'rs_gone-2024-12-01',
      series_id: 'rs_gone',
      due_date: '2024-12-01',
    });
    const mine: PlanItem = {
      id: 'u1',
      account_id: null,
      due_date: '2025-03-01',
      amount: -100,
      description: 'Birthday',
    };
    const changes = mergePlan([stale, past, mine], generated, window);
    expect(changes.delete).toEqual([stale.id]);
  });

  it('moves an open item when the schedule moved, keeping its id', () => {
    const existing = [stored({ ...first, due_date: addDays(first.due_date, 1) })];
    expect(mergePlan(existing, [first], window).update).toEqual([
      { id: first.id, changes: { due_date: first.due_date } },
    ]);
  });

  it('does not recreate the occurrences of a series the user removed', () => {
    const changes = mergePlan([], generated, { ...window, suppressed_series: new Set([first.series_id]) });
    expect(changes.create.some((i) => i.series_id === first.series_id)).toBe(false);
    expect(changes.create.length).toBeGreaterThan(0);
  });

  it('is idempotent and respects user decisions for any stored state (property)', () => {
    const flags = fc.record({
      present: fc.boolean(),
      is_user_deleted: fc.boolean(),
      is_user_edited: fc.boolean(),
      is_reconciled: fc.boolean(),
      amountShift: fc.integer({ min: -2, max: 2 }),
      dayShift: fc.integer({ min: -2, max: 2 }),
    });
    const sample = generated.slice(0, 30);
    fc.assert(
      fc.property(
        fc.array(flags, { minLength: sample.length, maxLength: sample.length }),
        fc.array(fc.boolean(), { minLength: sample.length, maxLength: sample.length }),
        (states, keep) => {
          const existing: PlanItem[] = [];
          sample.forEach((item, i) => {
            const s = states[i];
            if (!s?.present) return;
            existing.push({
              ...item,
              amount: item.amount + s.amountShift,
              due_date: addDays(item.due_date, s.dayShift),
              is_user_deleted: s.is_user_deleted,
              is_user_edited: s.is_user_edited,
              is_reconciled: s.is_reconciled,
            });
          });
          const next = sample.filter((_, i) => keep[i]);
          const changes = mergePlan(existing, next, window);
          const frozen = existing.filter((e) => e.is_user_deleted || e.is_user_edited || e.is_reconciled);
          const touched = new Set([...changes.update.map((u) => u.id), ...changes.delete]);
          for (const f of frozen) expect(touched.has(f.id)).toBe(false);
          const stored = new Set(existing.map((e) => e.id));
          for (const c of changes.create) expect(stored.has(c.id)).toBe(false);

          const after = applyPlanChanges(existing, changes);
          expect(new Set(after.map((i) => i.id)).size).toBe(after.length);
          expect(mergePlan(after, next, window)).toEqual({ create: [], update: [], delete: [] });
          for (const f of frozen) expect(after.find((i) => i.id === f.id)).toEqual(f);
        },
      ),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { oneOffs, seededRandom, series } from './fixtures.ts';
import { normalizeMerchant } from './merchant.ts';
import { RECURRING_RULES, detectRecurring, isTransferLike, type HistoryTransaction } from './recurring.ts';
import { FROM, TO, TODAY, WAGES, RENT, POWER, TV, make, only } from './recurring-test-kit.ts';

describe('detectRecurring: cadences', () => {
  it('finds a weekly charge that sometimes posts a day late', () => {
    const txs = make({
      name: 'Little Sprouts Daycare',
      schedule: { cadence: 'weekly', anchor: '2023-01-02', shift: 'none' },
      amount: 32_500,
      lateDays: 1,
    });
    const stream = only(detectRecurring(txs, { today: TODAY }), 'little sprouts daycare');
    expect(stream.cadence).toBe('weekly');
    expect(stream.transaction_ids).toHaveLength(txs.length);
    expect(stream.status).toBe('active');
  });

  it('finds biweekly payroll paid early around weekends and holidays, and predicts the next Friday', () => {
    const txs = make({
      name: 'ACME CORP PAYROLL',
      schedule: { cadence: 'biweekly', anchor: '2023-01-02', shift: 'before' },
      amount: -210_000,
      category: WAGES,
    });
    // Paydays on Martin Luther King Day and Juneteenth were paid on the Friday before.
    expect(txs.map((t) => t.date)).toEqual(expect.arrayContaining(['2023-01-13', '2023-06-16']));
    const stream = only(detectRecurring(txs, { today: TODAY }), 'acme corp payroll');
    expect(stream.cadence).toBe('biweekly');
    expect(stream.schedule).toMatchObject({ shift: 'before' });
    expect(stream.explanation[0]).toMatch(/every other Monday/);
    expect(stream.kind).toBe('income');
    expect(stream.direction).toBe('inflow');
    expect(stream.next_date).toBe('2025-01-13');
    expect(stream.transaction_ids).toHaveLength(txs.length);
  });

  it('finds semi-monthly payroll on the 15th and the last business day, not biweekly', () => {
    const txs = make({
      name: 'Globex Payroll',
      schedule: { cadence: 'semi-monthly', days: [15, 31], shift: 'before' },
      amount: -250_000,
      category: WAGES,
    });
    const [stream] = detectRecurring(txs, { today: '2024-08-20' });
    expect(stream?.cadence).toBe('semi-monthly');
    expect(stream?.schedule).toEqual({ cadence: 'semi-monthly', days: [15, 31], shift: 'before' });
    // 2024-08-31 is a Saturday.
    expect(stream?.next_date).toBe('2024-08-30');
    expect(stream?.next_nominal_date).toBe('2024-08-31');
  });

  it('finds a monthly bill due on the 1st that lands on the 2nd or 3rd', () => {
    const txs = make({
      name: 'Landlord LLC',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'after' },
      amount: 180_000,
      lateDays: 2,
      category: RENT,
    });
    const stream = only(detectRecurring(txs, { today: TODAY }), 'landlord llc');
    expect(stream.cadence).toBe('monthly');
    expect(stream.kind).toBe('bill');
    expect(stream.transaction_ids).toHaveLength(24);
    expect(stream.evidence.max_deviation_days).toBeLessThanOrEqual(RECURRING_RULES.maxDeviationDays.monthly);
    // January's (due today) has not posted: late, planned for today; the next one is after today.
    expect(stream.late?.due_date).toBe(TODAY);
    expect(stream.next_date >= '2025-02-03' && stream.next_date <= '2025-02-05').toBe(true);
  });

  it('finds a charge on the 31st, clamped to month ends, and predicts February 28th', () => {
    const txs = make({
      name: 'NETFLIX.COM',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 31, shift: 'none' },
      to: '2025-01-31',
      amount: 1549,
      category: TV,
    });
    expect(txs.map((t) => t.date)).toContain('2024-02-29');
    const stream = only(detectRecurring(txs, { today: '2025-02-10' }), 'netflix');
    expect(stream.schedule).toMatchObject({ cadence: 'monthly', day: 31 });
    expect(stream.next_date).toBe('2025-02-28');
    expect(stream.kind).toBe('subscription');
  });

  it('finds quarterly insurance', () => {
    const txs = make({
      name: 'State Farm',
      schedule: { cadence: 'quarterly', anchor_month: '2023-02', day: 10, shift: 'after' },
      amount: 45_000,
      category: { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_INSURANCE' },
    });
    const stream = only(detectRecurring(txs, { today: TODAY }), 'state farm');
    expect(stream.cadence).toBe('quarterly');
    expect(stream.kind).toBe('bill');
    expect(stream.next_date).toBe('2025-02-10');
  });

  it('finds a yearly renewal from two occurrences of a payee seen exactly twice', () => {
    const txs = make({
      name: 'Amazon Prime',
      schedule: { cadence: 'yearly', anchor_month: '2023-03', day: 14, shift: 'none' },
      amount: 13_900,
    });
    expect(txs).toHaveLength(2);
    const stream = only(detectRecurring(txs, { today: TODAY }), 'amazon prime');
    expect(stream.cadence).toBe('yearly');
    expect(stream.next_date).toBe('2025-03-14');
    expect(stream.kind).toBe('subscription');
    expect(stream.confidence).toBeLessThanOrEqual(0.6);
  });

  it('does not make a yearly stream of two similar purchases at a payee seen more often', () => {
    const txs = [
      ...make({
        name: 'Garden Center',
        schedule: { cadence: 'yearly', anchor_month: '2023-04', day: 20, shift: 'none' },
        amount: 8_000,
      }),
      { id: 'extra', account_id: 'acc-1', date: '2024-07-02', amount: 2_300, name: 'Garden Center' },
    ];
    expect(detectRecurring(txs, { today: TODAY })).toEqual([]);
  });

  it('needs the anniversary for a yearly pair: two similar purchases weeks apart from it are not a renewal', () => {
    const renewal = make({
      name: 'Acme Antivirus',
      schedule: { cadence: 'yearly', anchor_month: '2023-05', day: 2, shift: 'none' },
      amount: 4_999,
    });
    expect(detectRecurring(renewal, { today: TODAY })).toHaveLength(1);
    const moved = renewal.map((t, i) => (i === 1 ? { ...t, date: '2024-05-09' } : t));
    expect(detectRecurring(moved, { today: TODAY })).toEqual([]);
  });

  it('does not make a stream of two monthly charges (three are needed)', () => {
    const txs = series(
      {
        name: 'New Gym',
        schedule: { cadence: 'monthly', anchor_month: '2024-11', day: 3, shift: 'none' },
        from: '2024-11-01',
        to: TO,
        amount: 4_000,
      },
      seededRandom(1),
    );
    expect(txs).toHaveLength(2);
    expect(detectRecurring(txs, { today: TODAY })).toEqual([]);
  });
});

describe('detectRecurring: amounts, endings and noise', () => {
  it('keeps a utility bill whose amount varies ±30 % as one variable stream', () => {
    const txs = make(
      {
        name: 'City Power',
        schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 20, shift: 'after' },
        amount: 12_000,
        variation: 0.3,
        lateDays: 1,
        category: POWER,
      },
      5,
    );
    const stream = only(detectRecurring(txs, { today: TODAY }), 'city power');
    expect(stream.transaction_ids).toHaveLength(24);
    expect(stream.amount.variable).toBe(true);
    expect(stream.amount.min).toBeLessThan(stream.amount.median);
    expect(stream.amount.max).toBeGreaterThan(stream.amount.median);
    expect(stream.kind).toBe('bill');
    expect(stream.explanation.join(' ')).toMatch(/Varies from/);
  });

  it('marks a stream silent for more than two periods as ended', () => {
    const txs = series(
      {
        name: 'Old Magazine',
        schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 8, shift: 'none' },
        from: FROM,
        to: '2024-08-31',
        amount: 999,
      },
      seededRandom(1),
    );
    const stream = only(detectRecurring(txs, { today: TODAY }), 'old magazine');
    expect(stream.status).toBe('ended');
    expect(stream.explanation.at(-1)).toMatch(/treated as ended/);
    const stillActive = only(detectRecurring(txs, { today: '2024-10-01' }), 'old magazine');
    expect(stillActive.status).toBe('active');
  });

  it('tolerates one missed month and reports it', () => {
    const txs = make({
      name: 'Comcast',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 12, shift: 'after' },
      amount: 8_999,
    }).filter((t) => !t.date.startsWith('2024-03'));
    const stream = only(detectRecurring(txs, { today: TODAY }), 'comcast');
    expect(stream.evidence.missed).toBe(1);
    expect(stream.evidence.expected_occurrences).toBe(24);
  });

  it('ignores irregular one-off spending, across many seeds', () => {
    for (let seed = 1; seed <= 8; seed += 1) {
      const streams = detectRecurring(oneOffs(FROM, TO, 10, seededRandom(seed)), { today: TODAY });
      expect(
        streams.map((s) => `${s.key} (${s.transaction_ids.length})`),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('finds recurring streams among one-off spending without absorbing it', () => {
    const random = seededRandom(11);
    const rent = make({
      name: 'Landlord LLC',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'after' },
      amount: 180_000,
      category: RENT,
    });
    const txs = [...rent, ...oneOffs(FROM, TO, 10, random)];
    const streams = detectRecurring(txs, { today: TODAY });
    expect(streams.map((s) => s.merchant_key)).toEqual(['landlord llc']);
    expect(new Set(streams[0]?.transaction_ids)).toEqual(new Set(rent.map((t) => t.id)));
  });

  it('needs six occurrences in an everyday category: four monthly haircuts are a habit, four fees a bill', () => {
    const spec = {
      name: 'GREAT CLIPS #1234',
      schedule: { cadence: 'monthly', anchor_month: '2024-09', day: 10, shift: 'none' },
      from: '2024-09-01',
      amount: 2_800,
    } as const;
    const cuts = make({
      ...spec,
      category: { primary: 'PERSONAL_CARE', detailed: 'PERSONAL_CARE_HAIR_AND_BEAUTY' },
    });
    expect(cuts).toHaveLength(4);
    expect(detectRecurring(cuts, { today: TODAY })).toEqual([]);
    const fees = make({
      ...spec,
      category: { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_STORAGE' },
    });
    expect(detectRecurring(fees, { today: TODAY })).toHaveLength(1);
  });

  it('does call a weekly meal kit at a fixed price recurring, in an everyday category', () => {
    const kit = make({
      name: 'HELLOFRESH',
      schedule: { cadence: 'weekly', anchor: '2024-09-02', shift: 'none' },
      from: '2024-09-01',
      amount: 7_499,
      category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
    });
    expect(only(detectRecurring(kit, { today: TODAY }), 'hellofresh').transaction_ids).toHaveLength(
      kit.length,
    );
    const visits = kit.map((t, i) => ({ ...t, amount: 5_000 + ((i * 3_713) % 4_000) }));
    expect(detectRecurring(visits, { today: TODAY })).toEqual([]);
  });

  it('keeps a credit card payment whose amount follows the statement, by the regularity of its dates', () => {
    const random = seededRandom(9);
    const payments = make({
      name: 'ONLINE PAYMENT TO CARD XXXXXX3333',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 6, shift: 'none' },
      amount: 200_000,
      category: { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' },
    }).map((t) => ({ ...t, amount: 80_000 + Math.floor(random() * 300_000) }));
    const stream = only(detectRecurring(payments, { today: TODAY }), 'online payment to card');
    expect(stream.kind).toBe('transfer');
    expect(stream.amount.variable).toBe(true);
    expect(stream.evidence.amount_spread).toBeGreaterThan(RECURRING_RULES.maxAmountSpread);
    expect(stream.confidence).toBeGreaterThanOrEqual(0.5);
    expect(stream.confidence).toBeLessThan(1);
  });

  it('calls an uncategorised card payment a transfer by the words of its description', () => {
    const payments = make({
      name: 'CREDIT CARD PAYMENT',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 6, shift: 'none' },
      amount: 90_000,
    });
    const stream = detectRecurring(payments, { today: TODAY })[0];
    // The payee key is "credit": "card payment" is dropped as boilerplate, so the description says it.
    expect(stream?.merchant_key).toBe('credit');
    expect(stream?.kind).toBe('transfer');
  });

  it('reads card payments and transfers as banks print them, and nothing else', () => {
    for (const name of [
      'ONLINE PAYMENT TO CARD XXXX3333',
      'CREDIT CARD PAYMENT',
      'CAPITAL ONE MOBILE PMT',
      'DISCOVER E-PAYMENT 1234',
      'AMEX EPAYMENT ACH PMT',
      'CITI CARD PMT',
      'ONLINE TRANSFER TO SAVINGS XXXXXX1234',
      'PAYMENT THANK YOU',
    ])
      expect(isTransferLike(null, normalizeMerchant(name), name), name).toBe(true);
    for (const name of [
      'NETFLIX.COM 866-579-7172 CA',
      'SHELL OIL 57444',
      'ACME CORP PAYROLL',
      'CITY WATER UTILITY',
    ])
      expect(isTransferLike(null, normalizeMerchant(name), name), name).toBe(false);
    // A category decides when there is one.
    expect(isTransferLike({ primary: 'GENERAL_MERCHANDISE' }, 'credit', 'CREDIT CARD PAYMENT')).toBe(false);
  });

  it('keeps two subscriptions of one payee on the same day apart by amount', () => {
    const icloud = make({
      name: 'APPLE.COM/BILL',
      idPrefix: 'icloud',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 5, shift: 'none' },
      amount: 99,
    });
    const music = make({
      name: 'APPLE.COM/BILL',
      idPrefix: 'music',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 5, shift: 'none' },
      amount: 1_099,
    });
    const streams = detectRecurring([...icloud, ...music], { today: TODAY });
    expect(streams).toHaveLength(2);
    const byAmount = new Map(streams.map((s) => [s.amount.median, s]));
    expect(new Set(byAmount.get(99)?.transaction_ids)).toEqual(new Set(icloud.map((t) => t.id)));
    expect(new Set(byAmount.get(1_099)?.transaction_ids)).toEqual(new Set(music.map((t) => t.id)));
    expect(new Set(streams.map((s) => s.key)).size).toBe(2);
  });

  it('keeps a weekly and a monthly stream to one payee apart', () => {
    const sitter = make({
      name: 'Venmo',
      idPrefix: 'sitter',
      schedule: { cadence: 'weekly', anchor: '2023-01-06', shift: 'none' },
      amount: 8_000,
    });
    const rent = make({
      name: 'Venmo',
      idPrefix: 'room',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'none' },
      amount: 90_000,
    });
    const streams = detectRecurring([...sitter, ...rent], { today: TODAY });
    const byCadence = new Map(streams.map((s) => [s.cadence, s]));
    expect([...byCadence.keys()].sort()).toEqual(['monthly', 'weekly']);
    expect(new Set(byCadence.get('weekly')?.transaction_ids)).toEqual(new Set(sitter.map((t) => t.id)));
    expect(new Set(byCadence.get('monthly')?.transaction_ids)).toEqual(new Set(rent.map((t) => t.id)));
    expect(byCadence.get('weekly')?.explanation[0]).toMatch(/every Friday/);
  });

  it('separates a monthly subscription from one-off purchases at the same payee', () => {
    const random = seededRandom(4);
    const plus = make({
      name: 'Walmart',
      idPrefix: 'plus',
      schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 9, shift: 'none' },
      amount: 1_295,
    });
    const shopping: HistoryTransaction[] = oneOffs(FROM, TO, 1.5, random).map((t) => ({
      ...t,
      name: 'Walmart',
    }));
    const stream = only(detectRecurring([...plus, ...shopping], { today: TODAY }), 'walmart');
    expect(new Set(stream.transaction_ids)).toEqual(new Set(plus.map((t) => t.id)));
  });
});

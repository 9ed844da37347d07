// The CLI's own logic (bin/money.ts), in process: `plan` on Plaid-shaped transactions never gives a
// next date on or before --today nor plans anything before it, whatever the history and the day
// (a property); the usage names every command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../domain/money/dates.ts';
import { variedHistory } from '../domain/money/fixtures.ts';
import { runMoneyCommand, USAGE } from './money.ts';

describe('npm run money -- plan', () => {
  it('every next_date is after --today and every planned item on or after it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 600 }), (seed, back) => {
        const history = variedHistory(seed);
        const today = addDays(history.today, -back);
        // A Plaid export: dollars, Plaid's sign (positive = money out).
        const exported = history.transactions.map((t) => ({
          transaction_id: t.id,
          account_id: t.account_id,
          date: t.date,
          amount: t.amount / 100,
          name: t.name,
          personal_finance_category: t.personal_finance_category ?? null,
        }));
        const out = runMoneyCommand('plan', { added: exported }, { today }) as {
          streams: Array<{ next_date: string }>;
          items: Array<{ due_date: string }>;
        };
        for (const stream of out.streams) expect(stream.next_date > today).toBe(true);
        for (const item of out.items) expect(item.due_date >= today).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('the usage names every command', () => {
    for (const command of ['recurring', 'plan', 'classify', 'forecast']) expect(USAGE).toContain(command);
  });
});

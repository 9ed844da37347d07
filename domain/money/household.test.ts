import { describe, expect, it } from 'vitest';
import { dayRandom, seededRandom } from './fixtures.ts';
import { variedHousehold } from './household.ts';

describe('variedHousehold futures', () => {
  it('gives the same history, balances and statement in every future, and futures of their own', () => {
    for (const everyday of ['checking', 'card'] as const)
      for (const seed of [1, 2, 50]) {
        const one = variedHousehold(seed, undefined, everyday, 1);
        const two = variedHousehold(seed, undefined, everyday, 2);
        expect(two.history).toEqual(one.history);
        expect(two.accounts.map((a) => [a.balance_today, a.liability])).toEqual(
          one.accounts.map((a) => [a.balance_today, a.liability]),
        );
        expect(two.future).not.toEqual(one.future);
        expect(two.accounts[0]?.balances_after[90]).not.toBe(one.accounts[0]?.balances_after[90]);
      }
  });

  it('keeps a bill that drifts from after the cut to before it in every future', () => {
    // Seed 50's electricity is due the day after today and may be read a few days early.
    const futures = [1, 2, 3, 4, 5].map((f) => variedHousehold(50, undefined, 'checking', f));
    for (const household of futures.slice(1)) expect(household.history).toEqual(futures[0]?.history);
  });
});

describe('dayRandom', () => {
  it('is one seeded stream without a split', () => {
    const { random, at } = dayRandom(42);
    const plain = seededRandom(42);
    const drawn = [0, 1, 2].map((day) => {
      at(day);
      return random();
    });
    expect(drawn).toEqual([plain(), plain(), plain()]);
  });

  it('draws the days after the cut from the future, the rest from the history', () => {
    const a = dayRandom(42, { cut: 10, futureSeed: 1 });
    const b = dayRandom(42, { cut: 10, futureSeed: 2 });
    const draw = (r: typeof a, day: number) => {
      r.at(day);
      return r.random();
    };
    expect(draw(a, 5)).toBe(draw(b, 5));
    expect(draw(a, 11)).not.toBe(draw(b, 11));
    expect(draw(a, 10)).toBe(draw(b, 10));
  });
});

// What the recurring-detection tests share: the window their histories span, the categories they
// plant, a series from a spec and the one stream of a payee.
import { expect } from 'vitest';
import { series, seededRandom, type SeriesSpec } from './fixtures.ts';
import type { RecurringStream } from './types.ts';

export const FROM = '2023-01-01';
export const TO = '2024-12-31';
export const TODAY = '2025-01-02';

export const WAGES = { primary: 'INCOME', detailed: 'INCOME_WAGES' };
export const RENT = { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' };
export const POWER = { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' };
export const TV = { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_TV_AND_MOVIES' };
export const SAVINGS = { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_SAVINGS' };

export function make(spec: Partial<SeriesSpec> & Pick<SeriesSpec, 'name' | 'schedule' | 'amount'>, seed = 1) {
  return series({ from: FROM, to: TO, ...spec }, seededRandom(seed));
}

export function only(streams: RecurringStream[], merchantKey: string): RecurringStream {
  const found = streams.filter((s) => s.merchant_key === merchantKey);
  expect(found, `streams of ${merchantKey}: ${streams.map((s) => s.key).join(', ')}`).toHaveLength(1);
  return found[0] as RecurringStream;
}

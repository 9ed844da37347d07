// What the forecast's tests share: today, a checking account and a card, an allowance with a band, and
// a planned item.
import type { Allowance } from './allowance.ts';
import type { ForecastAccount, ForecastPlanned } from './forecast.ts';

export const TODAY = '2025-01-30';
export const checking: ForecastAccount = {
  account_id: 'chk',
  account_type: 'depository',
  current_balance: 100_000,
};
export const card: ForecastAccount = { account_id: 'card', account_type: 'credit', current_balance: 40_000 };

export const allowance: Allowance = {
  per_weekday: [-3_000, -1_000, -1_000, -1_000, -1_000, -2_000, -5_000],
  daily_average: -2_000,
  from: '2024-08-03',
  to: '2025-01-29',
  days: 180,
  transactions_used: 120,
  daily_cap: 20_000,
  method: 'weekday-mean-of-capped-days',
  spread: [
    { days: 7, low: -7_000, high: 3_500 },
    { days: 30, low: -21_000, high: 12_000 },
    { days: 90, low: -45_000, high: 27_000 },
  ],
  note: null,
};

export const item = (
  due_date: string,
  amount: number,
  account_id: string | null = 'chk',
  extra: Partial<ForecastPlanned> = {},
) => ({
  due_date,
  amount,
  account_id,
  ...extra,
});

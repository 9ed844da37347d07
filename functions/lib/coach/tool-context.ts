// What every coach tool shares: the context a tool runs in (the caller's profile, their role), the
// envelope every result carries (`as_of`, `warnings`), the zod pieces of their inputs, and the cash
// forecast read with the member's own settings. Amounts are integer cents; dates the profile's days.
import { z } from 'zod';
import { type Cents } from '../../../domain/money/cents.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { type AccountType } from '../../../domain/money/forecast.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { cashKey, freshForecast, storedDays, withAllowance } from '../money/forecast-store.ts';
import { type MoneyContext } from '../money/store.ts';
import { viewSettingsOf } from '../money/view-settings.ts';

export interface ToolContext {
  readonly money: MoneyContext;
  readonly profileId: string;
  readonly userId: string;
  /** The caller's role on the profile: a proposal says whether they may add it. */
  readonly role?: 'owner' | 'editor' | 'viewer';
}

/** What every tool answers beside its figures. */
export interface ToolEnvelope {
  /** The day the figures are for (the forecast's today). */
  readonly as_of: string;
  readonly warnings: string[];
}

export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM');
/** $10 million: anything larger is a typo or a test of the limits, not a question about a budget. */
export const MAX_QUESTION_CENTS = 10_000_000_00;
export const cents = z
  .number()
  .int('must be whole cents')
  .positive('must be more than zero')
  .max(MAX_QUESTION_CENTS);

export interface CashSeries {
  readonly today: string;
  readonly rows: Array<{ date: string; closing: Cents; low: Cents; high: Cents }>;
  readonly threshold: Cents;
  readonly stale: boolean;
  /** The forecast's accounts and their types: which planned items a view counts. */
  readonly accountTypes: ReadonlyMap<string, AccountType>;
}

/** The cash forecast (or one account's) from today, with the member's own settings. */
export async function series(tc: ToolContext, days: number, accountId?: string): Promise<CashSeries> {
  const { data } = tc.money;
  const [{ header, stale }, settings] = await Promise.all([
    freshForecast(tc.money, tc.profileId),
    viewSettingsOf(data, tc.profileId, tc.userId),
  ]);
  if (accountId && !header.accounts[accountId])
    throw new ValidationError([{ field: 'account', message: 'is not an account of this financial profile' }]);
  const today = header.forecast_today;
  const stored = await storedDays(
    data,
    header,
    accountId ?? cashKey(tc.profileId),
    today,
    addDays(today, days),
  );
  return {
    today,
    stale,
    threshold: settings.low_balance_threshold,
    accountTypes: new Map(Object.entries(header.accounts).map(([id, a]) => [id, a.account_type])),
    rows: stored.map((d) => {
      const row = withAllowance(d, settings.include_allowance);
      return {
        date: row.balance_date,
        closing: row.closing_balance,
        low: row.closing_low,
        high: row.closing_high,
      };
    }),
  };
}

export function envelope(today: string, stale: boolean, extra: string[] = []): ToolEnvelope {
  return {
    as_of: today,
    warnings: [
      ...(stale ? ['The forecast may be out of date: it could not be refreshed just now.'] : []),
      ...extra,
    ],
  };
}

export function lowest<T extends { closing: Cents }>(rows: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of rows) if (!best || r.closing < best.closing) best = r;
  return best;
}

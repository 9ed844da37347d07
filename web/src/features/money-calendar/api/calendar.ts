// POST /functions/get-money-plan-calendar {month} and GET /running-balances (docs/money-plan-api.md).
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import { planItemSchema } from '../../../lib/money-plan-api.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

// Every schema here is built at its first parse (z.lazy), not when the calendar's code is evaluated:
// constructing them made part of one long task of a cold start (issue 12, docs/web.md).
const balancePairSchema = z.lazy(() => z.object({ opening: z.number(), closing: z.number() }));

export const calendarTransactionSchema = z.lazy(() =>
  z
    .object({
      id: z.string(),
      account_id: z.string(),
      date: z.string(),
      name: z.string(),
      merchant_name: z.string().nullish(),
      /** The payee as a person reads it; older servers send none (then merchant_name or name). */
      display_name: z.string().optional(),
      amount: z.number(),
      pending: z.boolean().optional(),
      classification: z.object({ normalizedAmount: z.number() }).loose().optional(),
    })
    .loose(),
);
export type CalendarTransaction = z.infer<typeof calendarTransactionSchema>;

export const calendarDaySchema = z.lazy(() =>
  z
    .object({
      date: z.string(),
      is_today: z.boolean(),
      is_forecast: z.boolean(),
      transactions: z.array(calendarTransactionSchema),
      planned: z.array(planItemSchema),
      balances: z
        .object({
          total: balancePairSchema.nullable(),
          accounts: z.array(z.object({ account_id: z.string() }).loose()).optional(),
        })
        .loose(),
      flags: z
        .object({ is_low: z.boolean(), is_negative: z.boolean(), is_lowest: z.boolean() })
        .loose()
        .nullish(),
    })
    .loose(),
);
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarAccountSchema = z.lazy(() =>
  z
    .object({
      id: z.string(),
      account_name: z.string(),
      institution_name: z.string().nullish(),
      account_type: z.string().optional(),
      mask: z.string().nullish(),
      account_subtype: z.string().nullish(),
      in_view: z.boolean().optional(),
    })
    .loose(),
);
export type CalendarAccount = z.infer<typeof calendarAccountSchema>;

export const calendarSchema = z.lazy(() =>
  z
    .object({
      month: z.string(),
      today: z.string(),
      account_id: z.string().nullable(),
      /** Issue 10: which money the month shows, how its balances read, and whether low days are marked. */
      view: z.enum(['cash', 'net_worth', 'account']).optional(),
      balance_convention: z.enum(['held', 'owed', 'net']).optional(),
      marks_low_days: z.boolean().optional(),
      stale: z.boolean().optional(),
      low_balance_threshold: z.number().optional(),
      include_allowance: z.boolean().optional(),
      accounts: z.array(calendarAccountSchema),
      summary: z
        .object({
          opening: z.number().nullable(),
          closing: z.number().nullable(),
          lowest: z.object({ date: z.string(), closing: z.number() }).nullable(),
          low_days: z.number(),
          negative_days: z.number(),
          planned_in: z.number(),
          planned_out: z.number(),
          allowance: z.number().optional(),
        })
        .loose(),
      days: z.array(calendarDaySchema),
    })
    .loose(),
);
export type MoneyCalendar = z.infer<typeof calendarSchema>;

/** A view as the picker holds it: 'cash', 'net_worth' or an account id (as /money-plan/settings stores it). */
export type ViewKey = string;
export const isKindView = (view: ViewKey): view is 'cash' | 'net_worth' =>
  view === 'cash' || view === 'net_worth';
/** The request fields that name a view. */
export const viewParams = (view: ViewKey): { view: 'cash' | 'net_worth' } | { accountId: string } =>
  isKindView(view) ? { view } : { accountId: view };

export interface CalendarQuery {
  month: string;
  view: ViewKey;
}

export const calendarQueryOptions = (profileId: string, query: CalendarQuery) =>
  queryOptions({
    queryKey: [cacheAreas.transactionsCalendar, profileId, query] as const,
    queryFn: async ({ signal }) =>
      calendarSchema.parse(
        await invokeFunction(
          'get-money-plan-calendar',
          { month: query.month, ...viewParams(query.view) },
          { profileId, signal },
        ),
      ),
    staleTime: 30_000,
  });

export const runningBalanceRowSchema = z.lazy(() =>
  z
    .object({
      balance_date: z.string(),
      closing_balance: z.number(),
      is_forecast: z.boolean(),
      /** The likely range (p10–p90) of the closing balance; older servers send none. */
      closing_low: z.number().optional(),
      closing_high: z.number().optional(),
    })
    .loose(),
);
export type RunningBalanceRow = z.infer<typeof runningBalanceRowSchema>;

const runningBalancesSchema = z.lazy(() =>
  z
    .object({
      stale: z.boolean(),
      include_allowance: z.boolean().optional(),
      balance_convention: z.enum(['held', 'owed', 'net']).optional(),
      rows: z.array(runningBalanceRowSchema),
    })
    .loose(),
);

/** spec §9: the default forecast view is 90 days. */
export const DEFAULT_FORECAST_DAYS = 90;

export const runningBalancesQueryOptions = (profileId: string, view: ViewKey, days: number) =>
  queryOptions({
    queryKey: [cacheAreas.runningBalances, profileId, { view, days }] as const,
    queryFn: async ({ signal }) =>
      runningBalancesSchema.parse(
        await api.get<unknown>('/running-balances', {
          profileId,
          signal,
          query: { days, ...viewParams(view) },
        }),
      ),
    staleTime: 30_000,
  });

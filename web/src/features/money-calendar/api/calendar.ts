// POST /functions/get-money-plan-calendar {month} and GET /running-balances (docs/money-plan-api.md).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import { planItemSchema } from '../../../lib/money-plan-api.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

// Every schema here is built at its first parse (z.lazy), not when the calendar's code is evaluated:
// constructing them made part of one long task of a cold start (docs/web.md).
const balancePairSchema = z.lazy(() => z.object({ opening: z.number(), closing: z.number() }));

export const calendarTransactionSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    account_id: z.string(),
    date: z.string(),
    name: z.string(),
    merchant_name: z.nullish(z.string()),
    /** The payee as a person reads it; older servers send none (then merchant_name or name). */
    display_name: z.optional(z.string()),
    amount: z.number(),
    pending: z.optional(z.boolean()),
    classification: z.optional(z.looseObject({ normalizedAmount: z.number() })),
  }),
);
export type CalendarTransaction = z.infer<typeof calendarTransactionSchema>;

export const calendarDaySchema = z.lazy(() =>
  z.looseObject({
    date: z.string(),
    is_today: z.boolean(),
    is_forecast: z.boolean(),
    transactions: z.array(calendarTransactionSchema),
    planned: z.array(planItemSchema),
    balances: z.looseObject({
      total: z.nullable(balancePairSchema),
      accounts: z.optional(z.array(z.looseObject({ account_id: z.string() }))),
    }),
    flags: z.nullish(
      z.looseObject({ is_low: z.boolean(), is_negative: z.boolean(), is_lowest: z.boolean() }),
    ),
  }),
);
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarAccountSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    account_name: z.string(),
    institution_name: z.nullish(z.string()),
    account_type: z.optional(z.string()),
    mask: z.nullish(z.string()),
    account_subtype: z.nullish(z.string()),
    /** An account the person keeps by hand (no bank connection). */
    is_manual: z.optional(z.boolean()),
    in_view: z.optional(z.boolean()),
  }),
);
export type CalendarAccount = z.infer<typeof calendarAccountSchema>;

export const calendarSchema = z.lazy(() =>
  z.looseObject({
    month: z.string(),
    today: z.string(),
    account_id: z.nullable(z.string()),
    /** Which money the month shows, how its balances read, and whether low days are marked. */
    view: z.optional(z.enum(['cash', 'net_worth', 'account'])),
    balance_convention: z.optional(z.enum(['held', 'owed', 'net'])),
    marks_low_days: z.optional(z.boolean()),
    stale: z.optional(z.boolean()),
    low_balance_threshold: z.optional(z.number()),
    include_allowance: z.optional(z.boolean()),
    /** The day the profile's plan began (its first generation): spending compares with the plan from then. */
    plan_started_on: z.optional(z.nullable(z.string())),
    accounts: z.array(calendarAccountSchema),
    summary: z.looseObject({
      opening: z.nullable(z.number()),
      closing: z.nullable(z.number()),
      lowest: z.nullable(z.object({ date: z.string(), closing: z.number() })),
      low_days: z.number(),
      negative_days: z.number(),
      planned_in: z.number(),
      planned_out: z.number(),
      allowance: z.optional(z.number()),
    }),
    days: z.array(calendarDaySchema),
  }),
);
export type MoneyCalendar = z.infer<typeof calendarSchema>;

/** A view as the picker holds it: 'cash', 'net_worth' or an account id (as /money-plan/settings stores it). */
export type ViewKey = string;
export const isKindView = (view: ViewKey): view is 'cash' | 'net_worth' =>
  view === 'cash' || view === 'net_worth';
/** The request fields that name a view. */
export const viewParams = (view: ViewKey): { view: 'cash' | 'net_worth' } | { accountId: string } =>
  isKindView(view) ? { view } : { accountId: view };

/** The view spending by category reads: every account, so a card's purchases count once and its
 * payment from checking is a transfer. */
export const SPENDING_VIEW: ViewKey = 'net_worth';

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
  z.looseObject({
    balance_date: z.string(),
    closing_balance: z.number(),
    is_forecast: z.boolean(),
    /** The likely range (p10–p90) of the closing balance; older servers send none. */
    closing_low: z.optional(z.number()),
    closing_high: z.optional(z.number()),
  }),
);
export type RunningBalanceRow = z.infer<typeof runningBalanceRowSchema>;

const runningBalancesSchema = z.lazy(() =>
  z.looseObject({
    stale: z.boolean(),
    include_allowance: z.optional(z.boolean()),
    balance_convention: z.optional(z.enum(['held', 'owed', 'net'])),
    rows: z.array(runningBalanceRowSchema),
  }),
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

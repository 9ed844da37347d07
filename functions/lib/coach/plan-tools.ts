// The coach's plan tools: what the Money Plan holds ahead (bills, income, subscriptions), the
// profile's accounts with their reported balances, and a draft planned item (which writes nothing).
import { z } from 'zod';
import { type Cents } from '../../../domain/money/cents.ts';
import { computeTotals } from '../../../domain/money/account-totals.ts';
import { isBill } from '../../../domain/money/bills.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { isLiability, type AccountType } from '../../../domain/money/forecast.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { publicStream, type PublicStream } from '../money/plan.ts';
import { activeAccounts, planItemsBetween, profileSeries, todayOf } from '../money/store.ts';
import { day, envelope, MAX_QUESTION_CENTS, type ToolContext } from './tool-context.ts';

interface PlannedRow {
  date: string;
  description: string;
  amount: Cents;
  account_id: string | null;
  kind: string;
  /** The stored category: its Plaid detailed code, else its primary (what a bill "for the phone" is). */
  category: string | null;
  item_id: string;
}

/** Open planned items in the next `days`, kept by `keep` (told whether the item is a bill: cash going
 * out, domain/money/bills.ts). */
async function plannedBetween(
  tc: ToolContext,
  days: number,
  keep: (row: PlannedRow, bill: boolean) => boolean,
) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const [items, series, accounts] = await Promise.all([
    planItemsBetween(data, tc.profileId, today, addDays(today, days)),
    profileSeries(data, tc.profileId),
    activeAccounts(data, tc.profileId),
  ]);
  const kindOf = new Map(series.map((s) => [s.series_id, s.kind as string]));
  const typeOf = new Map(accounts.map((a) => [a.id, a.account_type as AccountType]));
  const row = (i: (typeof items)[number], kind: string | null): PlannedRow => ({
    date: i.due_date,
    description: i.description,
    amount: i.amount,
    account_id: i.account_id ?? null,
    kind: kind ?? (i.amount >= 0 ? 'income' : 'bill'),
    category: i.category_detailed ?? i.category_primary ?? null,
    item_id: i.id,
  });
  const rows: PlannedRow[] = items
    .filter((i) => !i.is_user_deleted && !i.is_reconciled)
    // The card or loan side of a payment is the same money as its cash side: listed once.
    .filter((i) => !(i.account_id && isLiability(typeOf.get(i.account_id) ?? 'depository') && i.amount > 0))
    .filter((i) => {
      const kind = (i.series_id && kindOf.get(i.series_id)) || null;
      const type = i.account_id ? (typeOf.get(i.account_id) ?? null) : null;
      return keep(row(i, kind), isBill(i, type, kind));
    })
    .map((i) => row(i, (i.series_id && kindOf.get(i.series_id)) || null))
    .sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
  return { today, rows };
}

export const upcomingBillsInput = z
  .object({ within_days: z.number().int().min(1).max(60).default(30) })
  .strict();

export async function upcomingBills(tc: ToolContext, input: z.infer<typeof upcomingBillsInput>) {
  const { today, rows } = await plannedBetween(tc, input.within_days, (_, bill) => bill);
  return {
    ...envelope(today, false),
    within_days: input.within_days,
    to: addDays(today, input.within_days),
    count: rows.length,
    total: rows.reduce((s, r) => s + -r.amount, 0),
    bills: rows.slice(0, 50).map((r) => ({ ...r, amount: -r.amount })),
  };
}

export const incomeScheduleInput = z
  .object({ within_days: z.number().int().min(1).max(120).default(60) })
  .strict();

export async function incomeSchedule(tc: ToolContext, input: z.infer<typeof incomeScheduleInput>) {
  const { today, rows } = await plannedBetween(
    tc,
    input.within_days,
    (r) => r.amount > 0 && r.kind === 'income',
  );
  return {
    ...envelope(today, false, rows.length === 0 ? ['No income is planned in this window.'] : []),
    within_days: input.within_days,
    next: rows[0] ?? null,
    count: rows.length,
    total: rows.reduce((s, r) => s + r.amount, 0),
    payments: rows.slice(0, 30),
  };
}

export const listSubscriptionsInput = z.object({}).strict();

export async function listSubscriptions(tc: ToolContext) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const streams = (await profileSeries(data, tc.profileId)).map((s) => publicStream(s, today));
  const subs = streams.filter((s) => s.kind === 'subscription' && !s.is_suppressed && s.status !== 'gone');
  const flagsOf = (s: PublicStream) => {
    const flags: string[] = [];
    const median = s.amount_range?.median;
    if (median && Math.abs(s.amount) > median * 1.01) flags.push('price_rise');
    if (s.first_date && s.first_date >= addDays(today, -90)) flags.push('new');
    if (s.status === 'ended') flags.push('overdue');
    return flags;
  };
  const rows = subs
    .map((s) => ({
      name: s.description,
      amount: Math.abs(s.amount),
      monthly_amount: Math.abs(s.monthly_amount),
      cadence: s.cadence,
      next_date: s.next_date,
      previous_amount: s.amount_range?.median ?? null,
      flags: flagsOf(s),
      series_id: s.series_id,
    }))
    .sort((a, b) => b.monthly_amount - a.monthly_amount);
  const active = rows.filter((r) => !r.flags.includes('overdue'));
  return {
    ...envelope(today, false),
    count: active.length,
    monthly_total: active.reduce((s, r) => s + r.monthly_amount, 0),
    subscriptions: rows,
  };
}

export const getAccountsInput = z.object({}).strict();

/** The profile's accounts with their balances as the banks last reported them, and what they add up
 * to, as /accounts shows them: cash, card and loan balances owed, investments, net worth. */
export async function getAccounts(tc: ToolContext) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const accounts = await activeAccounts(data, tc.profileId);
  const totals = computeTotals(accounts);
  return {
    ...envelope(today, false),
    accounts: accounts
      .map((a) => ({
        name: a.account_name,
        mask: a.mask ?? null,
        institution: a.institution_name ?? null,
        type: a.account_type,
        subtype: a.account_subtype ?? null,
        /** Cents; held for cash and investments, owed for cards and loans (as Plaid reports them). */
        balance: a.current_balance ?? null,
        reads_as: isLiability(a.account_type as AccountType) ? ('owed' as const) : ('held' as const),
        /** Kept by hand (no bank connection): its balance is the one the person last entered. */
        manual: a.is_manual ?? false,
      }))
      .sort((a, b) => Math.abs(b.balance ?? 0) - Math.abs(a.balance ?? 0)),
    totals: {
      cash: totals.cash,
      investments: totals.investments,
      other: totals.other,
      credit_owed: totals.credit,
      loans_owed: totals.loans,
      owed: totals.credit + totals.loans,
      net_worth: totals.netWorth,
    },
  };
}
export const proposePlannedItemInput = z
  .object({
    description: z.string().trim().min(1).max(120),
    /** Cash flow in cents: negative for money out, positive for money in. */
    amount: z
      .number()
      .int('must be whole cents')
      .refine((v) => v !== 0, 'must not be zero')
      .refine((v) => Math.abs(v) <= MAX_QUESTION_CENTS, 'is too large'),
    date: day,
    repeat: z.enum(['weekly', 'monthly']).optional(),
  })
  .strict();

/**
 * The coach's only write-shaped tool, and it writes nothing: a draft planned item the person adds
 * themselves in the app (POST /money-plan/items, where the server checks they may edit the plan).
 */
export async function proposePlannedItem(tc: ToolContext, input: z.infer<typeof proposePlannedItemInput>) {
  const today = todayOf(tc.money.deps.clock);
  if (input.date < today) throw new ValidationError([{ field: 'date', message: 'is in the past' }]);
  if (input.date > addDays(today, PLAN_HORIZON_DAYS))
    throw new ValidationError([{ field: 'date', message: `is more than ${PLAN_HORIZON_DAYS} days ahead` }]);
  const canAdd = tc.role === 'owner' || tc.role === 'editor';
  return {
    ...envelope(today, false, canAdd ? [] : ['Only the owner or an editor of this profile can add it.']),
    draft: {
      description: input.description,
      amount: input.amount,
      due_date: input.date,
      account_id: null,
      recurrence: input.repeat ? { cadence: input.repeat } : null,
    },
    can_add: canAdd,
  };
}

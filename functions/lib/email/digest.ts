// The weekly digest's and monthly report's figures: a person's own numbers, read
// through the same calendar the Money Calendar shows (moneyPlanCalendar, cash view, the member's own
// allowance switch), so every figure in the mail equals what the calendar API answers for those days.
//   - spending this week: the last 7 days through today, the calendar's posted spending (actual_out);
//   - the 4-week average: the 28 days before that, divided by 4;
//   - bills: open planned outflows due today through today + 13 days that are cash going out (not a
//     transfer or a card payment: domain/money/bills.ts);
//   - the projected low: the lowest closing cash balance today through today + 30 days (first if tied);
//   - banks needing re-login: the owner's linked banks whose status is login_required.
import { isBill } from '../../../domain/money/bills.ts';
import { addDays } from '../../../domain/money/dates.ts';
import type { Cents } from '../../../domain/money/cents.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { moneyPlanCalendar, type CalendarDay } from '../money/calendar.ts';
import { todayOf } from '../money/store.ts';
import { viewSettingsOf } from '../money/view-settings.ts';

export const DIGEST_BILL_DAYS = 14;
export const DIGEST_LOW_DAYS = 30;

export interface LowPoint {
  readonly date: string;
  readonly amount: Cents;
}

export interface Bill {
  readonly date: string;
  readonly description: string;
  /** Positive: what the bill takes. */
  readonly amount: Cents;
}

export interface WeeklyDigestFigures {
  readonly profile_id: string;
  readonly today: string;
  /** Positive cents spent in the 7 days through today. */
  readonly spending_this_week: Cents;
  /** Positive cents: the 28 days before this week, per week. */
  readonly average_weekly_spending: Cents;
  readonly bills: readonly Bill[];
  readonly bills_total: Cents;
  readonly projected_low: LowPoint | null;
  readonly banks_needing_relogin: readonly string[];
}

export interface MonthlyReportFigures {
  readonly profile_id: string;
  /** The month reported on (YYYY-MM): the one before today's. */
  readonly month: string;
  readonly income: Cents;
  /** Positive cents spent. */
  readonly spending: Cents;
  readonly projected_low: LowPoint | null;
  readonly banks_needing_relogin: readonly string[];
}

/** The person's own (default) financial profile: `default-<owner id>` (docs/decisions.md). */
export const defaultProfileIdOf = (userId: string) => `default-${userId}`;

async function calendarDays(
  deps: Deps,
  data: Data,
  profileId: string,
  userId: string,
  from: string,
  to: string,
): Promise<Map<string, CalendarDay>> {
  const settings = await viewSettingsOf(data, profileId, userId);
  const months = new Set<string>();
  for (let day = from; day <= to; day = addDays(day, 1)) months.add(day.slice(0, 7));
  const out = new Map<string, CalendarDay>();
  for (const month of [...months].sort()) {
    const calendar = await moneyPlanCalendar({ deps, data }, profileId, {
      month,
      lowBalanceThreshold: settings.low_balance_threshold,
      view: { view: 'cash', accountId: null },
      rememberedView: null,
      includeAllowance: settings.include_allowance,
    });
    for (const day of calendar.days) out.set(day.date, day);
  }
  return out;
}

const spendingBetween = (days: Map<string, CalendarDay>, from: string, to: string): Cents => {
  let total = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) total += -(days.get(day)?.totals.actual_out ?? 0);
  return total;
};

function lowBetween(days: Map<string, CalendarDay>, from: string, to: string): LowPoint | null {
  let low: LowPoint | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const closing = days.get(day)?.balances.total?.closing;
    if (closing === undefined) continue;
    if (!low || closing < low.amount) low = { date: day, amount: closing };
  }
  return low;
}

export async function banksNeedingRelogin(data: Data, userId: string): Promise<string[]> {
  const { data: items } = await data.plaidItems.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return items
    .filter((item) => item.status === 'login_required')
    .map((item) => item.institution_name ?? 'Your bank')
    .sort();
}

async function hasProfile(data: Data, profileId: string): Promise<boolean> {
  const { data: profile } = await data.financialProfiles.get({ id: profileId }).go();
  return Boolean(profile && !profile.is_archived);
}

/** The weekly digest's figures for the person's own profile; null while they have none. */
export async function weeklyDigestFigures(
  deps: Deps,
  data: Data,
  userId: string,
): Promise<WeeklyDigestFigures | null> {
  const profileId = defaultProfileIdOf(userId);
  if (!(await hasProfile(data, profileId))) return null;
  const today = todayOf(deps.clock);
  const weekStart = addDays(today, -6);
  const averageFrom = addDays(today, -34);
  const days = await calendarDays(
    deps,
    data,
    profileId,
    userId,
    averageFrom,
    addDays(today, DIGEST_LOW_DAYS),
  );
  const bills: Bill[] = [];
  for (let day = today; day <= addDays(today, DIGEST_BILL_DAYS - 1); day = addDays(day, 1))
    for (const item of days.get(day)?.planned ?? [])
      // A bill is cash going out (domain/money/bills.ts): the cash view holds no card or loan account.
      if (!item.is_reconciled && isBill(item, null))
        bills.push({ date: item.due_date, description: item.description, amount: -item.amount });
  return {
    profile_id: profileId,
    today,
    spending_this_week: spendingBetween(days, weekStart, today),
    average_weekly_spending: Math.round(spendingBetween(days, averageFrom, addDays(weekStart, -1)) / 4),
    bills,
    bills_total: bills.reduce((sum, b) => sum + b.amount, 0),
    projected_low: lowBetween(days, today, addDays(today, DIGEST_LOW_DAYS)),
    banks_needing_relogin: await banksNeedingRelogin(data, userId),
  };
}

/** The monthly report's figures (last month's income and spending, the next 30 days' low). */
export async function monthlyReportFigures(
  deps: Deps,
  data: Data,
  userId: string,
): Promise<MonthlyReportFigures | null> {
  const profileId = defaultProfileIdOf(userId);
  if (!(await hasProfile(data, profileId))) return null;
  const today = todayOf(deps.clock);
  const lastOfPrevious = addDays(`${today.slice(0, 7)}-01`, -1);
  const firstOfPrevious = `${lastOfPrevious.slice(0, 7)}-01`;
  const [past, ahead] = await Promise.all([
    calendarDays(deps, data, profileId, userId, firstOfPrevious, lastOfPrevious),
    calendarDays(deps, data, profileId, userId, today, addDays(today, DIGEST_LOW_DAYS)),
  ]);
  let income = 0;
  for (const day of past.values()) income += day.totals.actual_in;
  return {
    profile_id: profileId,
    month: firstOfPrevious.slice(0, 7),
    income,
    spending: spendingBetween(past, firstOfPrevious, lastOfPrevious),
    projected_low: lowBetween(ahead, today, addDays(today, DIGEST_LOW_DAYS)),
    banks_needing_relogin: await banksNeedingRelogin(data, userId),
  };
}

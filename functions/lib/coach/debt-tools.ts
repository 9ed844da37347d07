// The coach's debt tool: each card and loan with what is owed, its scheduled payment (the bank's
// statement data, /liabilities/get, as sync keeps it), the next payment and interest the plan holds for
// it, and when the forecast sees it paid off at that payment with no new charges (the account's own
// forecast line, in its owed convention, without the everyday-spending allowance).
import { z } from 'zod';
import { addDays } from '../../../domain/money/dates.ts';
import { isLiability, type AccountType } from '../../../domain/money/forecast.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { freshForecast, storedDays } from '../money/forecast-store.ts';
import { activeAccounts, planItemsBetween, todayOf } from '../money/store.ts';
import { envelope, type ToolContext } from './tool-context.ts';

export const getDebtsInput = z.object({}).strict();

export async function getDebts(tc: ToolContext) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const end = addDays(today, PLAN_HORIZON_DAYS);
  const accounts = (await activeAccounts(data, tc.profileId)).filter((a) =>
    isLiability(a.account_type as AccountType),
  );
  const [{ header, stale }, items] = await Promise.all([
    freshForecast(tc.money, tc.profileId),
    planItemsBetween(data, tc.profileId, today, end),
  ]);
  const open = items.filter((i) => !i.is_user_deleted && !i.is_reconciled);
  const debts = await Promise.all(
    accounts.map(async (a) => {
      const rows = header.accounts[a.id] ? await storedDays(data, header, a.id, today, end) : [];
      const own = open
        .filter((i) => i.account_id === a.id)
        .sort((x, y) => x.due_date.localeCompare(y.due_date));
      // On a card or loan, a payment arrives as money in; what accrues on it (interest) as money out.
      const payment = own.find((i) => i.amount > 0);
      const interest = own.find((i) => i.amount < 0 && /interest/i.test(i.description));
      const paidOff = rows.find((r) => r.closing_balance <= 0);
      const l = a.liability;
      return {
        account_id: a.id,
        name: a.account_name,
        mask: a.mask ?? null,
        type: a.account_type,
        subtype: a.account_subtype ?? null,
        /** Cents owed, as the bank last reported it. */
        owed: a.current_balance ?? null,
        /** The scheduled payment from the statement data (a loan's payment, or a card's minimum). */
        scheduled_payment: l?.next_payment_amount ?? l?.minimum_payment ?? null,
        minimum_payment: l?.minimum_payment ?? null,
        statement_balance: l?.statement_balance ?? null,
        due_date: l?.next_payment_due_date ?? null,
        interest_rate_percent: l?.interest_rate ?? null,
        /** The next payment the plan holds for it. */
        next_payment: payment ? { date: payment.due_date, amount: payment.amount } : null,
        /** The next interest the plan accrues on it. */
        next_interest: interest ? { date: interest.due_date, amount: -interest.amount } : null,
        /** The first day the forecast sees nothing owed, at the planned payments and no new charges;
         * null when that is past the forecast's end. */
        paid_off_on: paidOff?.balance_date ?? null,
        forecast_end: rows.at(-1)?.balance_date ?? null,
        owed_at_forecast_end: rows.at(-1)?.closing_balance ?? null,
      };
    }),
  );
  return {
    ...envelope(today, stale),
    debts: debts.sort((x, y) => (y.owed ?? 0) - (x.owed ?? 0)),
  };
}

// A balance history for the account detail chart, walked back from today's balance through the posted
// transactions (the forecast's running balances are another issue's screen). Amounts use Plaid's sign
// (positive = money out): money out lowers a cash account's balance and raises what is owed on a card
// or a loan. Pending transactions are not in the current balance, so they are left out.
import { addDays, format, parseISO } from 'date-fns';
import type { AccountType } from '../../../lib/accounts-api.ts';
import { isLiability } from './totals.ts';

export interface BalancePoint {
  date: string;
  balance: number;
}

export function balanceHistory(input: {
  currentCents: number;
  accountType: AccountType;
  transactions: ReadonlyArray<{ date: string; amount: number; pending: boolean }>;
  today: string;
  days: number;
}): BalancePoint[] {
  const effectOf = (amount: number) => (isLiability(input.accountType) ? amount : -amount);
  const byDay = new Map<string, number>();
  for (const t of input.transactions) {
    if (t.pending) continue;
    byDay.set(t.date, (byDay.get(t.date) ?? 0) + effectOf(t.amount));
  }
  // Anything dated after today (a bank's future-dated posting) is already in the balance.
  let balance = input.currentCents;
  for (const [date, effect] of byDay) if (date > input.today) balance -= effect;

  const points: BalancePoint[] = [];
  const today = parseISO(input.today);
  for (let back = 0; back < input.days; back += 1) {
    const date = format(addDays(today, -back), 'yyyy-MM-dd');
    points.push({ date, balance });
    balance -= byDay.get(date) ?? 0;
  }
  return points.reverse();
}

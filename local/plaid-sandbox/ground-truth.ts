// What the generator knows and Plaid would never say: which transactions belong to which recurring
// series, on what cadence and for how much. The money engine's tests score recurring detection
// against it (`sandbox.groundTruth(accessToken)` or POST /sandbox/ground_truth).
import type { RecurringTransactionFrequency } from 'plaid';
import { isoDay } from './days.ts';
import { dollars } from './shapes.ts';
import type { SandboxItem } from './state.ts';

export interface GroundTruthSeries {
  series_id: string;
  account_id: string;
  /** The transactions' `name`. */
  description: string;
  merchant_name: string | null;
  frequency: RecurringTransactionFrequency;
  /** Plaid sign: inflow series have negative amounts. */
  direction: 'inflow' | 'outflow';
  /** The most recent occurrence's posted amount (subscriptions raise prices, salaries rise). */
  expected_amount: number;
  average_amount: number;
  /** Utilities, card payments and interest vary every time. */
  amount_varies: boolean;
  personal_finance_category: { primary: string; detailed: string };
  first_date: string;
  last_date: string;
  /** The next scheduled date after the sandbox's today, or null for a series that has ended. */
  predicted_next_date: string | null;
  /** False for a cancelled subscription. */
  is_active: boolean;
  /** Every visible transaction of the series (posted, or pending if not yet posted), oldest first. */
  transaction_ids: string[];
}

export interface GroundTruth {
  item_id: string;
  today: string;
  series: GroundTruthSeries[];
  /** Visible transactions that belong to no series. */
  non_recurring_transaction_ids: string[];
}

export function groundTruth(item: SandboxItem, today: number): GroundTruth {
  const selected = new Set(item.accounts.map((account) => account.key));
  const bySeries = new Map<string, ReturnType<SandboxItem['ledger']['transactions']>>();
  const nonRecurring: string[] = [];
  for (const transaction of item.ledger.transactions()) {
    if (!selected.has(transaction.generated.accountKey)) continue;
    const seriesId = transaction.generated.seriesId;
    if (seriesId === null) {
      nonRecurring.push(transaction.id);
      continue;
    }
    const members = bySeries.get(seriesId) ?? [];
    members.push(transaction);
    bySeries.set(seriesId, members);
  }
  const series: GroundTruthSeries[] = [];
  for (const info of item.ledger.generated.series) {
    const transactions = bySeries.get(info.id);
    const last = transactions?.at(-1);
    const first = transactions?.[0];
    if (!transactions || !first || !last) continue;
    const amounts = transactions.map((t) => t.generated.amount);
    const isActive = info.until === null || info.until >= today;
    const next = isActive ? info.nextAfter(today) : null;
    series.push({
      series_id: info.id,
      account_id: item.accountId(info.accountKey),
      description: info.name,
      merchant_name: info.merchantName,
      frequency: info.frequency,
      direction: last.generated.amount < 0 ? 'inflow' : 'outflow',
      expected_amount: dollars(last.generated.amount),
      average_amount: dollars(amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length),
      amount_varies: info.amountVaries,
      personal_finance_category: { primary: info.category.primary, detailed: info.category.detailed },
      first_date: isoDay(first.generated.day),
      last_date: isoDay(last.generated.day),
      predicted_next_date: next === null ? null : isoDay(next),
      is_active: isActive,
      transaction_ids: transactions.map((t) => t.id),
    });
  }
  return {
    item_id: item.record.item_id,
    today: isoDay(today),
    series,
    non_recurring_transaction_ids: nonRecurring,
  };
}

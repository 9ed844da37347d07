// Reconciliation on the server (spec §4 bank sync with reconciliation, §5 only open
// items count): posted transactions matched one to one with open planned items are marked reconciled
// with the reasons shown to the user; a match the user undoes is remembered as rejected and never made
// again. Runs after plan generation, after plan writes and when transactions change.
import { addDays } from '../../../domain/money/dates.ts';
import { heldTransactionIds, reconcile, unmatch, type SeriesHint } from '../../../domain/money/reconcile.ts';
import type { RecurringStream } from '../../../domain/money/recurring.ts';
import type { Cadence } from '../../../domain/money/schedule.ts';
import {
  activeAccounts,
  inParallel,
  isConditionFailure,
  planItemsBetween,
  profileSeries,
  through,
  todayOf,
  toHistory,
  toPlanItem,
  type MoneyContext,
  type StoredPlanItem,
} from './store.ts';

/**
 * The window reconciliation looks at. A transaction posts at most a week from its item's due date
 * (domain/money/reconcile.ts: 7 days for yearly series), so items due from 45 days ago (still open, or
 * reconciled with a transaction that must not be taken twice) through next week, and transactions of
 * the last 52 days, cover every match a run can make.
 */
const ITEMS_BACK_DAYS = 45;
const ITEMS_AHEAD_DAYS = 8;
const TRANSACTIONS_BACK_DAYS = 52;

export async function reconcileProfile(
  ctx: MoneyContext,
  profileId: string,
): Promise<{ matched: number; match_ids: string[] }> {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  const [items, accounts, series, rejections] = await Promise.all([
    planItemsBetween(data, profileId, addDays(today, -ITEMS_BACK_DAYS), addDays(today, ITEMS_AHEAD_DAYS)),
    activeAccounts(data, profileId),
    profileSeries(data, profileId),
    data.reconciliationRejections.query.byProfile({ profile_id: profileId }).go({ pages: 'all' }),
  ]);
  if (items.length === 0 || accounts.length === 0) return { matched: 0, match_ids: [] };
  const accountIds = new Set(accounts.map((a) => a.id));
  const { data: recent } = await data.transactions.query
    .byProfileDate({ profile_id: profileId })
    .between({ date: addDays(today, -TRANSACTIONS_BACK_DAYS) }, { date: through(today) })
    .go({ pages: 'all' });
  const transactions = recent.filter((t) => accountIds.has(t.account_id)).map(toHistory);
  const hints = new Map<string, SeriesHint>();
  for (const s of series) {
    const stream = s.stream as Pick<RecurringStream, 'amount' | 'merchant_key'> | undefined;
    if (s.source !== 'detected' || !stream) continue;
    hints.set(s.series_id, {
      cadence: s.cadence as Cadence,
      amount: { mad: stream.amount.mad, variable: stream.amount.variable },
      merchant_key: stream.merchant_key,
    });
  }
  const matches = reconcile(items.map(toPlanItem), transactions, {
    series: hints,
    rejected: rejections.data.map((r) => ({ planned_id: r.planned_id, transaction_id: r.transaction_id })),
  });
  const reconciledAt = deps.clock().toISOString();
  const made: string[] = [];
  await inParallel(matches, 8, async (match) => {
    try {
      await data.moneyPlanTransactions
        .patch({ id: match.planned_id })
        .set({
          is_reconciled: true,
          reconciled_transaction_id: match.transaction_id,
          reconciliation_reasons: [...match.reasons],
          reconciled_at: reconciledAt,
        })
        .where((a, op) => `${op.eq(a.is_reconciled, false)} AND ${op.eq(a.is_user_deleted, false)}`)
        .go();
      made.push(match.planned_id);
    } catch (error) {
      // The item changed meanwhile (deleted or matched by a concurrent run): leave it.
      if (!isConditionFailure(error)) throw error;
    }
  });
  if (made.length > 0) deps.logger.info('reconciled', { profileId, matched: made.length });
  return { matched: made.length, match_ids: made.sort() };
}

/**
 * Undoes a match: reopens the item (it counts toward the forecast again) and records the pair as
 * rejected so no later run proposes it again. Unmatching an open item changes nothing.
 */
export async function unreconcileItem(
  ctx: MoneyContext,
  item: StoredPlanItem,
  userId: string,
): Promise<{ changed: boolean }> {
  if (!item.is_reconciled) return { changed: false };
  const { rejected } = unmatch({
    id: item.id,
    reconciled_transaction_id: item.reconciled_transaction_id ?? null,
  });
  if (rejected) {
    await ctx.data.reconciliationRejections
      .put({
        profile_id: item.profile_id,
        planned_id: rejected.planned_id,
        transaction_id: rejected.transaction_id,
        rejected_by: userId,
      })
      .go();
  }
  await reopen(ctx, item.id);
  return { changed: true };
}

/** Clears an item's match: it is open again and counts toward the forecast. */
async function reopen(ctx: MoneyContext, itemId: string): Promise<void> {
  await ctx.data.moneyPlanTransactions
    .patch({ id: itemId })
    .set({ is_reconciled: false })
    .remove(['reconciled_transaction_id', 'reconciliation_reasons', 'reconciled_at'])
    .go();
}

/** How far from each other two items that could hold one transaction are due (twice the widest match). */
const HOLDERS_APART_DAYS = 14;

/**
 * Restoring deleted items (undo): a deleted item let go of its transaction, which another item may have
 * taken since (domain/money/reconcile.ts `heldTransactionIds`). A transaction settles one item, so a
 * restored item whose transaction is held elsewhere comes back open; the others keep their match.
 * Returns the ids reopened.
 */
export async function reopenRestoredWithTakenMatch(
  ctx: MoneyContext,
  profileId: string,
  restored: readonly StoredPlanItem[],
): Promise<string[]> {
  const matched = restored.filter((item) => item.is_reconciled && item.reconciled_transaction_id);
  if (matched.length === 0) return [];
  const days = matched.map((item) => item.due_date).sort();
  const nearby = await planItemsBetween(
    ctx.data,
    profileId,
    addDays(days[0] ?? '', -HOLDERS_APART_DAYS),
    addDays(days[days.length - 1] ?? '', HOLDERS_APART_DAYS),
  );
  const restoredIds = new Set(restored.map((item) => item.id));
  const held = heldTransactionIds(nearby.filter((item) => !restoredIds.has(item.id)).map(toPlanItem));
  const taken = matched.filter((item) => held.has(item.reconciled_transaction_id ?? ''));
  await inParallel(taken, 8, (item) => reopen(ctx, item.id));
  return taken.map((item) => item.id);
}

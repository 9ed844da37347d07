// Building a profile's 730-day forecast from its accounts, history and plan, and storing only the months
// and views whose content changed (content hashes).
import { dueShard } from '../../../events/queues.ts';
import { randomUUID } from 'node:crypto';
import { estimateAllowance, NO_ALLOWANCE, type Allowance } from '../../../domain/money/allowance.ts';
import { paysCardFromStatements, statementTerms } from '../../../domain/money/statements.ts';
import type { Cents } from '../../../domain/money/cents.ts';
import { addDays } from '../../../domain/money/dates.ts';
import {
  forecastAccount,
  forecastTotal,
  splitIntoMonths,
  isCashAccount,
  type ForecastAccount,
} from '../../../domain/money/forecast.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { heldTransactionIds } from '../../../domain/money/reconcile.ts';
import type { HistoryTransaction } from '../../../domain/money/recurring.ts';
import { contentHash, hashAt, hashedMonths, joinHashes } from './item-hashes.ts';
import {
  buildMonthViews,
  deleteMonthViewsOf,
  putMonthViews,
  viewsStart,
  type PackedMonth,
  type ViewHashes,
} from './month-views.ts';
import {
  accountHistory,
  activeAccounts,
  batchUntilDone,
  isConditionFailure,
  planItemsBetween,
  profileSeries,
  todayOf,
  toPlanItem,
  type MoneyContext,
} from './store.ts';
import type { AccountForecastState, ForecastInputs, StoredBalanceDay } from './forecast-header.ts';
import { cashKey, historyFrom, nextDue, readHeader, totalKey } from './forecast-header.ts';
import { monthEndBalances, monthRange, packMonth, withAllowanceSeries } from './forecast-months.ts';

export interface GenerationResult {
  readonly generation_id: string;
  readonly generated_at: string;
  readonly forecast_today: string;
  readonly accounts: number;
  /** Running-balance months written: those whose content changed (one per storage key per month). */
  readonly items_written: number;
  /** Running-balance months deleted: those the new generation no longer holds. */
  readonly items_deleted: number;
  /** Month views written (changed) and deleted (out of the views' months). */
  readonly views_written: number;
  readonly views_deleted: number;
  /** Months the generation holds per account (the totals excluded), for `npm run bench`. */
  readonly items_per_account: number;
}

/** Whether a generation changed anything a reader sees (else no ForecastUpdated goes out). */
export const changedAnything = (r: GenerationResult) =>
  r.items_written + r.items_deleted + r.views_written + r.views_deleted > 0;

export async function buildAndStore(
  ctx: MoneyContext,
  profileId: string,
  owner: string,
  inputs?: ForecastInputs,
): Promise<GenerationResult> {
  const { data, deps } = ctx;
  const header = await readHeader(data, profileId);
  const version = header?.inputs_version ?? 0;
  // Readers and triggers of this version or older wait for this build instead of asking for a rerun.
  await data.profileForecasts
    .patch({ profile_id: profileId })
    .set({ building_version: version, items_unsettled: true })
    .where((a, op) => op.eq(a.lock_owner, owner))
    .go()
    .catch((error: unknown) => {
      // Lost the lease already: the final write below is refused the same way.
      if (!isConditionFailure(error)) throw error;
    });
  const today = todayOf(deps.clock);
  const generationId = randomUUID();
  const [accounts, profile, series] = await Promise.all([
    inputs ? inputs.accounts : activeAccounts(data, profileId),
    data.financialProfiles.get({ id: profileId }).go(),
    profileSeries(data, profileId),
  ]);
  const ownerId = profile.data?.owner_user_id ?? 'unknown';
  // Every item from the month views' start on (month-views.ts), read after the inputs version above;
  // the forecast takes those from the allowance's look-back on (reconciled one-offs there are not
  // everyday spending) through the horizon.
  const viewItems = await planItemsBetween(data, profileId, viewsStart(today), '9999-12-31');
  const lookBack = addDays(today, -180);
  const horizon = addDays(today, PLAN_HORIZON_DAYS);
  const stored = viewItems.filter((i) => i.due_date >= lookBack && i.due_date <= horizon);
  const plan = stored.map(toPlanItem);
  const planned = plan.filter((item) => item.due_date >= today);
  const matchedOneOffs = heldTransactionIds(plan.filter((item) => !item.is_generated));
  // Cards the plan pays from their statements: their range stops widening after about a cycle, and the
  // range of the account paying them knows the issued statement's payment.
  const paidByStatement = new Set(statementTerms(accounts).cards.map((card) => card.account_id));
  // One entry per stream: the allowance's band measures each stream against its own expected amounts.
  const streamTransactions = new Map<string, Array<{ transaction_ids: string[]; from_statement: boolean }>>();
  for (const s of series) {
    if (s.source !== 'detected' || !s.account_id) continue;
    const ids = ((s.transactions ?? []) as Array<{ id: string }>).map((t) => t.id);
    const fromStatement = paysCardFromStatements(
      { account_id: s.account_id, outflow: s.amount < 0, detailed: s.personal_finance_category?.detailed },
      paidByStatement,
    );
    streamTransactions.set(s.account_id, [
      ...(streamTransactions.get(s.account_id) ?? []),
      { transaction_ids: ids, from_statement: fromStatement },
    ]);
  }
  const histories = inputs
    ? inputs.histories
    : await Promise.all(accounts.map((a) => accountHistory(data, a.id, historyFrom(today), today)));

  const forecastAccounts: ForecastAccount[] = [];
  const allowances = new Map<string, Allowance>();
  const todays: HistoryTransaction[] = [];
  const state: Record<string, AccountForecastState> = {};
  const history: Record<string, Record<string, Cents>> = {};
  const rowsByKey = new Map<string, StoredBalanceDay[]>();
  accounts.forEach((account, index) => {
    const transactions = histories[index] ?? [];
    const forecastAccountInput: ForecastAccount = {
      account_id: account.id,
      account_type: account.account_type,
      current_balance: account.current_balance ?? 0,
    };
    const allowance =
      account.account_type === 'investment'
        ? NO_ALLOWANCE
        : estimateAllowance({
            transactions,
            today,
            streams: streamTransactions.get(account.id) ?? [],
            exclude_transaction_ids: matchedOneOffs,
            paid_by_statement: paidByStatement.has(account.id),
          });
    const today_ = transactions.filter((t) => t.date === today);
    todays.push(...today_);
    const forecast = forecastAccount({
      account: forecastAccountInput,
      planned,
      transactions: today_,
      allowance,
      today,
      days: PLAN_HORIZON_DAYS,
      include_allowance: false,
    });
    forecastAccounts.push(forecastAccountInput);
    allowances.set(account.id, allowance);
    rowsByKey.set(account.id, withAllowanceSeries(forecast));
    state[account.id] = {
      account_type: account.account_type,
      current_balance: account.current_balance ?? 0,
      allowance,
    };
    history[account.id] = monthEndBalances(
      transactions,
      account.account_type,
      account.current_balance ?? 0,
      today,
    );
  });
  // The two totals: net worth (every account) and cash, where planned items on a card or loan stay
  // out and their cash side (the payment from checking) is in; items for "all accounts" count as cash.
  const totals: Array<[string, ForecastAccount[]]> = [
    [totalKey(profileId), forecastAccounts],
    [cashKey(profileId), forecastAccounts.filter((a) => isCashAccount(a.account_type))],
  ];
  for (const [key, included] of totals) {
    const total = forecastTotal({
      accounts: included,
      planned,
      transactions: todays,
      allowances,
      today,
      days: PLAN_HORIZON_DAYS,
      include_allowance: false,
    });
    rowsByKey.set(key, withAllowanceSeries(total));
  }

  // spec §7 "delete, then insert", made safe: insert the new generation over the same keys first…
  // Only the months whose content changed: the header's hashes say what the stored months hold, unless
  // a regeneration stopped between writing months and recording them (items_unsettled).
  const trusted = Boolean(header && !header.items_unsettled);
  const previousMonths = (header?.months ?? {}) as Record<string, [string, string]>;
  const previousHashes = (trusted ? (header?.month_hashes ?? {}) : {}) as Record<string, string>;
  const months: Record<string, [string, string]> = {};
  const monthHashes: Record<string, string> = {};
  const items = [...rowsByKey].flatMap(([key, rows]) => {
    const split = splitIntoMonths(key, rows);
    const first = split[0]?.month;
    const last = split[split.length - 1]?.month;
    if (first && last) months[key] = [first, last];
    const records = split.map((m) => {
      const content = { profile_id: profileId, user_id: ownerId, ...packMonth(m.days as StoredBalanceDay[]) };
      return {
        account_id: key,
        month: m.month,
        ...content,
        content_hash: contentHash(JSON.stringify(content)),
        generation_id: generationId,
      };
    });
    if (first) monthHashes[key] = joinHashes(first, new Map(records.map((r) => [r.month, r.content_hash])));
    return records;
  });
  const changed = items.filter(
    (item) =>
      hashAt(previousHashes[item.account_id], previousMonths[item.account_id]?.[0], item.month) !==
      item.content_hash,
  );
  // The months ready to serve (month-views.ts), of this generation: valid once the header lists them.
  const forecastByMonth = new Map<string, Record<string, PackedMonth>>();
  for (const { account_id: key, month, ...columns } of items) {
    const keys = forecastByMonth.get(month) ?? {};
    keys[key] = {
      first_date: columns.first_date,
      closing: columns.closing,
      forecasted: columns.forecasted,
      allowance: columns.allowance,
      band_low: columns.band_low,
      band_high: columns.band_high,
      allowance_before: columns.allowance_before,
      actual_first: columns.actual_first,
      first_is_today: columns.first_is_today,
    };
    forecastByMonth.set(month, keys);
  }
  // A view that fails to build or write is no failure of the forecast: the generation then lists no
  // views, so readers read the sources and the next regeneration writes every view.
  const previousViews = (header?.view_hashes ?? null) as ViewHashes | null;
  const writeViews = async (): Promise<{ hashes: ViewHashes | null; written: number }> => {
    try {
      const views = await buildMonthViews(data, {
        profileId,
        generationId,
        today,
        items: viewItems,
        series,
        forecast: forecastByMonth,
      });
      if (views.length === 0) return { hashes: null, written: 0 };
      const from = viewsStart(today).slice(0, 7);
      const stored = trusted ? previousViews : null;
      const changedViews = views.filter(
        (v) => hashAt(stored?.hashes, stored?.from, v.month) !== v.content_hash,
      );
      await putMonthViews(data, changedViews);
      return {
        hashes: { from, hashes: joinHashes(from, new Map(views.map((v) => [v.month, v.content_hash]))) },
        written: changedViews.length,
      };
    } catch (error) {
      deps.logger.warn('month views not written', { profileId, error: (error as Error).message });
      return { hashes: null, written: 0 };
    }
  };
  const [, views] = await Promise.all([
    batchUntilDone(
      changed,
      (k) => `${String(k.account_id)}|${String(k.month)}`,
      (batch) => data.runningBalanceMonths.put(batch).go({ concurrency: 10 }),
    ),
    writeViews(),
  ]);
  const generatedAt = deps.clock().toISOString();
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({
        generation_id: generationId,
        generated_at: generatedAt,
        forecast_today: today,
        generated_version: version,
        month_hashes: monthHashes,
        ...(views.hashes ? { view_hashes: views.hashes } : {}),
        accounts: state,
        history,
        months,
        forecast_queue: dueShard(profileId),
        next_due_at: nextDue(today),
      })
      .remove(views.hashes ? ['items_unsettled'] : ['items_unsettled', 'view_hashes'])
      .where((a, op) => op.eq(a.lock_owner, owner))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Lost the lease mid-way: the regeneration that took it writes the current generation.
    deps.logger.warn('forecast lease lost', { profileId });
  }
  // …then delete the months of the previous generation that the new one does not contain.
  const stale: Array<{ account_id: string; month: string }> = [];
  for (const [key, [first, last]] of Object.entries(previousMonths)) {
    const kept = months[key];
    for (const month of monthRange(first, last)) {
      if (!kept || month < kept[0] || month > kept[1]) stale.push({ account_id: key, month });
    }
  }
  if (stale.length > 0) {
    await batchUntilDone(
      stale,
      (k) => `${String(k.account_id)}|${String(k.month)}`,
      (batch) => data.runningBalanceMonths.delete(batch).go({ concurrency: 10 }),
    );
  }
  // Views of months the new views do not hold (one drops off the back each month).
  const keptViews = new Set(hashedMonths(views.hashes?.hashes, views.hashes?.from));
  const staleViews = views.hashes
    ? hashedMonths(previousViews?.hashes, previousViews?.from).filter((month) => !keptViews.has(month))
    : [];
  await deleteMonthViewsOf(data, profileId, staleViews);
  const totalKeys = new Set([totalKey(profileId), cashKey(profileId)]);
  const totalMonths = items.filter((item) => totalKeys.has(item.account_id)).length;
  return {
    generation_id: generationId,
    generated_at: generatedAt,
    forecast_today: today,
    accounts: accounts.length,
    items_written: changed.length,
    items_deleted: stale.length,
    views_written: views.written,
    views_deleted: staleViews.length,
    items_per_account: accounts.length > 0 ? (items.length - totalMonths) / accounts.length : 0,
  };
}

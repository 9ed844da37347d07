// Running balances of a financial profile (spec §4 running balances, §7 running_balances, §9 today + 730
// days, stale after 24 h). A regeneration forecasts every active account and the all-accounts total
// with the engine, stores one item per account per month (about 25, not 731 rows), and records the new
// generation on the profile's forecast state. Spec §7 says "delete, then insert"; here the new
// generation is written first (same keys are overwritten) and only then are months it does not contain
// deleted, so a reader never finds a profile without balances. Only months whose content changed are
// written (content hashes, item-hashes.ts), and readers check each month against the hashes the header
// lists. One regeneration runs at a time (a lease on the state item); a trigger arriving meanwhile asks
// the holder to run once more.
import { dueShard } from '../../../events/queues.ts';
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import {
  ALLOWANCE_RULES,
  estimateAllowance,
  NO_ALLOWANCE,
  type Allowance,
} from '../../../domain/money/allowance.ts';
import { type Cents } from '../../../domain/money/cents.ts';
import { addDays, formatDay, fromCivil, parseDay, toCivil } from '../../../domain/money/dates.ts';
import {
  balanceDelta,
  forecastAccount,
  forecastTotal,
  joinMonths,
  splitIntoMonths,
  isCashAccount,
  type AccountType,
  type BalanceDay,
  type Forecast,
  type ForecastAccount,
} from '../../../domain/money/forecast.ts';
import { flowFromPlaid, PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { heldTransactionIds } from '../../../domain/money/reconcile.ts';
import type { HistoryTransaction } from '../../../domain/money/recurring.ts';
import type { Data } from '../data/index.ts';
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
  type StoredAccount,
} from './store.ts';

/** spec §9: running balances go stale 24 hours after they were generated. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Longer than a regeneration can take (Lambda timeout 29 s), short enough to recover from a crash. */
const LEASE_MS = 60_000;
/** Past months whose closing balances are kept for the calendar's history (Plaid gives 24 months). */
export const HISTORY_MONTHS = 24;
/** How long a reader waits for a regeneration someone else is running before answering stale. */
const WAIT_FOR_OTHER_MS = 8_000;

/** The storage key of the all-accounts total's months (account ids are UUIDs: no clash). */
export const totalKey = (profileId: string): string => `total:${profileId}`;
/**
 * The storage key of the cash total's months (cash and debt kept apart): the depository
 * accounts only (checking, savings, money market…), the series a person plans their month from.
 */
export const cashKey = (profileId: string): string => `cash:${profileId}`;

/** A stored day: the plan-only row plus the allowance, so either view is a lookup (see `withAllowance`). */
export interface StoredBalanceDay extends BalanceDay {
  /** This day's everyday-spending allowance as a balance change (0 today). */
  readonly allowance: Cents;
  /** The allowance from today through this day. */
  readonly allowance_to_date: Cents;
  /** The likely range as offsets from the closing balance with the allowance (0 today; see forecast.ts). */
  readonly band_low: Cents;
  readonly band_high: Cents;
}

export interface AccountForecastState {
  readonly account_type: AccountType;
  readonly current_balance: Cents;
  readonly allowance: Allowance;
}

type Header = EntityItem<Data['profileForecasts']>;

export interface ForecastHeader {
  readonly profile_id: string;
  readonly generation_id: string;
  readonly generated_at: string;
  readonly forecast_today: string;
  readonly accounts: Readonly<Record<string, AccountForecastState>>;
  readonly history: Readonly<Record<string, Readonly<Record<string, Cents>>>>;
  readonly months: Readonly<Record<string, readonly [string, string]>>;
  /** Per storage key: its months' content hashes from its first month on (item-hashes.ts joinHashes). */
  readonly month_hashes: Readonly<Record<string, string>>;
  /** The month views' content hashes; null when the generation stored no views. */
  readonly view_hashes: ViewHashes | null;
  /** The day the profile's plan began (its first generation); null before any. */
  readonly plan_started_on: string | null;
}

async function readHeader(data: Data, profileId: string): Promise<Header | null> {
  const { data: header } = await data.profileForecasts.get({ profile_id: profileId }).go();
  return header;
}

/** The stored forecast header as it is: a plain read (no regeneration) a reader may start early. */
export type StoredForecastHeader = Header;
export const readForecastHeader = readHeader;

/**
 * The header as a reader of balances needs it (freshness, generation, month ranges, month-end history):
 * without the accounts' allowance states, most of its bytes. A regeneration reads it whole.
 */
export async function readForecastHeaderForReading(
  data: Data,
  profileId: string,
): Promise<StoredForecastHeader | null> {
  const { data: header } = await data.profileForecasts.get({ profile_id: profileId }).go({
    attributes: [
      'profile_id',
      'generation_id',
      'generated_at',
      'forecast_today',
      'generated_version',
      'inputs_version',
      'history',
      'months',
      'month_hashes',
      'view_hashes',
      'plan_started_on',
      'plan_generated_at',
    ],
  });
  return header as StoredForecastHeader | null;
}

function asForecastHeader(header: Header | null): ForecastHeader | null {
  if (!header?.generation_id || !header.generated_at || !header.forecast_today) return null;
  return {
    profile_id: header.profile_id,
    generation_id: header.generation_id,
    generated_at: header.generated_at,
    forecast_today: header.forecast_today,
    accounts: (header.accounts ?? {}) as ForecastHeader['accounts'],
    history: (header.history ?? {}) as ForecastHeader['history'],
    months: (header.months ?? {}) as ForecastHeader['months'],
    month_hashes: (header.month_hashes ?? {}) as ForecastHeader['month_hashes'],
    view_hashes: (header.view_hashes ?? null) as ForecastHeader['view_hashes'],
    // A plan generated before the day was recorded began, at the latest, when it was last generated.
    plan_started_on: header.plan_started_on ?? header.plan_generated_at?.slice(0, 10) ?? null,
  };
}

/**
 * Current: made from the latest inputs, starting today, and holding every series a reader asks for
 * and the hashes it checks months by (a generation stored before the cash series or the hashes existed
 * is rebuilt on its first read).
 */
function isCurrent(header: Header | null, today: string): boolean {
  const months = (header?.months ?? {}) as Record<string, unknown>;
  return Boolean(
    header?.generation_id &&
    header.forecast_today === today &&
    (header.generated_version ?? -1) === (header.inputs_version ?? 0) &&
    months[cashKey(header.profile_id)] !== undefined &&
    header.month_hashes !== undefined,
  );
}

/**
 * Records that the forecast's inputs changed (a plan write, synced transactions): the next reader
 * regenerates before answering if the event-driven regeneration has not caught up yet.
 */
export async function markInputsChanged(data: Data, profileId: string): Promise<void> {
  await data.profileForecasts.update({ profile_id: profileId }).add({ inputs_version: 1 }).go();
}

// ── The lease ──────────────────────────────────────────────────────────────────────────────────────

async function acquire(data: Data, profileId: string, owner: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  try {
    await data.profileForecasts
      .update({ profile_id: profileId })
      .set({
        lock_owner: owner,
        lock_expires_at: new Date(now.getTime() + LEASE_MS).toISOString(),
        rerun_requested: false,
      })
      .where((a, op) => `${op.notExists(a.lock_expires_at)} OR ${op.lt(a.lock_expires_at, nowIso)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Asks the running regeneration to run once more; false if none is running (the lease is free). */
async function requestRerun(data: Data, profileId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ rerun_requested: true })
      .where((a, op) => `${op.exists(a.lock_owner)} AND ${op.gt(a.lock_expires_at, nowIso)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Whether the regeneration holding the lease builds from the latest inputs already: then a second run
 * would repeat it (each plan edit with a calendar open used to cost two), and waiting for it suffices.
 */
async function buildCoversInputs(data: Data, profileId: string, now: Date): Promise<boolean> {
  const header = await readHeader(data, profileId);
  return Boolean(
    header?.lock_owner &&
    header.lock_expires_at &&
    header.lock_expires_at > now.toISOString() &&
    header.building_version !== undefined &&
    header.building_version >= (header.inputs_version ?? 0),
  );
}

/** Frees the lease unless a rerun was asked for; then keeps it (renewed) and answers 'rerun'. */
async function release(
  data: Data,
  profileId: string,
  owner: string,
  now: Date,
): Promise<'released' | 'rerun'> {
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .remove(['lock_owner', 'lock_expires_at'])
      .where(
        (a, op) =>
          `${op.eq(a.lock_owner, owner)} AND (${op.notExists(a.rerun_requested)} OR ${op.eq(a.rerun_requested, false)})`,
      )
      .go();
    return 'released';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ rerun_requested: false, lock_expires_at: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => op.eq(a.lock_owner, owner))
      .go();
    return 'rerun';
  } catch (error) {
    // The lease expired and another regeneration took it: that one has the latest inputs.
    if (isConditionFailure(error)) return 'released';
    throw error;
  }
}

async function abandon(data: Data, profileId: string, owner: string): Promise<void> {
  await data.profileForecasts
    .patch({ profile_id: profileId })
    .remove(['lock_owner', 'lock_expires_at'])
    .where((a, op) => op.eq(a.lock_owner, owner))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

// ── Building a generation ──────────────────────────────────────────────────────────────────────────

type StoredMonth = EntityItem<Data['runningBalanceMonths']>;

/** The stored columns of one month's days (running-balance-month.ts), in date order. */
export function packMonth(days: readonly StoredBalanceDay[]) {
  const first = days[0];
  if (!first) throw new Error('a stored month needs at least one day');
  return {
    first_date: first.balance_date,
    closing: days.map((d) => d.closing_balance),
    forecasted: days.map((d) => d.forecasted_transactions_total),
    allowance: days.map((d) => d.allowance),
    band_low: days.map((d) => d.band_low),
    band_high: days.map((d) => d.band_high),
    allowance_before: first.allowance_to_date - first.allowance,
    actual_first: first.actual_transactions_total,
    first_is_today: !first.is_forecast,
  };
}

/** The days of a stored month: opening = closing − actual − forecasted (spec §4 row identity). */
export function unpackMonth(
  month: Pick<StoredMonth, keyof ReturnType<typeof packMonth>>,
): StoredBalanceDay[] {
  let toDate = month.allowance_before ?? 0;
  return month.closing.map((closing, i) => {
    const actual = i === 0 ? (month.actual_first ?? 0) : 0;
    const forecasted = month.forecasted[i] ?? 0;
    const allowance = month.allowance[i] ?? 0;
    toDate += allowance;
    return {
      balance_date: addDays(month.first_date, i),
      opening_balance: closing - actual - forecasted,
      closing_balance: closing,
      actual_transactions_total: actual,
      forecasted_transactions_total: forecasted,
      is_forecast: !(i === 0 && month.first_is_today),
      closing_low: closing,
      closing_high: closing,
      allowance,
      allowance_to_date: toDate,
      // Months stored before the band existed have no columns: their band is the closing balance.
      band_low: month.band_low?.[i] ?? 0,
      band_high: month.band_high?.[i] ?? 0,
    };
  });
}

function withAllowanceSeries(forecast: Forecast): StoredBalanceDay[] {
  let toDate = 0;
  return forecast.rows.map((row, i) => {
    const allowance = forecast.allowance[i] ?? 0;
    toDate += allowance;
    return {
      ...row,
      allowance,
      allowance_to_date: toDate,
      band_low: forecast.band_low[i] ?? 0,
      band_high: forecast.band_high[i] ?? 0,
    };
  });
}

/**
 * The closing balance at the end of each of the last `HISTORY_MONTHS` months, walking back from today's
 * balance through the posted transactions (the current balance excludes pending ones).
 */
export function monthEndBalances(
  transactions: readonly HistoryTransaction[],
  accountType: AccountType,
  currentBalance: Cents,
  today: string,
): Record<string, Cents> {
  const posted = transactions
    .filter((t) => !t.pending && t.date <= today)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const out: Record<string, Cents> = {};
  let balance = currentBalance;
  let i = 0;
  const { year, month } = toCivil(parseDay(today));
  let monthStart = fromCivil(year, month, 1);
  for (let k = 0; k < HISTORY_MONTHS; k += 1) {
    const endOfPrevious = formatDay(monthStart - 1);
    for (let t = posted[i]; t && t.date > endOfPrevious; t = posted[i]) {
      balance -= balanceDelta(accountType, flowFromPlaid(t.amount));
      i += 1;
    }
    out[endOfPrevious.slice(0, 7)] = balance;
    const previous = toCivil(monthStart - 1);
    monthStart = fromCivil(previous.year, previous.month, 1);
  }
  return out;
}

/**
 * The first day of history a regeneration reads: the allowance and its band look back two years
 * (ALLOWANCE_RULES.bandLookbackDays, and estimateAllowance ignores anything older), the month-end
 * balances to the end of the month `HISTORY_MONTHS` back (walked from today through the transactions
 * after it), and the forecast itself needs today's only.
 */
export function historyFrom(today: string): string {
  const { year, month } = toCivil(parseDay(today));
  const first = year * 12 + month - 1 - (HISTORY_MONTHS - 1);
  const monthEnds = formatDay(fromCivil(Math.floor(first / 12), (first % 12) + 1, 1));
  const band = addDays(today, -ALLOWANCE_RULES.bandLookbackDays);
  return monthEnds < band ? monthEnds : band;
}

/** The first moment of the day after `today` (UTC): the nightly sweep regenerates anything older. */
export function nextDue(today: string): string {
  return `${addDays(today, 1)}T00:00:00.000Z`;
}

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
const changedAnything = (r: GenerationResult) =>
  r.items_written + r.items_deleted + r.views_written + r.views_deleted > 0;

/** What a caller has just read and may hand over rather than have it read again: the profile's active
 * accounts and each one's transaction history, in the same order (plan generation has both in hand). */
export interface ForecastInputs {
  readonly accounts: readonly StoredAccount[];
  readonly histories: ReadonlyArray<readonly HistoryTransaction[]>;
}

async function buildAndStore(
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
  // One entry per stream: the allowance's band measures each stream against its own expected amounts.
  const streamTransactions = new Map<string, Array<{ transaction_ids: string[] }>>();
  for (const s of series) {
    if (s.source !== 'detected' || !s.account_id) continue;
    const ids = ((s.transactions ?? []) as Array<{ id: string }>).map((t) => t.id);
    streamTransactions.set(s.account_id, [
      ...(streamTransactions.get(s.account_id) ?? []),
      { transaction_ids: ids },
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

/** `YYYY-MM` months from `first` through `last`. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last || out.length > 1200) break;
    out.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

export type RegenerateOutcome =
  | ({ status: 'regenerated' } & GenerationResult)
  /** Another regeneration holds the lease and will run again with the latest inputs. */
  | { status: 'queued' }
  | { status: 'busy' };

/** Regenerates the profile's forecast now, or has the running regeneration repeat itself. */
export async function regenerateForecast(
  ctx: MoneyContext,
  profileId: string,
  /** Inputs the caller has just read, used by the first run only (a rerun reads everything again). */
  inputs?: ForecastInputs,
): Promise<RegenerateOutcome> {
  const { data, deps } = ctx;
  const owner = randomUUID();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await acquire(data, profileId, owner, deps.clock())) {
      try {
        let result = await buildAndStore(ctx, profileId, owner, inputs);
        let changed = changedAnything(result);
        let released = false;
        for (let run = 0; run < 4; run += 1) {
          released = (await release(data, profileId, owner, deps.clock())) === 'released';
          if (released) break;
          result = await buildAndStore(ctx, profileId, owner);
          changed ||= changedAnything(result);
        }
        // A refused conditional write costs as much as one that lands: only a lease still held is freed.
        if (!released) await abandon(data, profileId, owner);
        // Open browsers of the profile's members refetch their balances (docs/realtime.md), and the
        // low-balance alert looks again: only when a month they read changed.
        if (changed) await deps.events.publish('ForecastUpdated', { profileId, accountIds: [] });
        return { status: 'regenerated', ...result };
      } catch (error) {
        await abandon(data, profileId, owner);
        throw error;
      }
    }
    if (await buildCoversInputs(data, profileId, deps.clock())) return { status: 'queued' };
    if (await requestRerun(data, profileId, deps.clock())) return { status: 'queued' };
  }
  return { status: 'busy' };
}

/**
 * Regenerates unless the stored forecast is already current (a reader regenerated it first): the
 * PlanChanged consumer's path, so one plan edit does not cost two regenerations.
 */
export async function regenerateIfOutdated(
  ctx: MoneyContext,
  profileId: string,
): Promise<RegenerateOutcome | { status: 'current' }> {
  const header = await readHeader(ctx.data, profileId);
  if (isCurrent(header, todayOf(ctx.deps.clock)) && !header?.lock_owner) return { status: 'current' };
  return regenerateForecast(ctx, profileId);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FreshForecast {
  readonly header: ForecastHeader;
  /** spec §9: generated more than 24 h ago, or not from the latest inputs (regeneration failed or busy). */
  readonly stale: boolean;
  /** Made from the latest inputs and starting today: its month views (month-views.ts) may be served. */
  readonly current: boolean;
}

/**
 * The profile's current forecast, regenerated first when its inputs changed since it was made or it
 * does not start today (read-your-writes for plan edits; the day rolls over at midnight). If another
 * regeneration is running, waits a little for it; if none can be had, answers what is stored, stale.
 */
export async function freshForecast(
  ctx: MoneyContext,
  profileId: string,
  /** The header as a caller already read it (readForecastHeader, beside its access check). */
  stored?: StoredForecastHeader | null,
): Promise<FreshForecast> {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  let header = stored === undefined ? await readHeader(data, profileId) : stored;
  if (!isCurrent(header, today)) {
    try {
      const outcome = await regenerateForecast(ctx, profileId);
      if (outcome.status !== 'regenerated') {
        const deadline = Date.now() + WAIT_FOR_OTHER_MS;
        while (Date.now() < deadline) {
          await sleep(100);
          header = await readHeader(data, profileId);
          if (isCurrent(header, today)) break;
          if (!header?.lock_owner) {
            await regenerateForecast(ctx, profileId);
            break;
          }
        }
      }
    } catch (error) {
      deps.logger.error('forecast regeneration failed', { profileId, error: (error as Error).message });
    }
    header = await readHeader(data, profileId);
  }
  const current = asForecastHeader(header);
  if (!current) throw new Error(`No forecast could be generated for profile ${profileId}`);
  const age = deps.clock().getTime() - Date.parse(current.generated_at);
  const upToDate = isCurrent(header, today);
  return { header: current, stale: !upToDate || age > STALE_AFTER_MS, current: upToDate };
}

/** Adds the stored allowance to a plan-only row (spec §5 switch: shown separately, included by default). */
export function withAllowance(row: StoredBalanceDay, include: boolean): BalanceDay {
  const base = {
    balance_date: row.balance_date,
    opening_balance: row.opening_balance,
    closing_balance: row.closing_balance,
    actual_transactions_total: row.actual_transactions_total,
    forecasted_transactions_total: row.forecasted_transactions_total,
    is_forecast: row.is_forecast,
    closing_low: row.closing_balance,
    closing_high: row.closing_balance,
  };
  if (!include) return base;
  const toDate = row.allowance_to_date ?? 0;
  const today = row.allowance ?? 0;
  const closing = row.closing_balance + toDate;
  return {
    ...base,
    opening_balance: row.opening_balance + toDate - today,
    closing_balance: closing,
    forecasted_transactions_total: row.forecasted_transactions_total + today,
    // The band is measured around everyday spending, so it exists only when the allowance is counted.
    closing_low: closing + (row.band_low ?? 0),
    closing_high: closing + (row.band_high ?? 0),
  };
}

/**
 * The stored months asked for, each the one the header lists (its content hash). A reader racing a
 * regeneration can catch a month it has written and not yet recorded: it reads the header's lists again
 * (that regeneration may have finished) and the months, a few times, then answers what it has.
 */
async function currentMonths(
  data: Data,
  header: ForecastHeader,
  keys: ReadonlyArray<{ account_id: string; month: string }>,
): Promise<StoredMonth[]> {
  let lists: Pick<ForecastHeader, 'months' | 'month_hashes'> = header;
  for (let attempt = 0; ; attempt += 1) {
    const { data: found, unprocessed } = await data.runningBalanceMonths.get([...keys]).go();
    const listed = found.every((m) => {
      const expected = hashAt(lists.month_hashes[m.account_id], lists.months[m.account_id]?.[0], m.month);
      // A header made before the hashes lists none: its months are taken as they are.
      return expected === undefined || m.content_hash === expected;
    });
    if ((listed && unprocessed.length === 0) || attempt >= 3) return found;
    await sleep(50);
    if (!listed) {
      const { data: again } = await data.profileForecasts
        .get({ profile_id: header.profile_id })
        .go({ attributes: ['months', 'month_hashes'] });
      lists = {
        months: (again?.months ?? lists.months) as ForecastHeader['months'],
        month_hashes: (again?.month_hashes ?? lists.month_hashes) as ForecastHeader['month_hashes'],
      };
    }
  }
}

/** Stored days of one storage key (an account or the total) dated in [from, to], as the header lists. */
export async function storedDays(
  data: Data,
  header: ForecastHeader,
  key: string,
  from: string,
  to: string,
): Promise<StoredBalanceDay[]> {
  const range = header.months[key];
  if (!range) return [];
  const months = monthRange(from.slice(0, 7), to.slice(0, 7)).filter((m) => m >= range[0] && m <= range[1]);
  if (months.length === 0) return [];
  const found = await currentMonths(
    data,
    header,
    months.map((month) => ({ account_id: key, month })),
  );
  const days = joinMonths(
    found.map((m) => ({ account_id: key, month: m.month, days: unpackMonth(m) })),
  ) as StoredBalanceDay[];
  return days.filter((d) => d.balance_date >= from && d.balance_date <= to);
}

/**
 * One month of stored days for several storage keys at once (one batch read): the calendar's accounts
 * and the total, as the header lists them.
 */
export async function storedMonth(
  data: Data,
  header: ForecastHeader,
  keys: readonly string[],
  month: string,
): Promise<Map<string, StoredBalanceDay[]>> {
  const wanted = keys.filter((key) => {
    const range = header.months[key];
    return range !== undefined && month >= range[0] && month <= range[1];
  });
  const out = new Map<string, StoredBalanceDay[]>();
  if (wanted.length === 0) return out;
  const found = await currentMonths(
    data,
    header,
    wanted.map((key) => ({ account_id: key, month })),
  );
  for (const m of found) out.set(m.account_id, unpackMonth(m));
  return out;
}

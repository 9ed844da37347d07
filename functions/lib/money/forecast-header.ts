// A profile's stored forecast header (spec §9 running balances): what generation is current, when it goes
// stale, the storage keys of the total and cash series, and the mark that the plan's inputs changed.
import type { EntityItem } from 'electrodb';
import { ALLOWANCE_RULES, type Allowance } from '../../../domain/money/allowance.ts';
import type { Cents } from '../../../domain/money/cents.ts';
import { addDays, formatDay, fromCivil, parseDay, toCivil } from '../../../domain/money/dates.ts';
import type { AccountType, BalanceDay } from '../../../domain/money/forecast.ts';
import type { HistoryTransaction } from '../../../domain/money/recurring.ts';
import type { Data } from '../data/index.ts';
import type { ViewHashes } from './month-views.ts';
import type { StoredAccount } from './store.ts';

/** spec §9: running balances go stale 24 hours after they were generated. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Past months whose closing balances are kept for the calendar's history (Plaid gives 24 months). */
export const HISTORY_MONTHS = 24;
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

export type Header = EntityItem<Data['profileForecasts']>;

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

export async function readHeader(data: Data, profileId: string): Promise<Header | null> {
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

export function asForecastHeader(header: Header | null): ForecastHeader | null {
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
export function isCurrent(header: Header | null, today: string): boolean {
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

/** What a caller has just read and may hand over rather than have it read again: the profile's active
 * accounts and each one's transaction history, in the same order (plan generation has both in hand). */
export interface ForecastInputs {
  readonly accounts: readonly StoredAccount[];
  readonly histories: ReadonlyArray<readonly HistoryTransaction[]>;
}

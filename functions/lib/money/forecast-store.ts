// Running balances of a financial profile (spec §4 running balances, §7 running_balances, §9 today + 730
// days, stale after 24 h). A regeneration forecasts every active account and the all-accounts total
// with the engine, stores one item per account per month (about 25, not 731 rows), and records the new
// generation on the profile's forecast state. Spec §7 says "delete, then insert"; here the new
// generation is written first (same keys are overwritten) and only then are months it does not contain
// deleted, so a reader never finds a profile without balances. Only months whose content changed are
// written (content hashes, item-hashes.ts), and readers check each month against the hashes the header
// lists. One regeneration runs at a time (a lease on the state item); a trigger arriving meanwhile asks
// the holder to run once more.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { todayOf, type MoneyContext } from './store.ts';
import type { GenerationResult } from './forecast-build.ts';
import { buildAndStore, changedAnything } from './forecast-build.ts';
import type { ForecastHeader, ForecastInputs, StoredForecastHeader } from './forecast-header.ts';
import { STALE_AFTER_MS, asForecastHeader, isCurrent, readHeader } from './forecast-header.ts';
import { abandon, acquire, buildCoversInputs, release, requestRerun } from './forecast-lease.ts';
export {
  STALE_AFTER_MS,
  HISTORY_MONTHS,
  totalKey,
  cashKey,
  readForecastHeader,
  readForecastHeaderForReading,
  markInputsChanged,
  historyFrom,
  nextDue,
  type StoredBalanceDay,
  type AccountForecastState,
  type ForecastHeader,
  type StoredForecastHeader,
  type ForecastInputs,
} from './forecast-header.ts';
export {
  packMonth,
  unpackMonth,
  monthEndBalances,
  monthRange,
  withAllowance,
  storedDays,
  storedMonth,
} from './forecast-months.ts';
export { type GenerationResult } from './forecast-build.ts';

/** How long a reader waits for a regeneration someone else is running before answering stale. */
const WAIT_FOR_OTHER_MS = 8_000;

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

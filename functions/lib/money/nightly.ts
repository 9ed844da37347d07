// The daily forecast upkeep (catalog schedule forecastNightly; spec §9 running balances: today + 730
// days, stale after 24 h). Profiles whose forecast was made before today are found through the sparse,
// sharded byForecastDue index (never a Scan) and enqueued one per message. For each, the plan is kept
// up — streams re-detected and merged (mergePlan keeps every user decision), the user's repeating items
// extended to the moved horizon, reconciliation — and the forecast moved to today, unless its next reader
// or sync will do that anyway (docs/money-engine.md "When the forecast is rebuilt").
import { allDueShards, dueShard } from '../../../events/queues.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { markInputsChanged, nextDue, regenerateForecast } from './forecast-store.ts';
import { someoneHasTheAppOpen } from './forecast-upkeep.ts';
import { extendUserSeries, generateProfilePlan } from './plan.ts';
import { reconcileProfile } from './reconciliation.ts';
import { profileSeries, todayOf, type MoneyContext } from './store.ts';

/** The profiles whose daily upkeep is due at `now`, from every shard of the sparse due index. */
export async function forecastsDue(data: Data, now: Date): Promise<string[]> {
  const shards = await Promise.all(
    allDueShards().map((shard) =>
      data.profileForecasts.query
        .byForecastDue({ forecast_queue: shard })
        .lte({ next_due_at: now.toISOString() })
        .go({ pages: 'all', attributes: ['profile_id'] }),
    ),
  );
  return shards.flatMap((page) => page.data.map((p) => p.profile_id));
}

/**
 * The daily upkeep's scheduler: one message per due profile on the profile-maintenance queue, whose
 * worker runs maintainProfile. A profile enqueued twice is maintained once: the second delivery finds
 * its forecast already made today (next_due_at moved to tomorrow) and does nothing.
 */
export async function enqueueDueProfiles(ctx: { data: Data; deps: Pick<Deps, 'clock' | 'queue'> }) {
  const profileIds = await forecastsDue(ctx.data, ctx.deps.clock());
  await ctx.deps.queue.send(
    'profileMaintenance',
    profileIds.map((profileId) => ({ profileId })),
  );
  return { enqueued: profileIds.length };
}

/** One unit of the daily upkeep: maintainProfile if the profile is still due. */
export async function maintainIfDue(ctx: MoneyContext, profileId: string): Promise<string> {
  const { data: state } = await ctx.data.profileForecasts.get({ profile_id: profileId }).go();
  if (state?.next_due_at && state.next_due_at > ctx.deps.clock().toISOString()) return 'not_due';
  return maintainProfile(ctx, profileId);
}

export async function maintainProfile(ctx: MoneyContext, profileId: string): Promise<string> {
  const { data } = ctx;
  const { data: profile } = await data.financialProfiles.get({ id: profileId }).go();
  if (!profile || profile.is_archived) {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .remove(['forecast_queue', 'next_due_at'])
      .go();
    return 'archived';
  }
  const series = await profileSeries(data, profileId);
  if (series.some((s) => s.source === 'detected')) {
    await generateProfilePlan(ctx, profileId, profile.owner_user_id);
  } else if (series.some((s) => s.source === 'user')) {
    await extendUserSeries(ctx, profileId, series, profile.owner_user_id);
    await reconcileProfile(ctx, profileId);
  }
  await markInputsChanged(data, profileId);
  if (await mayDeferRebuild(ctx, profileId)) {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ next_due_at: nextDue(todayOf(ctx.deps.clock)), forecast_queue: dueShard(profileId) })
      .go();
    return 'deferred';
  }
  return (await regenerateForecast(ctx, profileId)).status;
}

/** A forecast rebuilt this recently waits for its next reader or sync instead of the daily upkeep. */
export const UPKEEP_DEFER_LIMIT_MS = 2 * 86_400_000;

/**
 * Whether the daily upkeep may leave the forecast's move to the new day to whoever needs it next: a
 * reader rebuilds a forecast that does not start today before answering (freshForecast), and a sync
 * with transactions on a cash account rebuilds it at once for the low-balance alert
 * (forecast-upkeep.ts). An active person's forecast is rebuilt that way most days, so the upkeep's
 * own rebuild would be a second one. It still rebuilds when the last rebuild is older than
 * UPKEEP_DEFER_LIMIT_MS (a quiet account's alerts keep looking ahead) or someone has the app open.
 */
async function mayDeferRebuild(ctx: MoneyContext, profileId: string): Promise<boolean> {
  const { data: state } = await ctx.data.profileForecasts
    .get({ profile_id: profileId })
    .go({ attributes: ['generated_at'] });
  const builtAt = state?.generated_at ? Date.parse(state.generated_at) : Number.NaN;
  if (!(ctx.deps.clock().getTime() - builtAt < UPKEEP_DEFER_LIMIT_MS)) return false;
  return !(await someoneHasTheAppOpen(ctx, profileId));
}

// The daily forecast upkeep (catalog schedule forecastNightly; spec §9 running balances: today + 730
// days, stale after 24 h). Profiles whose forecast was made before today are found through the sparse,
// sharded byForecastDue index (never a Scan) and enqueued one per message. For each, the plan is kept up first — streams re-detected and
// merged (mergePlan keeps every user decision), the user's repeating items extended to the moved
// horizon, reconciliation — then the forecast is regenerated from today.
import { allDueShards } from '../../../events/queues.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { markInputsChanged, regenerateForecast } from './forecast-store.ts';
import { extendUserSeries, generateProfilePlan } from './plan.ts';
import { reconcileProfile } from './reconciliation.ts';
import { profileSeries, type MoneyContext } from './store.ts';

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
  return (await regenerateForecast(ctx, profileId)).status;
}

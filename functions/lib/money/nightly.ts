// The nightly forecast sweep (catalog schedule forecastNightly; spec §9 running balances: today + 730
// days, stale after 24 h). Profiles whose forecast was made before today are found through the sparse
// byForecastDue index (never a Scan). For each, the plan is kept up first — streams re-detected and
// merged (mergePlan keeps every user decision), the user's repeating items extended to the moved
// horizon, reconciliation — then the forecast is regenerated from today.
import type { Data } from '../data/index.ts';
import { markInputsChanged, regenerateForecast } from './forecast-store.ts';
import { extendUserSeries, generateProfilePlan } from './plan.ts';
import { reconcileProfile } from './reconciliation.ts';
import { profileSeries, type MoneyContext } from './store.ts';

/** One page of profiles due at `now` (oldest due first), and the cursor of the next page. */
export async function forecastsDue(data: Data, now: Date, cursor: string | null = null, limit = 50) {
  const page = await data.profileForecasts.query
    .byForecastDue({ forecast_queue: 'due' })
    .lte({ next_due_at: now.toISOString() })
    .go({ limit, ...(cursor ? { cursor } : {}) });
  return { profileIds: page.data.map((p) => p.profile_id), cursor: page.cursor };
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

/**
 * Works through the due profiles while more than 10 s of the invocation remain; what is left stays
 * due (its next_due_at is unchanged) for the next run.
 */
export async function nightlySweep(ctx: MoneyContext, remainingMs: () => number) {
  const now = ctx.deps.clock();
  const outcomes: Record<string, number> = {};
  let cursor: string | null = null;
  do {
    const page: { profileIds: string[]; cursor: string | null } = await forecastsDue(ctx.data, now, cursor);
    for (const profileId of page.profileIds) {
      if (remainingMs() < 10_000) return { outcomes, complete: false };
      const status = await maintainProfile(ctx, profileId).catch((error: unknown) => {
        ctx.deps.logger.error('nightly forecast failed', { profileId, error: (error as Error).message });
        return 'error';
      });
      outcomes[status] = (outcomes[status] ?? 0) + 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return { outcomes, complete: true };
}

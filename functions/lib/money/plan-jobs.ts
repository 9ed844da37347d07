// The work of the plan jobs (docs/jobs.md): "Generate my plan" (find the streams, plan them, rebuild the
// forecast from what generation read) and a forecast rebuild a person asked for. Both run from the
// plan-jobs queue in the money-plan function; the plan's part also ends a bank's first sync.
import type { JobProgress, StoredJob } from '../jobs.ts';
import { freshForecast, markInputsChanged, regenerateForecast } from './forecast-store.ts';
import { generateProfilePlan } from './plan.ts';
import type { MoneyContext } from './store.ts';

/**
 * Generates the profile's plan, then its forecast, before PlanChanged goes out: the calendar read right
 * after serves the stored forecast as it is, and the event's consumer finds nothing left to do.
 */
export async function generatePlanJob(ctx: MoneyContext, job: StoredJob, progress: JobProgress) {
  const { data, deps } = ctx;
  const profileId = job.profile_id;
  await progress('reading');
  const { inputs, ...result } = await generateProfilePlan(ctx, profileId, job.user_id, (step) =>
    progress(step),
  );
  await progress('forecasting');
  await markInputsChanged(data, profileId);
  const outcome = await regenerateForecast(ctx, profileId, inputs);
  // Another regeneration held the lease: wait for it, as a calendar read would.
  const forecastGeneratedAt =
    outcome.status === 'regenerated'
      ? outcome.generated_at
      : (await freshForecast(ctx, profileId)).header.generated_at;
  await deps.events.publish('PlanChanged', {
    userId: job.user_id,
    profileId,
    accountIds: inputs.accounts.map((a) => a.id),
  });
  return {
    generated_at: result.generated_at,
    today: result.today,
    accounts: result.accounts,
    created: result.created,
    updated: result.updated,
    deleted: result.deleted,
    extended: result.extended,
    reconciled: result.reconciled,
    streams: result.streams.length,
    forecast_generated_at: forecastGeneratedAt,
  };
}

/** A forced rebuild of the forecast: whatever is stored is out of date from now on. */
export async function rebuildForecastJob(ctx: MoneyContext, job: StoredJob, progress: JobProgress) {
  const { data } = ctx;
  await progress('forecasting');
  await markInputsChanged(data, job.profile_id);
  const outcome = await regenerateForecast(ctx, job.profile_id);
  const { header, stale } = await freshForecast(ctx, job.profile_id);
  return {
    status: outcome.status,
    generation_id: header.generation_id,
    generated_at: header.generated_at,
    forecast_today: header.forecast_today,
    accounts: Object.keys(header.accounts).length,
    items_written: outcome.status === 'regenerated' ? outcome.items_written : null,
    items_deleted: outcome.status === 'regenerated' ? outcome.items_deleted : null,
    items_per_account: outcome.status === 'regenerated' ? outcome.items_per_account : null,
    stale,
  };
}

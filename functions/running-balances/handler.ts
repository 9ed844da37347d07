// Running balances (spec §3 running_balances, §4, §7 running_balances, §9 today + 730
// days, default view 90 days, stale after 24 h): the daily forecast series of an account, of cash or of
// net worth of the active profile (X-Profile-Id), its lowest projected point, a forced regeneration (a job the
// plan-jobs queue runs); and the consumer of TransactionsChanged and PlanChanged (each after reconciling
// what it may settle), which rebuilds the forecast or marks it out of date (forecast-upkeep.ts), and the
// daily upkeep.
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import type { EventDetail } from '../../events/contracts.ts';
import { addDays } from '../../domain/money/dates.ts';
import { lowestPoint } from '../../domain/money/forecast.ts';
import { PLAN_HORIZON_DAYS } from '../../domain/money/plan.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import type { Deps } from '../lib/deps.ts';
import { httpHandler, route, type ApiEvent, type Caller } from '../lib/http.ts';
import { publicJob, startJob } from '../lib/jobs.ts';
import {
  freshForecast,
  markInputsChanged,
  storedDays,
  withAllowance,
  type ForecastHeader,
} from '../lib/money/forecast-store.ts';
import { afterPlanChanged, afterTransactionsChanged } from '../lib/money/forecast-upkeep.ts';
import { enqueueDueProfiles, maintainIfDue } from '../lib/money/nightly.ts';
import { reconcileProfile } from '../lib/money/reconciliation.ts';
import { todayOf, type MoneyContext } from '../lib/money/store.ts';
import { idInput } from '../lib/money/validation.ts';
import { viewSettingsOf } from '../lib/money/view-settings.ts';
import { resolveView, VIEW_KINDS, type MoneyView } from '../lib/money/view.ts';
import { FREE_FORECAST_DAYS } from '../../domain/subscription.ts';
import { requireEntitlement } from '../lib/subscriptions/entitlement.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

/** spec §9: the default forecast view is 90 days; the series reaches today + 730 days. */
export const DEFAULT_VIEW_DAYS = 90;

const seriesQuery = z.object({
  accountId: idInput.optional(),
  /** Without an account, cash (default: the member's remembered view) or net worth. */
  view: z.enum(VIEW_KINDS).optional(),
  days: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(0)
    .max(PLAN_HORIZON_DAYS)
    .default(DEFAULT_VIEW_DAYS),
  /** Default: the caller's saved setting (GET /money-plan/settings), on until they turn it off. */
  includeAllowance: z.enum(['true', 'false']).optional(),
});
type SeriesQuery = z.infer<typeof seriesQuery>;

async function series(
  deps: Deps,
  data: Data,
  profileId: string,
  query: SeriesQuery,
  include: boolean,
  remembered: string | null,
) {
  const ctx: MoneyContext = { deps, data };
  const { header, stale } = await freshForecast(ctx, profileId);
  if (query.accountId && !header.accounts[query.accountId]) throw new NotFoundError('Account not found');
  const accounts = Object.entries(header.accounts).map(([id, state]) => ({ id, ...state }));
  const view = resolveView(profileId, accounts, { view: query.view, accountId: query.accountId }, remembered);
  const from = header.forecast_today;
  const to = addDays(from, query.days);
  const days = await storedDays(data, header, view.key, from, to);
  const rows = days.map((d) => ({
    account_id: view.accountId,
    ...withAllowance(d, include),
    allowance: d.allowance ?? 0,
    created_at: header.generated_at,
  }));
  return { header, stale, from, to, include, rows, view };
}

function allowanceSummary(header: ForecastHeader, view: MoneyView) {
  const states = view.accounts.flatMap((a) => header.accounts[a.id] ?? []);
  if (states.length === 0) return null;
  const single = view.accountId ? states[0] : undefined;
  return {
    /** Cash flow per day (≤ 0): typical non-recurring spending, summed over the accounts in view. */
    daily_average: states.reduce((sum, s) => sum + s.allowance.daily_average, 0),
    per_weekday: [0, 1, 2, 3, 4, 5, 6].map((wd) =>
      states.reduce((sum, s) => sum + (s.allowance.per_weekday[wd] ?? 0), 0),
    ),
    from: single?.allowance.from ?? null,
    to: single?.allowance.to ?? null,
    method: 'weekday-mean-of-capped-days',
    note: single?.allowance.note ?? null,
  };
}

/** Both reads: the caller's access, the series, and the envelope every answer carries. */
async function readSeries(deps: Deps, caller: Caller, query: SeriesQuery, event: ApiEvent) {
  const data = dataFor(deps);
  const profileId = profileIdFromRequest(event);
  const access = await requireProfileAccess(data, caller, profileId, 'read');
  // The free level sees the default 90 days; the 2-year forecast is paid.
  if (query.days > FREE_FORECAST_DAYS)
    await requireEntitlement(deps, data, { ownerId: access.profile.owner_user_id, callerId: caller.userId });
  const settings =
    query.includeAllowance === undefined || (!query.accountId && !query.view)
      ? await viewSettingsOf(data, profileId, caller.userId)
      : null;
  const include =
    query.includeAllowance === undefined
      ? (settings?.include_allowance ?? true)
      : query.includeAllowance === 'true';
  const { header, stale, from, to, rows, view } = await series(
    deps,
    data,
    profileId,
    query,
    include,
    settings?.view ?? null,
  );
  const envelope = {
    view: view.kind,
    account_id: view.accountId,
    balance_convention: view.convention,
    from,
    to,
    days: query.days,
    include_allowance: include,
    generated_at: header.generated_at,
    stale,
  };
  return { header, rows, envelope, view };
}

const http = httpHandler('running-balances', {
  'GET /running-balances': route({
    query: seriesQuery,
    run: async ({ deps, caller, query, event }) => {
      const { header, rows, envelope, view } = await readSeries(deps, caller, query, event);
      return { ...envelope, allowance: allowanceSummary(header, view), rows };
    },
  }),
  'GET /running-balances/lowest': route({
    query: seriesQuery,
    run: async ({ deps, caller, query, event }) => {
      const { rows, envelope } = await readSeries(deps, caller, query, event);
      // The lowest point of an owed balance is not a risk: its highest is, and the rows show it.
      return { ...envelope, lowest: envelope.balance_convention === 'owed' ? null : lowestPoint(rows) };
    },
  }),
  // A job (docs/jobs.md): answered at once; the plan-jobs queue's worker (money-plan) rebuilds it.
  'POST /running-balances/regenerate': route({
    body: z.object({}).strict(),
    status: 202,
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      // Regenerating rewrites only derived data, so anyone who may read the forecast may refresh it.
      await requireProfileAccess(data, caller, profileId, 'read');
      const job = await startJob(deps, data, { kind: 'forecast', profileId, userId: caller.userId });
      return publicJob(job, deps.clock());
    },
  }),
});

async function profileOfEvent(data: Data, profileId: string | null, accountIds: readonly string[]) {
  if (profileId) return profileId;
  for (const id of accountIds) {
    const { data: account } = await data.connectedAccounts.get({ id }).go();
    if (account) return account.profile_id;
  }
  return null;
}

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    const data = dataFor(deps);
    const ctx: MoneyContext = { deps, data };
    const detail = event.detail as { profileId: string | null; accountIds: string[] };
    const profileId = await profileOfEvent(data, detail.profileId, detail.accountIds);
    if (!profileId) return { ignored: 'no profile' };
    // docs/money-engine.md "When the forecast is rebuilt".
    if (event['detail-type'] === 'TransactionsChanged') {
      const outcome = await afterTransactionsChanged(
        ctx,
        profileId,
        event.detail as EventDetail<'TransactionsChanged'>,
      );
      return { profileId, ...outcome, today: todayOf(deps.clock) };
    }
    // A planned item was saved without waiting for its reconciliation: match it first, so the rebuild
    // below counts a settled item as settled (a match changes the inputs once more).
    const matched = (event.detail as EventDetail<'PlanChanged'>).reconcile
      ? (await reconcileProfile(ctx, profileId)).matched
      : 0;
    if (matched > 0) await markInputsChanged(data, profileId);
    const outcome = await afterPlanChanged(ctx, profileId);
    return { profileId, ...outcome, reconciled: outcome.reconciled + matched, today: todayOf(deps.clock) };
  },
  onSchedule: (deps) => enqueueDueProfiles({ deps, data: dataFor(deps) }),
  onMessage: queueWorker('profileMaintenance', ({ profileId }, deps) =>
    maintainIfDue({ deps, data: dataFor(deps) }, profileId),
  ),
});

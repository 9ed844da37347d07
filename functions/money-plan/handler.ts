// The Money Plan resource (spec §3 money_plan_transactions, §7 money_plan_transactions
// by due date range): planned items of the active financial profile (X-Profile-Id) with their
// reconciliation state; adding one-off and repeating items, editing one occurrence or a whole series,
// deleting (a tombstone: never physically removed, so regeneration cannot bring it back) and undoing;
// 'generate my plan' (a job: the request answers 202 and the plan-jobs queue's worker, here, builds the
// plan and its forecast; docs/jobs.md); the detected streams; undoing a reconciliation match; money-plan
// categories; and each member's own forecast view (low-balance threshold, allowance switch).
// Viewers read; editors and owners write (spec §6); every write publishes PlanChanged, and answers with
// what it stored before the reconciliation and the forecast it sets off catch up.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ConflictError, ValidationError } from '../../domain/errors.ts';
import { addDays, parseDay } from '../../domain/money/dates.ts';
import { profileIdFromRequest, requireProfileAccess, withProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { pageInMemory } from '../lib/paging.ts';
import { announcePlanChange, monthlySummary, publicStream } from '../lib/money/plan.ts';
import { publicJob, runJob, startJob } from '../lib/jobs.ts';
import { generatePlanJob, rebuildForecastJob } from '../lib/money/plan-jobs.ts';
import { itemsFromViews, readMonthViews, readViewHeader } from '../lib/money/month-views.ts';
import { unreconcileItem } from '../lib/money/reconciliation.ts';
import { profileSeries, todayOf } from '../lib/money/store.ts';
import { assertProfileAccount } from '../lib/money/validation.ts';
import { saveViewSettings, viewSettingsBody, viewSettingsOf } from '../lib/money/view-settings.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';
import {
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS,
  categoryBody,
  createBody,
  itemPath,
  listQuery,
  patchBody,
  scopeInput,
} from './inputs.ts';
import {
  context,
  createItem,
  itemOf,
  itemsFromSources,
  respondWithItem,
  touchedAccounts,
} from './item-create.ts';
import { patchItem } from './item-edit.ts';

const http = httpHandler('money-plan', {
  'GET /money-plan/items': route({
    query: listQuery,
    run: async ({ deps, caller, query, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const from = query.from ?? todayOf(deps.clock);
      const to = query.to ?? addDays(from, DEFAULT_RANGE_DAYS);
      // The access check beside the months ready to serve (month-views.ts) and the
      // forecast header that says whether they hold the latest plan (the query's own checks answer only
      // once access is granted, as before). Views not current: the items, the series' cadences, then the
      // matched transactions, as before.
      const [, [header, views]] = await withProfileAccess(data, caller, profileId, 'read', async () => {
        if (to < from) throw new ValidationError([{ field: 'query.to', message: 'must not be before from' }]);
        if (parseDay(to) - parseDay(from) > MAX_RANGE_DAYS)
          throw new ValidationError([
            { field: 'query.to', message: `must be within ${MAX_RANGE_DAYS} days of from` },
          ]);
        const [, found, stored] = await Promise.all([
          query.accountId
            ? assertProfileAccount(data, profileId, query.accountId, 'query.accountId')
            : undefined,
          readViewHeader(data, profileId),
          readMonthViews(data, profileId, from, to),
        ]);
        return [found, stored] as const;
      });
      const ready = itemsFromViews(header, views, from, to);
      const all = ready ?? (await itemsFromSources(data, profileId, from, to));
      const listed = all.filter(
        (i) =>
          (query.includeDeleted === 'true' || !i.is_user_deleted) &&
          (query.oneOff !== 'true' || i.series_id === null) &&
          (!query.accountId || !i.account_id || i.account_id === query.accountId),
      );
      // By due date, then id; a page at a time.
      const page = pageInMemory(listed, (i) => `${i.due_date}|${i.id}`, query);
      return { from, to, items: page.items, next_cursor: page.next_cursor };
    },
  }),
  'POST /money-plan/items': route({
    body: createBody,
    status: 201,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      return createItem(context(deps, data), caller, profileId, body);
    },
  }),
  'PATCH /money-plan/items/{itemId}': route({
    path: itemPath,
    body: patchBody,
    run: async ({ deps, caller, body, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      return patchItem(context(deps, data), caller, profileId, path.itemId, body);
    },
  }),
  'DELETE /money-plan/items/{itemId}': route({
    path: itemPath,
    query: z.object({ scope: scopeInput.default('this') }),
    run: async ({ deps, caller, query, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const result = await patchItem(context(deps, data), caller, profileId, path.itemId, {
        is_user_deleted: true,
        scope: query.scope,
      });
      return { item: result.item, deleted: result.updated };
    },
  }),
  'POST /money-plan/items/{itemId}/unreconcile': route({
    path: itemPath,
    run: async ({ deps, caller, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const ctx = context(deps, data);
      const item = await itemOf(data, profileId, path.itemId);
      const { changed } = await unreconcileItem(ctx, item, caller.userId);
      if (changed)
        await announcePlanChange(
          ctx,
          profileId,
          caller.userId,
          await touchedAccounts(data, profileId, [item.account_id ?? null]),
        );
      return { item: await respondWithItem(data, item.id), changed };
    },
  }),
  // A job (docs/jobs.md): answered at once with the job, which the plan-jobs queue runs; a second click
  // while it waits or runs joins it.
  'POST /money-plan/generate': route({
    status: 202,
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const job = await startJob(deps, data, { kind: 'plan', profileId, userId: caller.userId });
      return publicJob(job, deps.clock());
    },
  }),
  'GET /money-plan/streams': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const today = todayOf(deps.clock);
      // Read beside the access check, used once it is granted.
      const [, [series, { data: state }]] = await withProfileAccess(data, caller, profileId, 'read', () =>
        Promise.all([
          profileSeries(data, profileId),
          data.profileForecasts.get({ profile_id: profileId }).go(),
        ]),
      );
      const order = { income: 0, bill: 1, subscription: 2, transfer: 3 } as const;
      // A series an edit replaced is no longer part of the plan, nor one the person removed.
      const streams = series
        .filter((s) => !s.replaced_by)
        .map((s) => publicStream(s, today))
        .sort(
          (a, b) =>
            order[a.kind] - order[b.kind] ||
            (a.next_date ?? '9999').localeCompare(b.next_date ?? '9999') ||
            a.series_id.localeCompare(b.series_id),
        );
      return { generated_at: state?.plan_generated_at ?? null, streams, summary: monthlySummary(streams) };
    },
  }),
  // Per user per profile (a view preference, not plan data): any member reads and saves their own.
  'GET /money-plan/settings': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const [, settings] = await withProfileAccess(data, caller, profileId, 'read', () =>
        viewSettingsOf(data, profileId, caller.userId),
      );
      return settings;
    },
  }),
  'PUT /money-plan/settings': route({
    body: viewSettingsBody,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      return saveViewSettings(data, profileId, caller.userId, body);
    },
  }),
  'GET /money-plan/categories': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: categories } = await data.moneyPlanCategories.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      return { categories: categories.sort((a, b) => a.name.localeCompare(b.name)) };
    },
  }),
  'POST /money-plan/categories': route({
    body: categoryBody,
    status: 201,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const { data: existing } = await data.moneyPlanCategories.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      if (existing.some((c) => c.name.toLowerCase() === body.name.toLowerCase()))
        throw new ConflictError('A money-plan category with this name already exists');
      const { data: created } = await data.moneyPlanCategories
        .create({ id: randomUUID(), profile_id: profileId, created_by: caller.userId, ...body })
        .go();
      return created;
    },
  }),
});

export const handler = withTriggers(http, {
  // The plan-jobs queue: "Generate my plan" and forecast rebuilds a person asked for.
  onMessage: queueWorker('planJobs', (message, deps) => {
    const data = dataFor(deps);
    const ctx = context(deps, data);
    return runJob(deps, data, message, (job, progress) =>
      job.kind === 'forecast' ? rebuildForecastJob(ctx, job, progress) : generatePlanJob(ctx, job, progress),
    );
  }),
});

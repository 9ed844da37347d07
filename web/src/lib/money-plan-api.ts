// The Money Plan API (docs/money-plan-api.md): planned items, streams, running balances (generating the
// plan and rebuilding the forecast are jobs: jobs-api.ts).
// Shared, not in a feature: the Money Plan and the Money Calendar both read and write planned items.
// Money is integer cents; planned items and streams use cash flow (positive = money in).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client.ts';
import { classifyError } from './classify-error.ts';
import { planOneOffRange, planSeriesRange } from './early-data.ts';
import { followPages } from './paging.ts';
import { cacheAreas } from './react-query.ts';

// Built at the first parse (z.lazy), like the schemas below: not with the frame's code.
export const planItemSchema = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    account_id: z.nullable(z.string()),
    due_date: z.string(),
    amount: z.int(),
    description: z.string(),
    series_id: z.optional(z.nullable(z.string())),
    /** How its series repeats (weekly, monthly, …); null for a one-off. */
    cadence: z.nullish(z.string()),
    is_generated: z.optional(z.boolean()),
    is_user_deleted: z.optional(z.boolean()),
    is_reconciled: z.optional(z.boolean()),
    category_primary: z.nullish(z.string()),
    category_detailed: z.nullish(z.string()),
    reconciliation: z.nullish(
      z.looseObject({
        transaction_id: z.string(),
        reasons: z.optional(z.array(z.string())),
        transaction: z.nullish(
          z.looseObject({
            id: z.string(),
            date: z.string(),
            amount: z.number(),
            name: z.string(),
            merchant_name: z.nullish(z.string()),
            /** The payee as a person reads it; older servers send none (then merchant_name or name). */
            display_name: z.optional(z.string()),
          }),
        ),
      }),
    ),
  }),
);
export type PlanItem = z.infer<typeof planItemSchema>;

export const streamKindSchema = z.enum(['income', 'bill', 'subscription', 'transfer']);
export type StreamKind = z.infer<typeof streamKindSchema>;

// Schemas the first screen does not use are built when first used (z.lazy): a zod schema costs its
// construction on a phone's main thread, and this module loads with every signed-in screen.
export const streamSchema = z.lazy(() =>
  z.looseObject({
    series_id: z.string(),
    source: z.string(),
    account_id: z.nullable(z.string()),
    description: z.string(),
    kind: streamKindSchema,
    cadence: z.string(),
    schedule: z.optional(z.string()),
    amount: z.int(),
    monthly_amount: z.number(),
    next_date: z.nullable(z.string()),
    status: z.string(),
    is_planned: z.boolean(),
    is_suppressed: z.optional(z.boolean()),
    category: z.nullish(z.looseObject({ primary: z.string(), detailed: z.string() })),
  }),
);
export type Stream = z.infer<typeof streamSchema>;

export const summarySchema = z.lazy(() =>
  z.looseObject({
    income: z.number(),
    bills: z.number(),
    subscriptions: z.number(),
    transfers_in: z.number(),
    transfers_out: z.number(),
    left_after_bills: z.number(),
  }),
);
export type PlanSummary = z.infer<typeof summarySchema>;

const streamsResponseSchema = z.lazy(() =>
  z.object({
    generated_at: z.nullable(z.string()),
    streams: z.array(streamSchema),
    summary: summarySchema,
  }),
);
export type StreamsResponse = z.infer<typeof streamsResponseSchema>;

const itemResponseSchema = z.lazy(() => z.looseObject({ item: planItemSchema }));
const editResponseSchema = z.lazy(() =>
  z.looseObject({ item: planItemSchema, replaced_item_id: z.optional(z.string()) }),
);

export const streamsQueryKey = (profileId: string) => [cacheAreas.moneyPlan, profileId, 'streams'] as const;

/** /plan's streams (its summary and the recurring series). */
export const streamsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: streamsQueryKey(profileId),
    queryFn: ({ signal }) => getStreams(profileId, signal),
    staleTime: 120_000,
  });

/** /plan's planned items of the series it lists: from a month back to 400 days ahead, deleted ones too
 * (a series' skipped dates). */
export const planSeriesItemsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: [cacheAreas.moneyPlanTransactions, profileId, 'series-items'] as const,
    queryFn: ({ signal }) =>
      listPlanItems(profileId, { ...planSeriesRange(new Date()), includeDeleted: true }, signal),
    staleTime: 120_000,
  });

/** /plan's one-off items (no series): from a month back to the plan's horizon, two years ahead. */
export const planOneOffItemsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: [cacheAreas.moneyPlanTransactions, profileId, 'one-offs'] as const,
    queryFn: ({ signal }) =>
      listPlanItems(profileId, { ...planOneOffRange(new Date()), oneOff: true }, signal),
    staleTime: 120_000,
  });

export async function getStreams(profileId: string, signal?: AbortSignal): Promise<StreamsResponse> {
  return streamsResponseSchema.parse(await api.get<unknown>('/money-plan/streams', { profileId, signal }));
}

export interface NewPlanItem {
  description: string;
  amount: number;
  due_date: string;
  account_id: string | null;
  /** A Plaid primary category (domain/taxonomy.ts), with its detailed one when known, or null for none. */
  category?: { primary: string; detailed?: string } | null;
  recurrence?: { cadence: string } | null;
}

export async function createPlanItem(profileId: string, body: NewPlanItem): Promise<PlanItem> {
  return itemResponseSchema.parse(await api.post<unknown>('/money-plan/items', body, { profileId })).item;
}

export type PlanItemPatch = Partial<
  Pick<NewPlanItem, 'description' | 'amount' | 'due_date' | 'account_id' | 'category' | 'recurrence'>
> & {
  is_user_deleted?: boolean;
  scope?: 'this' | 'series';
};

export async function updatePlanItem(
  profileId: string,
  itemId: string,
  body: PlanItemPatch,
): Promise<PlanItem> {
  return itemResponseSchema.parse(
    await api.patch<unknown>(`/money-plan/items/${encodeURIComponent(itemId)}`, body, { profileId }),
  ).item;
}

/**
 * An edit from /plan: the saved item, and when the edit gave it a new schedule, the item it replaced
 * (restoring that one with its scope undoes the edit; docs/money-plan-api.md "Undoing a new schedule").
 */
export async function editPlanItem(
  profileId: string,
  itemId: string,
  body: PlanItemPatch,
): Promise<{ item: PlanItem; replacedItemId: string | null }> {
  const answer = editResponseSchema.parse(
    await api.patch<unknown>(`/money-plan/items/${encodeURIComponent(itemId)}`, body, { profileId }),
  );
  return { item: answer.item, replacedItemId: answer.replaced_item_id ?? null };
}

export async function deletePlanItem(
  profileId: string,
  itemId: string,
  scope: 'this' | 'series' = 'this',
): Promise<PlanItem> {
  return itemResponseSchema.parse(
    await api.delete<unknown>(`/money-plan/items/${encodeURIComponent(itemId)}`, {
      profileId,
      query: { scope },
    }),
  ).item;
}

/**
 * POST /money-plan/items/{id}/unreconcile: undoes a match; the item counts toward the forecast again and
 * the same transaction is never matched to it again.
 */
export async function unreconcilePlanItem(profileId: string, itemId: string): Promise<PlanItem> {
  return itemResponseSchema.parse(
    await api.post<unknown>(`/money-plan/items/${encodeURIComponent(itemId)}/unreconcile`, {}, { profileId }),
  ).item;
}

/** The cache areas a plan write changes (docs/money-plan-api.md "Every write publishes PlanChanged"). */
export const planWriteAreas = [
  cacheAreas.moneyPlan,
  cacheAreas.moneyPlanTransactions,
  cacheAreas.runningBalances,
  cacheAreas.transactionsCalendar,
] as const;

/** spec §8 "Friendly-message mapping for money plan actions". */
export const moneyPlanMessages = {
  timeout: 'This is taking longer than expected. Please try again.',
  network:
    "We're having trouble connecting to create your money plan item. Please check your internet connection and try again.",
  auth: 'Your session has expired. Please refresh the page and try again.',
  service: 'Our money planning service is temporarily busy. Please wait a moment and try again.',
  fallback: 'We encountered an unexpected issue. Please try again.',
} as const;

/** The spec §8 friendly message for a failed money plan action. */
export function moneyPlanErrorMessage(error: unknown): string {
  const { type } = classifyError(error);
  if (type === 'timeout') return moneyPlanMessages.timeout;
  if (type === 'network') return moneyPlanMessages.network;
  if (type === 'auth') return moneyPlanMessages.auth;
  if (type === 'server' || type === 'rate_limit') return moneyPlanMessages.service;
  return moneyPlanMessages.fallback;
}

export async function listPlanItems(
  profileId: string,
  query: { from?: string; to?: string; includeDeleted?: boolean; oneOff?: boolean },
  signal?: AbortSignal,
): Promise<PlanItem[]> {
  const pageSchema = z.looseObject({
    items: z.array(planItemSchema),
    next_cursor: z.optional(z.nullable(z.string())),
  });
  return followPages(async (cursor) => {
    const body = pageSchema.parse(
      await api.get<unknown>('/money-plan/items', {
        profileId,
        signal,
        query: { ...query, ...(cursor ? { cursor } : {}) },
      }),
    );
    return { items: body.items, next_cursor: body.next_cursor ?? null };
  });
}

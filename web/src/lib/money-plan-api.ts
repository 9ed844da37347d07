// The Money Plan API (docs/money-plan-api.md): planned items, streams, generation, running balances.
// Shared, not in a feature: the Money Plan and the Money Calendar both read and write planned items.
// Money is integer cents; planned items and streams use cash flow (positive = money in).
import { z } from 'zod';
import { api } from './api-client.ts';
import { classifyError } from './classify-error.ts';
import { followPages } from './paging.ts';
import { cacheAreas } from './react-query.ts';

// Built at the first parse (z.lazy), like the schemas below: not with the frame's code (issue 12).
export const planItemSchema = z.lazy(() =>
  z
    .object({
      id: z.string(),
      account_id: z.string().nullable(),
      due_date: z.string(),
      amount: z.number().int(),
      description: z.string(),
      series_id: z.string().nullable().optional(),
      /** How its series repeats (weekly, monthly, …); null for a one-off. */
      cadence: z.string().nullish(),
      is_generated: z.boolean().optional(),
      is_user_deleted: z.boolean().optional(),
      is_reconciled: z.boolean().optional(),
      category_primary: z.string().nullish(),
      category_detailed: z.string().nullish(),
      reconciliation: z
        .object({
          transaction_id: z.string(),
          reasons: z.array(z.string()).optional(),
          transaction: z
            .object({
              id: z.string(),
              date: z.string(),
              amount: z.number(),
              name: z.string(),
              merchant_name: z.string().nullish(),
              /** The payee as a person reads it; older servers send none (then merchant_name or name). */
              display_name: z.string().optional(),
            })
            .loose()
            .nullish(),
        })
        .loose()
        .nullish(),
    })
    .loose(),
);
export type PlanItem = z.infer<typeof planItemSchema>;

export const streamKindSchema = z.enum(['income', 'bill', 'subscription', 'transfer']);
export type StreamKind = z.infer<typeof streamKindSchema>;

// Schemas the first screen does not use are built when first used (z.lazy): a zod schema costs its
// construction on a phone's main thread, and this module loads with every signed-in screen (issue 12).
export const streamSchema = z.lazy(() =>
  z
    .object({
      series_id: z.string(),
      source: z.string(),
      account_id: z.string().nullable(),
      description: z.string(),
      kind: streamKindSchema,
      cadence: z.string(),
      schedule: z.string().optional(),
      amount: z.number().int(),
      monthly_amount: z.number(),
      next_date: z.string().nullable(),
      status: z.string(),
      is_planned: z.boolean(),
      is_suppressed: z.boolean().optional(),
      category: z.object({ primary: z.string(), detailed: z.string() }).loose().nullish(),
    })
    .loose(),
);
export type Stream = z.infer<typeof streamSchema>;

export const summarySchema = z.lazy(() =>
  z
    .object({
      income: z.number(),
      bills: z.number(),
      subscriptions: z.number(),
      transfers_in: z.number(),
      transfers_out: z.number(),
      left_after_bills: z.number(),
    })
    .loose(),
);
export type PlanSummary = z.infer<typeof summarySchema>;

const streamsResponseSchema = z.lazy(() =>
  z.object({
    generated_at: z.string().nullable(),
    streams: z.array(streamSchema),
    summary: summarySchema,
  }),
);
export type StreamsResponse = z.infer<typeof streamsResponseSchema>;

const itemResponseSchema = z.lazy(() => z.object({ item: planItemSchema }).loose());

export const streamsQueryKey = (profileId: string) => [cacheAreas.moneyPlan, profileId, 'streams'] as const;

export async function getStreams(profileId: string, signal?: AbortSignal): Promise<StreamsResponse> {
  return streamsResponseSchema.parse(await api.get<unknown>('/money-plan/streams', { profileId, signal }));
}

export async function generatePlan(profileId: string): Promise<{ created: number; updated: number }> {
  return z
    .object({ created: z.number(), updated: z.number() })
    .loose()
    .parse(await api.post<unknown>('/money-plan/generate', {}, { profileId, timeoutMs: 60_000 }));
}

export interface NewPlanItem {
  description: string;
  amount: number;
  due_date: string;
  account_id: string | null;
  /** A Plaid primary category (domain/taxonomy.ts), or null for none. */
  category?: { primary: string } | null;
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

/** POST /running-balances/regenerate: forces the forecast to be rebuilt now. */
export async function regenerateForecast(profileId: string): Promise<{ status: string; accounts: number }> {
  const body = z
    .object({ status: z.string(), accounts: z.unknown() })
    .loose()
    .parse(await api.post<unknown>('/running-balances/regenerate', {}, { profileId }));
  const accounts = Array.isArray(body.accounts)
    ? body.accounts.length
    : typeof body.accounts === 'number'
      ? body.accounts
      : 0;
  return { status: body.status, accounts };
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
  query: { from?: string; to?: string; includeDeleted?: boolean },
  signal?: AbortSignal,
): Promise<PlanItem[]> {
  const pageSchema = z
    .object({ items: z.array(planItemSchema), next_cursor: z.string().nullable().optional() })
    .loose();
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

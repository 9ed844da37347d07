// Event contracts on the product's EventBridge bus: the detail schema of each detail-type.
// Producers publish through the event-bus port; consumers declare the detail-types they take in
// functions/catalog.ts.
import { z } from 'zod';
import { JOB_ERROR_CODES, JOB_KINDS, JOB_STATUSES, JOB_STEPS } from '../domain/jobs.ts';

export const EVENT_SOURCE = 'money-calendar';

export const accountLinkedSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  itemId: z.string(),
  accountIds: z.array(z.string()),
});

export const transactionsChangedSchema = z.object({
  userId: z.string(),
  profileId: z.string().nullable(),
  accountIds: z.array(z.string()),
  added: z.number().int().nonnegative(),
  modified: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** Ids of the transactions this sync added (at most 500; the transaction summary e-mail lists them). */
  addedTransactionIds: z.array(z.string()).max(500).optional(),
});

export const planChangedSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  accountIds: z.array(z.string()),
  /** A planned item was written and may settle against a transaction: the consumer reconciles before it
   * rebuilds the forecast (the write answered without waiting for either). */
  reconcile: z.boolean().optional(),
});

/** A profile's stored forecast (running balances) was rebuilt. */
export const forecastUpdatedSchema = z.object({
  profileId: z.string(),
  accountIds: z.array(z.string()),
});

/** A linked bank needs the person to sign in again (Plaid ITEM_LOGIN_REQUIRED and its warnings). */
export const itemLoginRequiredSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  itemId: z.string(),
  errorCode: z.string(),
});

/** A person's subscriber record changed (trial started, paid, grace, cancelled). */
export const subscriptionChangedSchema = z.object({
  userId: z.string(),
});

/** A member lost access to a financial profile: the owner removed them, or they left. */
export const memberRemovedSchema = z.object({
  /** The member who no longer has access. */
  userId: z.string(),
  profileId: z.string(),
  removedBy: z.string(),
});

/** An admin created or changed an in-app notice (spec §2 in-app notices). */
export const noticePublishedSchema = z.object({
  notificationId: z.string(),
  targetPage: z.string(),
});

/** An admin asked for fresh dashboard figures: the roll-up job runs off the request path. */
export const adminRollupRequestedSchema = z.object({
  requestedBy: z.string(),
  requestedAt: z.string(),
});

/** A person's first default profile was created: they have just signed up (spec §7 user_signup). */
export const userRegisteredSchema = z.object({ userId: z.string() });

/** The coach answered a person (spec §7 ai_coach_used). */
export const coachUsedSchema = z.object({ userId: z.string(), profileId: z.string() });

/** A module asks for an alert to be raised (spec §7 smart-alert-batching); `once` names the occasion. */
export const alertRequestedSchema = z.object({
  userId: z.string(),
  kind: z.string().max(64),
  priority: z.number().int().min(1).max(4),
  title: z.string().max(200),
  body: z.string().max(1000),
  link: z.string().max(200).optional(),
  once: z.string().max(300),
  forceImmediate: z.boolean().optional(),
});

/** A Plaid webhook said an item has news: the webhook answers at once, the sync runs
 * in plaid-transactions-sync. */
export const syncRequestedSchema = z.object({
  itemId: z.string(),
  reason: z.string().max(80),
});

/** A job a person started moved on a step or ended (domain/jobs.ts): their open browsers show it. */
export const jobProgressSchema = z.object({
  userId: z.string(),
  profileId: z.string(),
  job: z.object({
    job_id: z.string(),
    kind: z.enum(JOB_KINDS),
    profile_id: z.string(),
    status: z.enum(JOB_STATUSES),
    step: z.enum(JOB_STEPS),
    done: z.number().int().nullable(),
    total: z.number().int().nullable(),
    message: z.string(),
    result: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).nullable(),
    error: z.object({ code: z.enum(JOB_ERROR_CODES), message: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  }),
});

export const eventContracts = {
  AccountLinked: accountLinkedSchema,
  SyncRequested: syncRequestedSchema,
  TransactionsChanged: transactionsChangedSchema,
  PlanChanged: planChangedSchema,
  ForecastUpdated: forecastUpdatedSchema,
  ItemLoginRequired: itemLoginRequiredSchema,
  SubscriptionChanged: subscriptionChangedSchema,
  NoticePublished: noticePublishedSchema,
  MemberRemoved: memberRemovedSchema,
  AdminRollupRequested: adminRollupRequestedSchema,
  UserRegistered: userRegisteredSchema,
  CoachUsed: coachUsedSchema,
  AlertRequested: alertRequestedSchema,
  JobProgress: jobProgressSchema,
} as const;

export type EventDetailType = keyof typeof eventContracts;
export type EventDetail<T extends EventDetailType> = z.infer<(typeof eventContracts)[T]>;

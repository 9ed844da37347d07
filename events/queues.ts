// The work queues: each scheduled sweep finds its due units (an item to refresh, a profile to maintain,
// a person to write to) and puts one message per unit on its queue; a worker takes them in batches.
// Read by infra/ (an SQS queue with a dead-letter queue and an event source mapping per queue) and by the
// local cloud (local/work-queues.ts, the same semantics in process). docs/operations.md says how each
// queue is watched and redriven.
import { z } from 'zod';

export interface QueueDefinition<Message extends z.ZodType = z.ZodType> {
  /** Stable id: construct ids, the QUEUE_URL_<ID> variable, logs. */
  id: string;
  description: string;
  /** The body of one message: one unit of work. */
  message: Message;
  /** Messages a worker invocation takes at once (SQS allows 1-10 without a batching window). */
  batchSize: number;
  /** Most worker invocations at once: a provider's rate limit or the table's write budget. */
  maxConcurrency: number;
  /** Deliveries of a message before it moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** Time a received message stays hidden in the local cloud before it is tried again (SQS's visibility
   * timeout, which in the cloud is six times the worker's timeout, as AWS advises for event sources). */
  localVisibilityMs: number;
}

const id = z.string().min(1).max(128);

export const queues = {
  // spec §9 balance refresh: one linked bank per message. Plaid limits /transactions/sync per client
  // and per item; 10 workers of a few calls each stay far below the per-client limit.
  plaidRefresh: {
    id: 'plaid-refresh',
    description: 'Linked Plaid items whose refresh time has come, one per message',
    message: z.object({ itemId: id }),
    batchSize: 5,
    maxConcurrency: 10,
    maxReceiveCount: 3,
    localVisibilityMs: 1_000,
  },
  // spec §9 running balances: each day every profile's plan is kept up and its forecast moved on a day.
  profileMaintenance: {
    id: 'profile-maintenance',
    description: 'Financial profiles whose daily plan and forecast upkeep is due, one per message',
    message: z.object({ profileId: id }),
    batchSize: 5,
    maxConcurrency: 20,
    maxReceiveCount: 3,
    localVisibilityMs: 1_000,
  },
  // spec §7 sendgrid-email-automation: the scheduled e-mails, one person and occasion per message; the
  // daily pass also raises the card-free trial's "ending in 3 days" alert.
  scheduledEmail: {
    id: 'scheduled-email',
    description: 'One scheduled e-mail or daily alert for one person, per message',
    message: z.discriminatedUnion('kind', [
      z.object({
        kind: z.enum(['inactive_7_days', 'inactive_30_days']),
        userId: id,
        /** The day the person was last active: the stretch away the e-mail is about. */
        occasion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      }),
      z.object({
        kind: z.enum(['weekly_digest', 'monthly_report']),
        userId: id,
        /** The week (its Monday) or month the e-mail is for. */
        occasion: z
          .string()
          .regex(/^\d{4}-\d{2}(-\d{2})?$/)
          .optional(),
      }),
      z.object({ kind: z.literal('trial_ending'), userId: id }),
    ]),
    batchSize: 10,
    maxConcurrency: 10,
    maxReceiveCount: 3,
    localVisibilityMs: 1_000,
  },
  // spec §7 smart-alert-batching: one person's due hourly or daily batch per message.
  alertDelivery: {
    id: 'alert-delivery',
    description: "A person's alerts whose batch time has come, one person per message",
    message: z.object({ userId: id }),
    batchSize: 10,
    maxConcurrency: 10,
    maxReceiveCount: 3,
    localVisibilityMs: 1_000,
  },
  // Jobs a person started and waits for (docs/jobs.md): "Generate my plan" and a forecast rebuild, one
  // job per message. One per invocation, so no job's progress waits behind another's; the table's write
  // budget, not a provider, bounds how many run at once.
  planJobs: {
    id: 'plan-jobs',
    description: "A person's 'Generate my plan' or forecast rebuild, one job per message",
    message: z.object({ profileId: id, jobId: id }),
    batchSize: 1,
    maxConcurrency: 20,
    maxReceiveCount: 3,
    // Longer than the worker's timeout (29 s), as SQS's is: a running job is never delivered twice.
    localVisibilityMs: 60_000,
  },
  // A newly linked bank's first sync, then the plan and forecast built from its history (docs/jobs.md).
  // Plaid's /transactions/sync limits per client: 10 first syncs at once stay far below them.
  initialSync: {
    id: 'initial-sync',
    description: "A newly linked bank's first sync and the plan built from it, one job per message",
    message: z.object({ profileId: id, jobId: id }),
    batchSize: 1,
    maxConcurrency: 10,
    maxReceiveCount: 3,
    localVisibilityMs: 60_000,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueKey = keyof typeof queues;
export type QueueId = (typeof queues)[QueueKey]['id'];
export type QueueMessage<K extends QueueKey> = z.infer<(typeof queues)[K]['message']>;

export const queueById = new Map<string, QueueDefinition>(Object.values(queues).map((q) => [q.id, q]));

/** The environment variable that holds a queue's URL in the cloud. */
export const queueUrlVariable = (queueId: string) =>
  `QUEUE_URL_${queueId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** Due-work indexes are sharded so no single partition carries every unit of a sweep. */
export const DUE_SHARDS = 16;

/** The shard key of a unit: `due#00` … `due#15`, from a stable hash of its id. */
export function dueShard(unitId: string): string {
  let hash = 0;
  for (let i = 0; i < unitId.length; i += 1) hash = (hash * 31 + unitId.charCodeAt(i)) >>> 0;
  return `due#${String(hash % DUE_SHARDS).padStart(2, '0')}`;
}

export const allDueShards = (): string[] =>
  Array.from({ length: DUE_SHARDS }, (_, i) => `due#${String(i).padStart(2, '0')}`);

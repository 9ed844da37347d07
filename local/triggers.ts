// The local stand-ins for EventBridge: the bus delivers each published event to every catalog entry
// that consumes its detail-type, and the scheduler fires scheduled entries on their local interval.
// Entries whose handler has not landed are skipped (their schedule or event is not live yet).
// As in the cloud, where EventBridge invokes a Lambda asynchronously and Lambda tries a failed event
// twice more before sending it to the function's failure destination, a failed delivery is tried again
// (sooner than the cloud's minutes) and then kept as a dead letter, logged and listed, never dropped.
import type { CatalogEntry } from '../functions/catalog.ts';
import type { BusEvent } from '../functions/lib/ports/event-bus.ts';

type Invoke = (entry: CatalogEntry, event: unknown) => Promise<unknown>;

/** The longest delay Node's timers take (a longer one fires after 1 ms). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Lambda's asynchronous retries: two more tries after the first (the cloud waits about 1 and 2 minutes). */
export const ASYNC_RETRY_DELAYS_MS = [200, 400] as const;

/** A delivery that failed every try: what the function's failure destination (an SQS queue) keeps. */
export interface DeadLetter {
  consumer: string;
  event: unknown;
  error: string;
  attempts: number;
  at: string;
}

export interface LocalEventDispatcher {
  deliver(event: BusEvent): Promise<void>;
  /** Resolves when every delivery started so far has finished, retries included (tests). */
  drain(): Promise<void>;
  /** Deliveries that failed every try, oldest first. */
  deadLetters(): DeadLetter[];
  /** Whether a delivery is under way. */
  busy(): boolean;
}

/** Invokes `entry` with Lambda's asynchronous retries; a delivery that fails every try is dead-lettered. */
export async function invokeAsync(
  entry: CatalogEntry,
  event: unknown,
  invoke: Invoke,
  deadLetters: DeadLetter[],
  log: (line: string) => void,
  label: string,
  retryDelaysMs: readonly number[] = ASYNC_RETRY_DELAYS_MS,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now();
    try {
      await invoke(entry, event);
      log(`${label} → ${entry.name} (${Math.round(performance.now() - started)} ms)`);
      return true;
    } catch (error) {
      const message = (error as Error).stack ?? String(error);
      const delay = retryDelaysMs[attempt - 1];
      if (delay === undefined) {
        deadLetters.push({
          consumer: entry.name,
          event,
          error: (error as Error).message ?? String(error),
          attempts: attempt,
          at: new Date().toISOString(),
        });
        log(`${label} → ${entry.name} failed ${attempt} times, dead-lettered: ${message}`);
        return false;
      }
      log(`${label} → ${entry.name} failed (try ${attempt}), trying again: ${message}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function localEventDispatcher(
  entries: CatalogEntry[],
  invoke: () => Invoke,
  log: (line: string) => void,
  {
    retryDelaysMs = ASYNC_RETRY_DELAYS_MS,
    deadLetters: dead = [],
  }: { retryDelaysMs?: readonly number[]; deadLetters?: DeadLetter[] } = {},
): LocalEventDispatcher {
  const pending = new Set<Promise<void>>();
  return {
    deliver(event) {
      const consumers = entries.filter((e) => e.handler && e.events?.includes(event['detail-type']));
      const delivery = Promise.all(
        consumers.map((entry) =>
          invokeAsync(
            entry,
            event,
            (e, ev) => invoke()(e, ev),
            dead,
            log,
            `event ${event['detail-type']} ${event.id}`,
            retryDelaysMs,
          ),
        ),
      ).then(() => undefined);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return delivery;
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    deadLetters: () => [...dead],
    busy: () => pending.size > 0,
  };
}

export function scheduledEvent(entry: CatalogEntry, now: Date) {
  return {
    version: '0',
    id: `${entry.name}-${now.getTime()}`,
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now.toISOString(),
    region: 'us-east-1',
    resources: [`arn:aws:events:local:000000000000:rule/${entry.schedule?.id ?? entry.name}`],
    detail: {},
  };
}

/** Fires each built, scheduled entry every `schedule.localEveryMs` (with the asynchronous retries and
 * dead-lettering of a bus delivery); returns the stop function. */
export function startScheduler(
  entries: CatalogEntry[],
  invoke: Invoke,
  log: (line: string) => void,
  deadLetters: DeadLetter[] = [],
): () => void {
  const timers = entries
    .filter((e) => e.handler && e.schedule)
    .map((entry) => {
      const timer = setInterval(
        () => {
          void invokeAsync(
            entry,
            scheduledEvent(entry, new Date()),
            invoke,
            deadLetters,
            log,
            `schedule ${entry.schedule?.id}`,
          );
          // Node runs a longer interval than 2^31 - 1 ms every millisecond: never let one through.
        },
        Math.min(entry.schedule?.localEveryMs ?? MAX_TIMER_MS, MAX_TIMER_MS),
      );
      timer.unref();
      return timer;
    });
  return () => timers.forEach(clearInterval);
}

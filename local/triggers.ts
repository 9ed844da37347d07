// The local stand-ins for EventBridge: the bus delivers each published event to every catalog entry
// that consumes its detail-type, and the scheduler fires scheduled entries on their local interval.
// Entries whose handler has not landed are skipped (their schedule or event is not live yet).
import type { CatalogEntry } from '../functions/catalog.ts';
import type { BusEvent } from '../functions/lib/ports/event-bus.ts';

type Invoke = (entry: CatalogEntry, event: unknown) => Promise<unknown>;

/** The longest delay Node's timers take (a longer one fires after 1 ms). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LocalEventDispatcher {
  deliver(event: BusEvent): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests). */
  drain(): Promise<void>;
}

export function localEventDispatcher(
  entries: CatalogEntry[],
  invoke: () => Invoke,
  log: (line: string) => void,
): LocalEventDispatcher {
  const pending = new Set<Promise<void>>();
  return {
    deliver(event) {
      const consumers = entries.filter((e) => e.handler && e.events?.includes(event['detail-type']));
      const delivery = Promise.all(
        consumers.map(async (entry) => {
          const started = performance.now();
          try {
            await invoke()(entry, event);
            log(
              `event ${event['detail-type']} ${event.id} → ${entry.name} (${Math.round(performance.now() - started)} ms)`,
            );
          } catch (error) {
            // EventBridge would retry; locally the failure is logged for the developer.
            log(
              `event ${event['detail-type']} ${event.id} → ${entry.name} failed: ${(error as Error).stack ?? error}`,
            );
          }
        }),
      ).then(() => undefined);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return delivery;
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
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

/** Fires each built, scheduled entry every `schedule.localEveryMs`; returns the stop function. */
export function startScheduler(
  entries: CatalogEntry[],
  invoke: Invoke,
  log: (line: string) => void,
): () => void {
  const timers = entries
    .filter((e) => e.handler && e.schedule)
    .map((entry) => {
      const timer = setInterval(
        () => {
          invoke(entry, scheduledEvent(entry, new Date())).then(
            () => log(`schedule ${entry.schedule?.id} → ${entry.name}`),
            (error: unknown) =>
              log(
                `schedule ${entry.schedule?.id} → ${entry.name} failed: ${(error as Error).stack ?? error}`,
              ),
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

import { describe, expect, it, vi } from 'vitest';
import type { CatalogEntry } from '../functions/catalog.ts';
import { inProcessBus } from '../functions/lib/ports/event-bus.ts';
import { localEventDispatcher, startScheduler } from './triggers.ts';

const entry = (name: string, extra: Partial<CatalogEntry>): CatalogEntry => ({
  name,
  kind: 'job',
  description: name,
  caller: 'internal',
  routes: [],
  handler: `functions/${name}/handler.ts`,
  timeoutSeconds: 10,
  memoryMb: 128,
  ...extra,
});

describe('local event bus', () => {
  it('delivers an event to every built consumer of its detail-type, and only those', async () => {
    const invoked: string[] = [];
    const entries = [
      entry('forecast', { events: ['TransactionsChanged'] }),
      entry('sync', { events: ['AccountLinked'] }),
      entry('unbuilt', { events: ['AccountLinked'], handler: null }),
    ];
    const dispatcher = localEventDispatcher(
      entries,
      () => async (e) => void invoked.push(e.name),
      () => undefined,
    );

    await inProcessBus((event) => dispatcher.deliver(event)).publish('AccountLinked', {
      userId: 'u',
      profileId: 'p',
      itemId: 'i',
      accountIds: [],
    });
    await dispatcher.drain();

    expect(invoked).toEqual(['sync']);
  });

  it('logs a failing consumer and keeps delivering to the others', async () => {
    const lines: string[] = [];
    const invoked: string[] = [];
    const entries = [entry('a', { events: ['PlanChanged'] }), entry('b', { events: ['PlanChanged'] })];
    const dispatcher = localEventDispatcher(
      entries,
      () => async (e) => {
        if (e.name === 'a') throw new Error('boom');
        invoked.push(e.name);
      },
      (line) => lines.push(line),
    );

    await inProcessBus((event) => dispatcher.deliver(event)).publish('PlanChanged', {
      userId: 'u',
      profileId: 'p',
      accountIds: [],
    });
    await dispatcher.drain();

    expect(invoked).toEqual(['b']);
    expect(lines.some((l) => l.includes('→ a failed'))).toBe(true);
  });

  it('tries a failed delivery again, as Lambda does for an asynchronous invocation', async () => {
    let tries = 0;
    const dispatcher = localEventDispatcher(
      [entry('flaky', { events: ['PlanChanged'] })],
      () => async () => {
        tries += 1;
        if (tries === 1) throw new Error('cold dependency');
      },
      () => undefined,
      { retryDelaysMs: [1, 1] },
    );

    await dispatcher.deliver(planChanged());

    expect(tries).toBe(2);
    expect(dispatcher.deadLetters()).toEqual([]);
  });

  it('dead-letters a delivery that fails every try, never dropping it', async () => {
    const lines: string[] = [];
    const dispatcher = localEventDispatcher(
      [entry('broken', { events: ['PlanChanged'] })],
      () => async () => {
        throw new Error('always');
      },
      (line) => lines.push(line),
      { retryDelaysMs: [1, 1] },
    );

    await dispatcher.deliver(planChanged());

    const [letter, ...rest] = dispatcher.deadLetters();
    expect(rest).toEqual([]);
    expect(letter).toMatchObject({ consumer: 'broken', attempts: 3, error: 'always' });
    expect((letter!.event as { 'detail-type': string })['detail-type']).toBe('PlanChanged');
    expect(lines.filter((l) => l.includes('→ broken failed'))).toHaveLength(3);
    expect(lines.at(-1)).toContain('dead-lettered');
  });
});

function planChanged() {
  return {
    version: '0' as const,
    id: 'e1',
    'detail-type': 'PlanChanged' as const,
    source: 'money-calendar' as const,
    account: '0',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: { userId: 'u', profileId: 'p', accountIds: [] },
  };
}

describe('local scheduler', () => {
  it('fires built scheduled entries on their interval with a scheduled event', () => {
    vi.useFakeTimers();
    try {
      const calls: Array<{ name: string; event: { source: string } }> = [];
      const schedule = { id: 'nightly', expression: 'rate(1 day)', localEveryMs: 1000, description: 'x' };
      const stop = startScheduler(
        [entry('nightly-job', { schedule }), entry('unbuilt', { schedule, handler: null })],
        async (e, event) => void calls.push({ name: e.name, event: event as { source: string } }),
        () => undefined,
      );
      vi.advanceTimersByTime(2500);
      stop();
      vi.advanceTimersByTime(5000);

      expect(calls.map((c) => c.name)).toEqual(['nightly-job', 'nightly-job']);
      expect(calls[0]?.event.source).toBe('aws.events');
    } finally {
      vi.useRealTimers();
    }
  });
});

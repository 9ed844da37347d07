// The realtime client's timing with fake timers (spec §9 Realtime): heartbeat 25 s, dead after 10 s of
// silence, reconnects after 1, 2, 5, then 10 s, catches up after each reconnect, batches pushes and
// catches up instead once more than 100 wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimePush } from '@events/realtime.ts';
import { reconnectDelay, RealtimeClient, type SocketLike } from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server (or the network) ends the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const push = (n: number): RealtimePush => ({
  type: 'event',
  id: `e${n}`,
  event: 'PlanChanged',
  profileId: 'p1',
  at: '2026-11-24T00:00:00Z',
});

let sockets: FakeSocket[];
let batches: RealtimePush[][];
let catchUps: number;
let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  batches = [];
  catchUps = 0;
  client = new RealtimeClient({
    url: async () => `ws://rt/?token=t${sockets.length}`,
    onPushes: (pushes) => batches.push(pushes),
    onCatchUp: () => {
      catchUps += 1;
    },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

/** Lets the client's awaited url() resolve and the socket be created. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 9].map((attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 5000, 10000, 10000, 10000,
    ]);
  });
});

describe('RealtimeClient', () => {
  it('reconnects after 1, 2, 5 and 10 s while the server is unreachable, with a fresh URL each time', async () => {
    client.start();
    await settle();
    expect(sockets).toHaveLength(1);
    const opensAt: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 5; i += 1) {
      sockets.at(-1)!.drop();
      const count = sockets.length;
      while (sockets.length === count) await vi.advanceTimersByTimeAsync(100);
      opensAt.push(Date.now() - started);
    }
    const gaps = opensAt.map((t, i) => t - (opensAt[i - 1] ?? 0));
    expect(gaps.map((g) => Math.round(g / 1000) * 1000)).toEqual([1000, 2000, 5000, 10000, 10000]);
    expect(new Set(sockets.map((s) => s.url)).size).toBe(sockets.length);
  });

  it('catches up after a reconnect, not on the first connection, and resets the backoff once open', async () => {
    client.start();
    await settle();
    sockets[0]!.open();
    expect(catchUps).toBe(0);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.open();
    expect(catchUps).toBe(1);
    sockets[1]!.drop();
    // Open again, so the next wait is 1 s again, not 2 s.
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
  });

  it('pings every 25 s and drops a socket that stays silent for 10 s after a ping', async () => {
    client.start();
    await settle();
    const socket = sockets[0]!;
    socket.open();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.sent).toEqual(['{"action":"ping"}']);
    socket.receive({ type: 'pong', at: 'now' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(socket.closed).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closed).toBe(4001);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
  });

  it("hands each pong, with the server's billing clock, to onPong", async () => {
    const pongs: unknown[] = [];
    const listening = new RealtimeClient({
      url: async () => 'ws://rt/?token=t',
      onPushes: () => undefined,
      onCatchUp: () => undefined,
      onPong: (pong) => pongs.push(pong),
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    });
    listening.start();
    await settle();
    sockets[0]!.open();
    const pong = { type: 'pong', at: '2026-11-24T00:00:00Z', billing_at: '2026-12-02T00:00:00Z' };
    sockets[0]!.receive(pong);
    expect(pongs).toEqual([pong]);
    listening.stop();
  });

  it('applies pushes in one batch, and catches up instead when more than 100 wait', async () => {
    client.start();
    await settle();
    sockets[0]!.open();
    for (let n = 0; n < 3; n += 1) sockets[0]!.receive(push(n));
    sockets[0]!.receive({ type: 'pong', at: 'now' });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[push(0), push(1), push(2)]]);

    for (let n = 0; n < 101; n += 1) sockets[0]!.receive(push(n));
    await vi.advanceTimersByTimeAsync(0);
    expect(catchUps).toBe(1);
    expect(batches).toHaveLength(1);
  });

  it('ignores messages it does not understand and stops for good on stop()', async () => {
    client.start();
    await settle();
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: 'garbage' });
    sockets[0]!.receive({ type: 'error', code: 'unknown_message', message: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(0);
    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(1000);
  });
});

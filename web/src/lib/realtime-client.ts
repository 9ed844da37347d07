// The SPA's one realtime connection (spec §7 websocket, §9 Realtime; docs/realtime.md): connects with a
// fresh ID token, sends a heartbeat every 25 s and treats 10 s of silence after it as a dead socket,
// reconnects after 1, 2, 5, then every 10 s, and after every reconnect asks for a catch-up (pushes sent
// while it was away are lost). Pushes are applied in batches; more than 100 waiting means it fell
// behind, and a catch-up replaces them. Framework-free, so its timing is unit-tested with fake timers.
import type { RealtimePush, RealtimeServerMessage } from '@events/realtime.ts';

type RealtimePong = Extract<RealtimeServerMessage, { type: 'pong' }>;
import { REALTIME } from './constants.ts';

/** What the client needs of a WebSocket (the browser's, or a test double). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface RealtimeClientOptions {
  /** The URL to open, with a fresh token; null while there is no session (retried on the backoff). */
  url: () => Promise<string | null>;
  /** A batch of pushes, in arrival order. */
  onPushes: (pushes: RealtimePush[]) => void;
  /** Called after a reconnect and when the push buffer overflows: refetch everything that may be stale. */
  onCatchUp: () => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** The heartbeat's answer, with the server's billing clock. */
  onPong?: (pong: RealtimePong) => void;
  createSocket?: (url: string) => SocketLike;
  heartbeatMs?: number;
  timeoutMs?: number;
  reconnectDelaysMs?: readonly number[];
  pushBuffer?: number;
}

const OPEN = 1;
const PING = JSON.stringify({ action: 'ping' });

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later one. */
export function reconnectDelay(
  attempt: number,
  delays: readonly number[] = REALTIME.reconnectDelaysMs,
): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 0;
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private stopped = true;
  private attempt = 0;
  private everOpened = false;
  private buffer: RealtimePush[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: Required<Omit<RealtimeClientOptions, 'onStatus' | 'onPong'>> &
    Pick<RealtimeClientOptions, 'onStatus' | 'onPong'>;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      heartbeatMs: REALTIME.heartbeatMs,
      timeoutMs: REALTIME.timeoutMs,
      reconnectDelaysMs: REALTIME.reconnectDelaysMs,
      pushBuffer: REALTIME.pushBuffer,
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'stopped');
    }
    this.buffer = [];
    this.options.onStatus?.('stopped');
  }

  /** Closes the socket as a network cut would; the client reconnects and catches up (tests, demos). */
  drop(): void {
    this.socket?.close(4000, 'dropped');
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.options.onStatus?.(this.everOpened ? 'reconnecting' : 'connecting');
    let url: string | null = null;
    try {
      url = await this.options.url();
    } catch {
      url = null;
    }
    if (this.stopped) return;
    if (!url) {
      this.scheduleReconnect();
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.options.onStatus?.('open');
      this.startHeartbeat(socket);
      if (reconnected) this.options.onCatchUp();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = reconnectDelay(this.attempt, this.options.reconnectDelaysMs);
    this.attempt += 1;
    this.options.onStatus?.('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }

  private startHeartbeat(socket: SocketLike): void {
    this.heartbeatTimer = setInterval(() => {
      if (socket.readyState !== OPEN) return;
      socket.send(PING);
      if (this.silenceTimer) return;
      this.silenceTimer = setTimeout(() => {
        // No answer within the time-out: the socket is dead even if the browser has not noticed.
        if (this.socket !== socket) return;
        this.socket = null;
        this.clearTimers();
        socket.onclose = null;
        socket.close(4001, 'heartbeat timeout');
        this.scheduleReconnect();
      }, this.options.timeoutMs);
    }, this.options.heartbeatMs);
  }

  private receive(raw: unknown): void {
    // Any message proves the socket alive.
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(raw)) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (message?.type === 'pong') {
      this.options.onPong?.(message);
      return;
    }
    if (message?.type !== 'event') return;
    if (this.buffer.length >= this.options.pushBuffer) {
      // Fell behind: a catch-up covers everything the buffered pushes would.
      this.buffer = [];
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      this.options.onCatchUp();
      return;
    }
    this.buffer.push(message);
    this.flushTimer ??= setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushTimer = null;
    const pushes = this.buffer;
    this.buffer = [];
    if (pushes.length > 0) this.options.onPushes(pushes);
  }

  private clearTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.heartbeatTimer = null;
    this.silenceTimer = null;
    if (this.flushTimer) {
      // Pushes that arrived before the socket went are still news: apply them now.
      clearTimeout(this.flushTimer);
      this.flush();
    }
  }
}

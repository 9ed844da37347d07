// The realtime WebSocket's message contract (spec §7 "a realtime websocket connection is also used"):
// what the server pushes and what a browser may send, shared by the publisher, the $default route, the
// local ws server and the SPA (types only there). docs/realtime.md.
import * as z from 'zod/mini';
import type { PublicJob } from '../domain/jobs.ts';
import type { EventDetailType } from './contracts.ts';

/** Bus events that reach browsers: each says which caches of which profile went stale. */
export const REALTIME_EVENTS = [
  'AccountLinked',
  'TransactionsChanged',
  'PlanChanged',
  'ForecastUpdated',
  'ItemLoginRequired',
  'SubscriptionChanged',
  'NoticePublished',
  'MemberRemoved',
  'JobProgress',
] as const satisfies readonly EventDetailType[];
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** A push: no figures, only what changed where; the SPA refetches through the API (and its access check). */
export interface RealtimePush {
  type: 'event';
  /** The bus event's id, so a browser can tell a repeat. */
  id: string;
  event: RealtimeEvent;
  /** The financial profile whose data changed; null for a person's own records (subscription) or all (notices). */
  profileId: string | null;
  accountIds?: string[];
  /** JobProgress: the job's step or end, as GET /jobs/{jobId} answers it (no figures of the person's money). */
  job?: PublicJob;
  at: string;
}

export type RealtimeServerMessage =
  | RealtimePush
  /** `billing_at`: the server's billing clock, which trial and grace ends are judged by (locally the
   * Stripe sandbox's clock, which can be moved): an open app re-checks its status when one has passed. */
  | { type: 'pong'; at: string; billing_at: string }
  | { type: 'error'; code: 'message_too_large' | 'unknown_message'; message: string };

/** What a browser may send: a heartbeat. API Gateway routes on `action` (`$request.body.action`).
 * Marked pure so a bundle that only reads this file's constants (the SPA) drops it, and zod with it. */
export const clientMessageSchema = /* @__PURE__ */ z.strictObject({
  action: /* @__PURE__ */ z.literal('ping'),
});
export type RealtimeClientMessage = z.infer<typeof clientMessageSchema>;

/** A browser message longer than this is refused unread (a ping is 17 bytes). */
export const MAX_CLIENT_MESSAGE_BYTES = 1024;

/** The query parameter that carries the Cognito ID token on connect (browsers cannot set headers). */
export const TOKEN_QUERY_PARAMETER = 'token';
/** …and the second-factor session of a person with 2FA on (the API's `x-two-factor-session`). */
export const TWO_FACTOR_QUERY_PARAMETER = 'twoFactorSession';

/** A connection record outlives API Gateway's 2-hour connection limit by an hour, then expires. */
export const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

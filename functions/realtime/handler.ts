// The realtime WebSocket's routes (docs/realtime.md). $connect has no authorizer in
// front of it: it verifies the Cognito ID token from the query string itself and refuses the handshake
// (401) unless it is valid; $disconnect forgets the connection; $default answers a heartbeat and refuses
// anything else — too long or unknown — with an error message, changing nothing.
import {
  clientMessageSchema,
  MAX_CLIENT_MESSAGE_BYTES,
  TOKEN_QUERY_PARAMETER,
  TWO_FACTOR_QUERY_PARAMETER,
  type RealtimeServerMessage,
} from '../../events/realtime.ts';
import { dataFor } from '../lib/data/index.ts';
import { getDeps, type Deps } from '../lib/deps.ts';
import type { ApiEvent } from '../lib/http.ts';
import { closeConnection, openConnection } from '../lib/realtime/connections.ts';
import { requireSecondFactor, SESSION_HEADER } from '../lib/two-factor.ts';

/** The API Gateway WebSocket event (Lambda proxy integration), as much of it as the routes read. */
export interface WebSocketEvent {
  requestContext: {
    routeKey: string;
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    connectionId: string;
    requestId?: string;
  };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
  isBase64Encoded?: boolean;
}

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}

const reply = (message: RealtimeServerMessage): WebSocketResult => ({
  statusCode: 200,
  body: JSON.stringify(message),
});

export async function handleWebSocket(event: WebSocketEvent, deps: Deps): Promise<WebSocketResult> {
  const { routeKey, connectionId } = event.requestContext;
  const data = dataFor(deps);
  const log = deps.logger.child({ fn: 'realtime', routeKey, connectionId });

  if (routeKey === '$connect') {
    let userId: string;
    try {
      const claims = await deps.verifyIdToken(event.queryStringParameters?.[TOKEN_QUERY_PARAMETER]);
      userId = claims.sub;
      // A person with 2FA on connects only with the second-factor session the HTTP API asks for too.
      const session = event.queryStringParameters?.[TWO_FACTOR_QUERY_PARAMETER];
      await requireSecondFactor(
        deps,
        data,
        {
          userId,
          email: '',
          fullName: null,
          groups: [],
          isAdmin: false,
          // A sign-in that "sign out of other sessions" ended does not reconnect either.
          authTime: Number.isFinite(Number(claims.auth_time)) ? Number(claims.auth_time) : null,
        },
        {
          headers: session ? { [SESSION_HEADER]: session } : {},
          requestContext: { authorizer: { jwt: { claims, scopes: [] } } },
        } as unknown as ApiEvent,
      );
    } catch (error) {
      log.warn('realtime connect refused', { reason: (error as Error).message });
      return { statusCode: 401, body: 'Unauthorized' };
    }
    await openConnection(data, connectionId, userId, deps.clock());
    log.info('realtime connected', { userId });
    return { statusCode: 200 };
  }

  if (routeKey === '$disconnect') {
    await closeConnection(data, connectionId);
    return { statusCode: 200 };
  }

  const raw = event.body ?? '';
  const size = Buffer.byteLength(raw, event.isBase64Encoded ? 'base64' : 'utf8');
  if (size > MAX_CLIENT_MESSAGE_BYTES) {
    log.warn('realtime message refused', { reason: 'too large', size });
    return reply({
      type: 'error',
      code: 'message_too_large',
      message: `Messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes`,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw);
  } catch {
    parsed = undefined;
  }
  if (!clientMessageSchema.safeParse(parsed).success) {
    log.warn('realtime message refused', { reason: 'unknown message' });
    return reply({ type: 'error', code: 'unknown_message', message: 'Only {"action":"ping"} is accepted' });
  }
  return reply({
    type: 'pong',
    at: deps.clock().toISOString(),
    billing_at: deps.billingClock().toISOString(),
  });
}

export const handler = (event: WebSocketEvent) => handleWebSocket(event, getDeps());

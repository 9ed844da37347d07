// The realtime port: sends one message to one WebSocket connection. API Gateway's Management API in the
// cloud (POST @connections/{id}), the local gateway's ws server here; both answer 'gone' for a
// connection that no longer exists (API Gateway's 410 GoneException), so the caller can forget it.
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';

export type SendOutcome = 'sent' | 'gone';

export interface RealtimeSender {
  send(connectionId: string, message: string): Promise<SendOutcome>;
}

/** `endpoint`: the WebSocket stage's callback URL, `https://{apiId}.execute-api.{region}.amazonaws.com/{stage}`. */
export function apiGatewayRealtimeSender(endpoint: string): RealtimeSender {
  const client = new ApiGatewayManagementApiClient({ endpoint });
  return {
    async send(connectionId, message) {
      try {
        await client.send(
          new PostToConnectionCommand({
            ConnectionId: connectionId,
            Data: new TextEncoder().encode(message),
          }),
        );
        return 'sent';
      } catch (error) {
        if (
          error instanceof GoneException ||
          (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 410
        ) {
          return 'gone';
        }
        throw error;
      }
    },
  };
}

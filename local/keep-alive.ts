// The local servers' keep-alive: what the gateway and the sandboxes share.
import type { Server } from 'node:http';

/**
 * Keeps idle keep-alive connections open longer than any client keeps them (Node's fetch: 4 s; the
 * server's default is 5 s). Otherwise, on a busy machine, the server may close a connection just as a
 * client sends the next request on it, which the client sees as ECONNRESET (seen in the integration
 * suite at load 20). API Gateway and load balancers keep theirs about a minute.
 */
export function keepConnectionsLongerThanClients(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

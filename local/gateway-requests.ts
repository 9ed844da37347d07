// What the local gateway does with one HTTP request before a handler sees it: the body read up to its
// limit, the headers as API Gateway passes them, and the Lambda context of the call.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'aws-lambda';
import type { CatalogEntry } from '../functions/catalog.ts';
import { readBodyBytes } from './sandbox-http.ts';

/** Bodies past this are refused unread (413): far above any handler's own limit (functions/lib/http.ts,
 * 64 KB, webhooks 256 KB), so a 5 MB body is never read in full. */
export const MAX_BODY_BYTES = 1024 * 1024;
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return readBodyBytes(request, limit, () => new Error('payload too large'));
}

export function headerRecord(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

export function lambdaContext(entry: CatalogEntry, requestId: string): Context {
  const deadline = Date.now() + entry.timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${entry.name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${entry.name}`,
    memoryLimitInMB: String(entry.memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${entry.name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

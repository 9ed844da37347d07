// The handler of every catalog entry whose issue has not landed yet: it answers 501 with a clear
// message naming the function and the issue that builds it. Nothing else in the product is stubbed.
// It authorizes first, as a built handler would: an admin entry answers a caller
// outside the `admin` group 403, so an unbuilt admin route tells a non-admin nothing more than a
// built one would.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorMessages } from '../../domain/errors.ts';
import { catalogByName } from '../catalog.ts';
import { callerFromEvent, type ApiEvent } from './caller.ts';

const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

export function notImplementedResponse(name: string, event?: ApiEvent): APIGatewayProxyStructuredResultV2 {
  const entry = catalogByName.get(name);
  if (event && (entry?.caller === 'user' || entry?.caller === 'admin')) {
    const caller = callerFromEvent(event);
    if (!caller) return json(401, { code: 'auth', message: errorMessages.auth });
    if (entry.caller === 'admin' && !caller.isAdmin)
      return json(403, { code: 'forbidden', message: 'Admin access required' });
  }
  const planned = entry?.plannedIn ? ` It is built in the issue "${entry.plannedIn}".` : '';
  return json(501, { code: 'not_implemented', message: `${name} is not implemented yet.${planned}` });
}

export const handler = async (event?: ApiEvent): Promise<APIGatewayProxyStructuredResultV2> =>
  notImplementedResponse(process.env.CATALOG_NAME ?? 'This function', event);

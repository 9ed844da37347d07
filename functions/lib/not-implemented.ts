// The handler of every catalog entry whose issue has not landed yet: it answers 501 with a clear
// message naming the function and the issue that builds it. Nothing else in the product is stubbed.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { catalogByName } from '../catalog.ts';

export function notImplementedResponse(name: string): APIGatewayProxyStructuredResultV2 {
  const entry = catalogByName.get(name);
  const planned = entry?.plannedIn ? ` It is built in the issue "${entry.plannedIn}".` : '';
  return {
    statusCode: 501,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ code: 'not_implemented', message: `${name} is not implemented yet.${planned}` }),
  };
}

export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> =>
  notImplementedResponse(process.env.CATALOG_NAME ?? 'This function');

// Who is calling: the API event and result types of the HTTP API, and the signed-in caller taken only from
// the verified JWT claims (never from a body). A leaf module: the request stack, the policies it runs and
// the services they call all depend on it, and it depends on none of them.
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** The signed-in caller, taken only from the verified token's claims. */
export interface Caller {
  userId: string;
  email: string;
  fullName: string | null;
  groups: string[];
  isAdmin: boolean;
  /** When the token's sign-in happened (`auth_time`, seconds): a revocation ends older sign-ins. */
  authTime: number | null;
}

function claimList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  // API Gateway HTTP APIs flatten array claims to "[a b]".
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function callerFromEvent(event: ApiEvent): Caller | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub === '') return null;
  const groups = claimList(claims['cognito:groups']);
  return {
    userId: sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    fullName: typeof claims.name === 'string' && claims.name !== '' ? claims.name : null,
    groups,
    isAdmin: groups.includes('admin'),
    // HTTP APIs hand claims over as strings.
    authTime: Number.isFinite(Number(claims.auth_time)) ? Number(claims.auth_time) : null,
  };
}

// The local gateway's route table: the catalog's routes compiled to matchers (path parameters as API
// Gateway names them), each route's own request limit, and the JWT claims flattened as the HTTP API hands
// them to a Lambda.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import type { CatalogEntry, HttpMethod, RouteThrottle } from '../functions/catalog.ts';

export type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface CompiledRoute {
  entry: CatalogEntry;
  method: HttpMethod;
  path: string;
  routeKey: string;
  pattern: RegExp;
  params: string[];
  /** Literal segments rank before parameters, as API Gateway prefers the most specific route. */
  specificity: number;
  throttle?: RouteThrottle;
}

/**
 * API Gateway's route throttling: a token bucket per route holding `burst` requests,
 * refilled at `rate` per second; an empty bucket answers 429 before the handler runs.
 */
export function routeLimiter(now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (routeKey: string, throttle: RouteThrottle): boolean => {
    const t = now();
    const bucket = buckets.get(routeKey) ?? { tokens: throttle.burst, at: t };
    bucket.tokens = Math.min(throttle.burst, bucket.tokens + ((t - bucket.at) / 1000) * throttle.rate);
    bucket.at = t;
    buckets.set(routeKey, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

export function compileRoutes(entries: CatalogEntry[]): CompiledRoute[] {
  const compiled = entries.flatMap((entry) =>
    entry.routes.map((route) => {
      const params: string[] = [];
      const segments = route.path.split('/').filter(Boolean);
      const source = segments
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (param?.[1]) {
            params.push(param[1]);
            return '/([^/]+)';
          }
          return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        })
        .join('');
      return {
        entry,
        method: route.method,
        path: route.path,
        routeKey: `${route.method} ${route.path}`,
        pattern: new RegExp(`^${source || '/'}$`),
        params,
        specificity: segments.filter((s) => !s.startsWith('{')).length * 100 - params.length,
        ...(route.throttle ? { throttle: route.throttle } : {}),
      };
    }),
  );
  return compiled.sort((a, b) => b.specificity - a.specificity);
}

export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
): { route: CompiledRoute; pathParameters: Record<string, string> } | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    route.params.forEach((name, index) => {
      pathParameters[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return { route, pathParameters };
  }
  return allowed.length > 0 ? { allowed } : null;
}

/** API Gateway HTTP APIs pass JWT claims as strings, arrays flattened to "[a b]". */
export function flattenClaims(payload: JWTPayload): Record<string, string | number | boolean | string[]> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

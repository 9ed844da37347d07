// The product's API handlers: every API Lambda is `httpHandler(name, routes)`, the request stack
// (http-stack.ts) with the access policies every route group of the catalog runs:
//   - admin routes check the caller first (401 signed out, 403 unless both the `admin` group and
//     profiles.is_admin), before the body limit, JSON parsing, validation or any lookup;
//   - a signed-in caller's sign-in must be live (not ended by "sign out of other sessions") and, for a
//     user with 2FA on, verified by its second factor, except on the code step's own routes.
import { adminOnly } from './admin/access.ts';
import { httpStack, type BoundRoute } from './http-stack.ts';
import { verifiedSignIn } from './two-factor/sessions.ts';

export { callerFromEvent, type ApiEvent, type ApiResult, type Caller } from './caller.ts';
export {
  HtmlPage,
  MAX_BODY_BYTES,
  MAX_WEBHOOK_BODY_BYTES,
  route,
  type BoundRoute,
  type RouteDefinition,
  type RouteInput,
  type RoutePolicy,
} from './http-stack.ts';

const API_POLICIES = [adminOnly, verifiedSignIn];

/**
 * Builds the Lambda handler of one catalog entry. `routes` is keyed by API Gateway route key
 * ("GET /profiles/me"); each route of the catalog entry must have one.
 */
export function httpHandler(
  name: string,
  routes: Record<string, BoundRoute>,
  /** rawBody: hand routes the body text untouched (webhook signatures cover the exact bytes).
   * maxBodyBytes: a route group's own, smaller body limit (413 past it). */
  options: { rawBody?: boolean; maxBodyBytes?: number } = {},
) {
  return httpStack(name, routes, options, API_POLICIES);
}

// The API under the SPA's own origin: CloudFront sends /api/* to API Gateway, so the
// browser makes same-origin calls and sends no CORS preflight. Locally the Vite dev and preview servers
// proxy the same path to the local gateway (web/vite.config.ts). docs/deploy.md.
import { catalog } from '../functions/catalog.ts';

export const API_PATH_PREFIX = '/api';

/** The visitor's address as CloudFront saw it, set (overwriting anything the browser sent) by the
 * viewer-request function: the API behind CloudFront sees CloudFront's address as the source, and the
 * managed all-viewer policy does not forward CloudFront's own viewer-address header. Per-visitor limits
 * of public routes read it (client reports). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** CloudFront Function (viewer request): /api/profiles/me → /profiles/me, the API's own route, with the
 * visitor's address in VIEWER_ADDRESS_HEADER. */
export const stripApiPrefixSource = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/api(?=\\/|$)/, '') || '/';
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** The public routes (no sign-in) as path prefixes under /api, up to their first path parameter. */
export function publicApiPaths(): string[] {
  const paths = catalog
    .filter((entry) => entry.caller === 'public')
    .flatMap((entry) => entry.routes.map((r) => r.path.split('{')[0] ?? r.path));
  return [...new Set(paths.map((p) => `${API_PATH_PREFIX}${p}`))].sort();
}

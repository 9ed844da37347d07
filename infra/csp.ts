// The SPA's Content-Security-Policy, as a pure function so the policy is unit-tested as text.
import { createHash } from 'node:crypto';
// spec §7: "The content security policy allows the bank-link CDN, the data-store backend and the
// provider API hosts; framing is denied."

export interface CspInputs {
  /** Origin of the HTTP API when it is not the SPA's own (no trailing slash). May be a CDK token. The
   * deployed SPA calls the API same-origin under /api, which 'self' covers. */
  apiUrl?: string;
  /** AWS region of the Cognito user pool: Amplify talks to cognito-idp.<region>.amazonaws.com. */
  region: string;
  /** Extra image origins (e.g. the avatars bucket for presigned avatar URLs). */
  imageOrigins?: string[];
  /** The realtime WebSocket stage (`wss://…`), which the page connects to. May be a CDK token. */
  realtimeUrl?: string;
  /** `'sha256-…'` sources of the inline scripts index.html carries (the theme set before first paint). */
  scriptHashes?: string[];
}

/** The CSP hash source of every inline `<script>` (no src) in an HTML page, as browsers compute it.
 * Data blocks (`type="application/json"`, the runtime config) never run, so they need none. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\btype\s*=\s*["']?application\/json/i.test(attributes ?? ''))
    .map(
      ([, , body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '', 'utf8')
          .digest('base64')}'`,
    );
}

/** Plaid Link loads its script and iframe from the CDN, and calls Plaid's hosts from the page. */
export const plaidLinkCdn = 'https://cdn.plaid.com';
export const plaidApiHosts = ['https://production.plaid.com', 'https://sandbox.plaid.com'] as const;

export function buildContentSecurityPolicy({
  apiUrl,
  region,
  imageOrigins = [],
  realtimeUrl,
  scriptHashes = [],
}: CspInputs): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, plaidLinkCdn]],
    // Toast and dialog libraries inject <style> elements at runtime; no script runs from styles.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...imageOrigins]],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      [
        "'self'",
        ...(apiUrl ? [apiUrl] : []),
        ...(realtimeUrl ? [realtimeUrl] : []),
        `https://cognito-idp.${region}.amazonaws.com`,
        'https://*.plaid.com',
        ...plaidApiHosts,
      ],
    ],
    ['frame-src', [plaidLinkCdn]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['upgrade-insecure-requests', []],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

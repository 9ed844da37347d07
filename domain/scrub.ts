// The one scrubber of client reports: what a browser sends about itself (error messages, log
// lines, routes) and what the server stores from it pass through `scrub`, so no token, amount or e-mail
// address leaves the page or reaches the table, whichever side a new field is added on.

/** What replaces each kind of secret or personal datum; tests and docs name these. */
export const SCRUBBED = {
  token: '[token]',
  email: '[email]',
  amount: '[amount]',
  secret: '[redacted]',
} as const;

const rules: readonly [RegExp, string][] = [
  // JSON Web Tokens (Cognito ID and access tokens): three base64url parts, the first a JSON header.
  [/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, SCRUBBED.token],
  // "Authorization: …" (with its scheme) and "Bearer …", whatever follows.
  [/\b(authorization)(["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',;}]+/gi, `$1$2${SCRUBBED.token}`],
  [/\b(bearer)(\s+)[^\s"',;}]+/gi, `$1$2${SCRUBBED.token}`],
  // Plaid's tokens and Stripe's keys by their prefixes.
  [/\b(access|public|link|processor)-(sandbox|development|production)-[A-Za-z0-9-]+/g, SCRUBBED.token],
  [/\b(sk|pk|rk|whsec)_(test|live)_[A-Za-z0-9]+/g, SCRUBBED.token],
  // Secrets in query strings or key=value text: ?token=…, code=…, password: …
  [
    /\b(token|token_hash|access_token|id_token|refresh_token|password|secret|api_key|apikey)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    `$1$2${SCRUBBED.secret}`,
  ],
  // A one-time code in a URL (?code=…); "error code: X" elsewhere is kept.
  [/([?&]code=)[^\s&#"']+/gi, `$1${SCRUBBED.secret}`],
  // E-mail addresses.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, SCRUBBED.email],
  // Amounts named as such: "amount": 1234, balance=-12.5, total_cents: 900.
  [
    /\b(\w*(?:amount|balance|total|cents|income|spending|spent|price|limit|available|current)\w*)(["']?\s*[:=]\s*["']?)-?\d+(?:,\d{3})*(?:\.\d+)?/gi,
    `$1$2${SCRUBBED.amount}`,
  ],
  // Money written as money: $1,234.56, -$12, 12.50 USD, €3.
  [/-?[$€£]\s?-?\d[\d,]*(?:\.\d+)?/g, SCRUBBED.amount],
  [/-?\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars?)\b/gi, SCRUBBED.amount],
  // Any number with exactly two decimals is read as money (1234.56), not a version (1.2.34) or a time.
  [/(?<![\d.:])-?\d[\d,]*\.\d{2}(?![\d.])/g, SCRUBBED.amount],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long opaque strings (keys, hashes, unknown tokens): 32+ characters of base64/hex without spaces. */
const OPAQUE = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

/** Scrubs one piece of text. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  // A UUID (a correlation or record id) is an identifier, not a secret, and is kept.
  return out.replace(OPAQUE, (match) => (UUID.test(match) ? match : SCRUBBED.token));
}

/**
 * Scrubs every string inside a value (objects, arrays), and drops every field whose name says it holds
 * a secret or an amount. Numbers under amount-like keys become '[amount]'. Returns a new value.
 */
export function scrub<T>(value: T): T {
  return scrubValue(value, null) as T;
}

const SECRET_KEY = /^(authorization|token|id_?token|access_?token|refresh_?token|password|secret|cookie)$/i;
const AMOUNT_KEY = /(amount|balance|total|cents|income|spending|spent|price|available)/i;

function scrubValue(value: unknown, key: string | null): unknown {
  if (key !== null && SECRET_KEY.test(key)) return SCRUBBED.secret;
  if (typeof value === 'string')
    return key !== null && AMOUNT_KEY.test(key) ? SCRUBBED.amount : scrubText(value);
  if (typeof value === 'number') return key !== null && AMOUNT_KEY.test(key) ? SCRUBBED.amount : value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, null));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, k)]));
  }
  return value;
}

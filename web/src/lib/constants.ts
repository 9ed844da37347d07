// The spec §9 numbers the SPA uses, in one place. Rules shared with the server live in domain/.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** spec §7 request dedup / §9: a call gives up after 30 s ('Request timeout after {n}ms'). */
export const REQUEST_TIMEOUT_MS = 30 * SECOND;

/** spec §9 query cache freshness / retention. */
export const QUERY_STALE_TIME_MS = 15 * MINUTE;
export const QUERY_GC_TIME_MS = 30 * MINUTE;

/** spec §9 query retry: 1, delay min(2 s x 2^n, 30 s). */
export const QUERY_RETRIES = 1;
export const QUERY_RETRY_BASE_MS = 2 * SECOND;
export const QUERY_RETRY_MAX_MS = 30 * SECOND;

/** spec §9 mutation retry: 1, delay 1 s. */
export const MUTATION_RETRIES = 1;
export const MUTATION_RETRY_DELAY_MS = 1 * SECOND;

/** spec §9 toasts: stacked toasts visible 3, default 4000 ms, gap 14, offset 32 px (mobile 16 px). */
export const TOASTS = {
  visible: 3,
  durationMs: 4000,
  gap: 14,
  offset: 32,
  mobileOffset: 16,
} as const;

/** spec §9 delays: 100 ms post-sign-in refreshes and token processing. */
export const POST_SIGN_IN_DELAY_MS = 100;

/** spec §9 delays: 100 ms before the active profile is reset after a create or an archive (spec §4). */
export const ACTIVE_PROFILE_RESET_DELAY_MS = 100;

// The spec §9 numbers the SPA uses, in one place. Rules shared with the server live in domain/.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** spec §7 request dedup / §9: a call gives up after 30 s ('Request timeout after {n}ms'). */
export const REQUEST_TIMEOUT_MS = 30 * SECOND;

/** spec §7 request dedup / §9 "max pending 30 s": an identical call joins a pending one for 30 s at most. */
export const REQUEST_DEDUP_MAX_PENDING_MS = 30 * SECOND;

/**
 * spec §7 request dedup "3 retries" with spec §9's retry helper (3 attempts, 1 s base, doubling, up to
 * 1 s jitter): the policy of every function call that the spec gives no numbers of its own. "N retries"
 * is read as N attempts in all, as for the Plaid calls below.
 */
export const FUNCTION_CALL_RETRY = { attempts: 3, baseDelayMs: 1 * SECOND, maxJitterMs: 1 * SECOND } as const;

/**
 * spec §7 generic edge-function invoker: 5 attempts, 1,500 ms. A caller's own retry policy starts from
 * these and overrides what it names (the jitter is spec §7's "up to 1 s").
 */
export const GENERIC_INVOKER_RETRY = { attempts: 5, baseDelayMs: 1500, maxJitterMs: 1 * SECOND } as const;

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

/** spec §2 / §9: under 768 px the mobile layout applies (and the connect flow uses hosted link). */
export const MOBILE_BREAKPOINT_PX = 768;

/** spec §9: the bank-connect retry wrapper's defaults, 3 attempts, 500 ms base, jitter up to 1000 ms. */
export const BANK_CONNECT_RETRY = { attempts: 3, baseDelayMs: 500, maxJitterMs: 1000 } as const;

/**
 * spec §7 per call: plaid-link-token and plaid-exchange-token 3 retries, plaid-hosted-link 3 retries
 * from a 1 s base, link-account-to-profile and smart-plaid-sync 2 retries. "N retries" is read as N
 * attempts in all, the wrapper's own unit (spec §9 "3 attempts").
 */
export const PLAID_CALL_RETRY = {
  linkToken: { ...BANK_CONNECT_RETRY, attempts: 3 },
  hostedLink: { ...BANK_CONNECT_RETRY, attempts: 3, baseDelayMs: 1 * SECOND },
  exchangeToken: { ...BANK_CONNECT_RETRY, attempts: 3 },
  linkAccountToProfile: { ...BANK_CONNECT_RETRY, attempts: 2 },
  smartSync: { ...BANK_CONNECT_RETRY, attempts: 2 },
} as const;

/**
 * spec §9 Setup: readiness polled every 1 s, default profile requested after 0.5 s, error after 10 s,
 * elapsed-time tick 3 s, safety net after 10 s, success handler after 1 s. spec §2: the 'Still
 * preparing' note after 5 s.
 */
export const SETUP = {
  pollMs: 1 * SECOND,
  createProfileAfterMs: 500,
  timeoutMs: 10 * SECOND,
  tickMs: 3 * SECOND,
  safetyNetAfterMs: 10 * SECOND,
  successDelayMs: 1 * SECOND,
  stillPreparingAfterMs: 5 * SECOND,
} as const;

/** spec §9 Hosted-link popup: 600x700, polled every 1 s, given up after 10 min. */
export const HOSTED_LINK_POPUP = {
  width: 600,
  height: 700,
  pollMs: 1 * SECOND,
  giveUpAfterMs: 10 * MINUTE,
} as const;

/** spec §9 Refresh progress: +4 every 500 ms, capped at 85; the overlay clears 1.5 s after 100. */
export const REFRESH_PROGRESS = {
  step: 4,
  intervalMs: 500,
  cap: 85,
  clearAfterMs: 1500,
  scopeWaitMs: 1 * SECOND,
} as const;

/** spec §9 Toasts: connect toasts last 3 s (information), 4 s (success) or 5 s (failure). */
export const CONNECT_TOAST_MS = { info: 3 * SECOND, success: 4 * SECOND, error: 5 * SECOND } as const;

/** spec §9 Prefetch freshness: accounts 30 s, transactions 60 s. */
export const PREFETCH_FRESHNESS_MS = { accounts: 30 * SECOND, transactions: 60 * SECOND } as const;

/** spec §9 Loading screen: min display 2 s; tip rotation 8 s (4 s on home loading); progress cap 90. */
export const LOADING_SCREEN = {
  minDisplayMs: 2 * SECOND,
  tipRotationMs: 8 * SECOND,
  homeTipRotationMs: 4 * SECOND,
  progressCap: 90,
} as const;

/** spec §9 Landing typing: 40 ms per character, 3 s pause. */
export const LANDING_TYPING = { charMs: 40, pauseMs: 3 * SECOND } as const;

/** spec §9 delays: 200 ms before the personalize dialog closes. */
export const PERSONALIZE_CLOSE_DELAY_MS = 200;

/** spec §4 / §9 Engagement prompt: at most one per day (read as: none within 24 h of the last one). */
export const ENGAGEMENT_PROMPT_INTERVAL_MS = 24 * 60 * MINUTE;

/**
 * spec §9 Realtime: a heartbeat every 25 s, a connection that answers nothing for 10 s after one is
 * dead, reconnects after 1, 2, 5 then every 10 s, and at most 100 pushes waiting to be applied (more
 * means the browser fell behind: it catches up whole instead).
 */
export const REALTIME = {
  heartbeatMs: 25 * SECOND,
  timeoutMs: 10 * SECOND,
  reconnectDelaysMs: [1 * SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND],
  pushBuffer: 100,
} as const;

/** spec §9 Log buffer / metrics: 1,000 entries each, the oldest dropped first (lib/telemetry.ts). */
export const LOG_BUFFER_SIZE = 1000;
export const METRICS_BUFFER_SIZE = 1000;

/**
 * Shipping client reports (lib/report-shipper.ts): what arrives within spec §9's 10 ms batch
 * pause goes in one local batch; posts leave at most every 5 s, and once more on page hide.
 */
export const REPORT_SHIPPING = {
  batchPauseMs: 10,
  minIntervalMs: 5 * SECOND,
  /** Distinct error reports one page load sends at most; repeats of one fingerprint are counted, not sent. */
  maxErrorsPerPage: 25,
  /** The share of operations whose timings are sent: all locally, a quarter in the cloud. */
  sampleRate: { local: 1, cloud: 0.25 },
} as const;

// The size limits of a client report, apart from its zod schema (domain/client-report.ts) so
// the page's recorder can use them without loading zod.

/** A post's body is refused past this (413), before it is parsed. */
export const CLIENT_REPORT_MAX_BYTES = 32 * 1024;
export const CLIENT_REPORT_MAX_ERRORS = 10;
export const CLIENT_REPORT_MAX_METRICS = 100;
/** spec §9 navigation history: the last 10 routes. */
export const NAVIGATION_HISTORY_SIZE = 10;
/** The last few log lines an error report carries. */
export const REPORT_LOG_LINES = 10;

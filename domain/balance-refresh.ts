// The balance-refresh policy of spec §9: minimum intervals by tier (critical 6 h, normal 24 h,
// background 48 h, inactive user 72 h; inactive = no activity for over 168 h), a user-forced refresh
// that bypasses the interval, and the rate-limit backoff steps 2, 5, 10, 30, 60 minutes.
export type RefreshTier = 'critical' | 'normal' | 'background' | 'inactive';

export const REFRESH_INTERVAL_HOURS: Record<RefreshTier, number> = {
  critical: 6,
  normal: 24,
  background: 48,
  inactive: 72,
};
export const INACTIVE_AFTER_HOURS = 168;
export const RATE_LIMIT_BACKOFF_MINUTES = [2, 5, 10, 30, 60] as const;

/** Below this a cash account is refreshed on the critical interval (a low balance moves fast). */
export const CRITICAL_BALANCE_CENTS = 100_00;

const HOUR = 3_600_000;

export interface RefreshSubject {
  accountType: 'depository' | 'credit' | 'loan' | 'investment' | 'other';
  /** Current balance in cents (the amount owed for credit and loans). */
  balanceCents: number | null;
  creditLimitCents?: number | null;
  userLastActiveAt: Date | null;
}

/**
 * Tier of an account, decided in this order: an inactive user's accounts wait longest; a cash account
 * below $100 or a card within 10% of its limit is critical; investments and loans change slowly
 * (background); everything else is normal.
 */
export function refreshTier(subject: RefreshSubject, now: Date): RefreshTier {
  const idleHours = subject.userLastActiveAt
    ? (now.getTime() - subject.userLastActiveAt.getTime()) / HOUR
    : Infinity;
  if (idleHours > INACTIVE_AFTER_HOURS) return 'inactive';
  const balance = subject.balanceCents;
  if (subject.accountType === 'depository' && balance !== null && balance < CRITICAL_BALANCE_CENTS)
    return 'critical';
  if (
    subject.accountType === 'credit' &&
    balance !== null &&
    subject.creditLimitCents &&
    balance >= subject.creditLimitCents * 0.9
  ) {
    return 'critical';
  }
  if (subject.accountType === 'investment' || subject.accountType === 'loan') return 'background';
  return 'normal';
}

export function nextRefreshAt(lastRefresh: Date | null, tier: RefreshTier, now: Date): Date {
  if (!lastRefresh) return now;
  return new Date(lastRefresh.getTime() + REFRESH_INTERVAL_HOURS[tier] * HOUR);
}

export type RefreshDecision = 'refresh' | 'skip' | 'rate_limited';

export function refreshDecision(input: {
  lastRefresh: Date | null;
  tier: RefreshTier;
  now: Date;
  forced: boolean;
  backoffUntil: Date | null;
}): RefreshDecision {
  if (input.backoffUntil && input.backoffUntil > input.now) return 'rate_limited';
  if (input.forced) return 'refresh';
  return nextRefreshAt(input.lastRefresh, input.tier, input.now) <= input.now ? 'refresh' : 'skip';
}

/** After the n-th consecutive rate limit (1-based), wait this long; the last step repeats. */
export function backoffMinutes(consecutiveRateLimits: number): number {
  const index = Math.min(Math.max(consecutiveRateLimits, 1), RATE_LIMIT_BACKOFF_MINUTES.length) - 1;
  return RATE_LIMIT_BACKOFF_MINUTES[index] ?? 60;
}

/** spec §8: an error message containing 'rate limit exceeded' triggers backoff. */
export const isRateLimitMessage = (message: string) => /rate limit exceeded/i.test(message);

// "Updated 5 minutes ago": when an account's balance was last refreshed (/link and the accounts screens).
// Apart from account-format.ts, whose names the money screens draw first, so that date-fns stays off
// their path.
import { formatDistanceStrict, parseISO } from 'date-fns';

/** "Updated 5 minutes ago", "Updated just now", or "Not refreshed yet". */
export function lastRefreshLabel(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Not refreshed yet';
  let date: Date;
  try {
    date = parseISO(iso);
  } catch {
    return 'Not refreshed yet';
  }
  if (Number.isNaN(date.getTime())) return 'Not refreshed yet';
  if (now.getTime() - date.getTime() < 60_000) return 'Updated just now';
  return `Updated ${formatDistanceStrict(date, now, { addSuffix: true })}`;
}

// The refresh overlay's rules (spec §4 Refresh overlay, §9 Refresh progress), kept pure for tests: the
// progress steps, and which cache areas each refresh scope invalidates.
import { REFRESH_PROGRESS } from './constants.ts';
import { cacheAreas } from './react-query.ts';

export type RefreshScope = 'all' | 'accounts' | 'transactions' | 'balances' | 'moneyPlan' | 'calendar';

/** spec §9: +4 every 500 ms, never past 85 while the work runs (100 only once it is done). */
export function nextRefreshProgress(progress: number): number {
  if (progress >= REFRESH_PROGRESS.cap) return Math.max(progress, REFRESH_PROGRESS.cap);
  return Math.min(progress + REFRESH_PROGRESS.step, REFRESH_PROGRESS.cap);
}

type CacheArea = (typeof cacheAreas)[keyof typeof cacheAreas];

/** spec §4: each scope invalidates that scope's cached data; 'all' invalidates every area. */
export const refreshScopeAreas: Readonly<Record<RefreshScope, readonly CacheArea[]>> = {
  all: Object.values(cacheAreas),
  accounts: [cacheAreas.accounts, cacheAreas.accountBalances, cacheAreas.syncStatus],
  transactions: [cacheAreas.transactions, cacheAreas.transactionsOptimized, cacheAreas.transactionsCalendar],
  balances: [cacheAreas.accountBalances, cacheAreas.runningBalances, cacheAreas.accounts],
  moneyPlan: [cacheAreas.moneyPlan, cacheAreas.moneyPlanTransactions, cacheAreas.moneyPlanCategories],
  calendar: [cacheAreas.transactionsCalendar, cacheAreas.moneyPlanTransactions, cacheAreas.runningBalances],
};

/** Short tips the overlay shows while it works (spec §4: the overlay state carries a tip). */
export const refreshTips: readonly string[] = [
  'Pending transactions settle within a few days; we update them as your bank does.',
  'Connected accounts refresh by themselves; a manual refresh fetches the latest right now.',
  'Your bank login is never stored: access is read-only and encrypted.',
  'Credit card and loan balances count as money owed in your net worth.',
];

export const pickRefreshTip = (random: () => number = Math.random) =>
  refreshTips[Math.floor(random() * refreshTips.length) % refreshTips.length] ?? '';

// A user-requested balance refresh (spec §4 Balance refresh, §9: a forced refresh bypasses the
// interval), under the refresh overlay, with spec §8's balance-forecast toasts: every bank of the
// profile from /accounts, or one account from its detail screen. Each bank's outcome is refreshed,
// skipped, rate-limited or errored; the server keeps the rate-limit backoff.
import { useCallback } from 'react';
import { toast } from '../../../lib/toast.ts';
import { balanceForecastToasts } from '@domain/account-connection-messages.ts';
import { listAccounts, smartPlaidSync } from '../../../lib/accounts-api.ts';
import { CONNECT_TOAST_MS } from '../../../lib/constants.ts';
import { useRefresh } from '../../../lib/refresh-overlay.tsx';
import { countRefreshOutcomes, isFailedRefresh } from '../utils/refresh-outcomes.ts';

export function useBalanceRefresh() {
  const { refresh, isRefreshing } = useRefresh();

  const refreshProfile = useCallback(
    (profileId: string) =>
      refresh('all', async () => {
        const id = toast.loading(balanceForecastToasts.updating);
        let accounts;
        try {
          accounts = await listAccounts(profileId);
        } catch (error) {
          toast.error(balanceForecastToasts.fetchAccountsFailed, { id, duration: CONNECT_TOAST_MS.error });
          throw error;
        }
        const itemIds = [...new Set(accounts.map((a) => a.item_id))];
        const outcomes = await Promise.all(
          itemIds.map(async (itemId) => {
            const status = await smartPlaidSync({ itemId })
              .then((r) => r.status)
              .catch((error: unknown) => {
                console.warn('balance refresh failed', { itemId, error });
                return 'error' as const;
              });
            return [itemId, status] as const;
          }),
        );
        const { updated, failed } = countRefreshOutcomes(accounts, new Map(outcomes));
        if (failed > 0) {
          toast.error(balanceForecastToasts.failedMany(failed), { id, duration: CONNECT_TOAST_MS.error });
          if (updated > 0) toast.success(balanceForecastToasts.updatedMany(updated));
        } else {
          toast.success(balanceForecastToasts.updatedMany(updated), {
            id,
            duration: CONNECT_TOAST_MS.success,
          });
        }
      }),
    [refresh],
  );

  const refreshAccount = useCallback(
    (accountId: string) =>
      refresh('all', async () => {
        const id = toast.loading(balanceForecastToasts.updating);
        const status = await smartPlaidSync({ accountId })
          .then((r) => r.status)
          .catch((error: unknown) => {
            console.warn('balance refresh failed', { accountId, error });
            return 'error' as const;
          });
        if (isFailedRefresh(status)) {
          toast.error(balanceForecastToasts.failed, { id, duration: CONNECT_TOAST_MS.error });
        } else {
          toast.success(balanceForecastToasts.updated, { id, duration: CONNECT_TOAST_MS.success });
        }
      }),
    [refresh],
  );

  return { refreshProfile, refreshAccount, isRefreshing };
}

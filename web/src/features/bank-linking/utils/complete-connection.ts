// What follows a successful Link session (spec §4 Connect flow), shared by the in-page widget and the
// hosted-link return: exchange → link each new account to the profile → fetch the accounts → sync and
// refresh the caches, with spec §8's toasts; or, for a reconnection, a sync only.
import type { QueryClient } from '@tanstack/react-query';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { connectionFailures, connectionToasts } from '@domain/account-connection-messages.ts';
import { accountDataAreas, accountsQueryOptions, smartPlaidSync } from '../../../lib/accounts-api.ts';
import { CONNECT_TOAST_MS } from '../../../lib/constants.ts';
import { trackSignedInEngagement } from '../../../lib/engagement.ts';
import { announceAccountLinked } from '../../../lib/account-linked.ts';
import { trialMessages } from '@domain/subscription.ts';
import { exchangePublicToken, linkAccountToProfile } from '../api/exchange-token.ts';
import { trackInitialSync } from './initial-sync-tracker.ts';

export const connectToast = {
  info: (message: string) => toast.info(message, { duration: CONNECT_TOAST_MS.info }),
  success: (message: string) => toast.success(message, { duration: CONNECT_TOAST_MS.success }),
  error: (message: string) => toast.error(message, { duration: CONNECT_TOAST_MS.error }),
};

/** spec §4 "sync and refresh": everything derived from the accounts is read again. */
export async function refreshAccountData(queryClient: QueryClient): Promise<void> {
  await Promise.all(accountDataAreas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
}

export interface NewConnection {
  accountsCount: number;
  accountIds: string[];
  itemId: string;
}

/**
 * A new bank: exchange the public token into the profile, link each new account to it, then fetch the
 * accounts (spec §7: a successful connect fetches them) and refresh. The initial sync itself runs on
 * the server (AccountLinked). Resolves null after an exchange failure, which it has announced.
 */
export async function completeNewConnection(input: {
  queryClient: QueryClient;
  /** The widget's public token to exchange, or what the server already exchanged (hosted link). */
  connection:
    | { publicToken: string }
    | { exchanged: { accounts_count: number; account_ids: string[]; item_id: string } };
  profileId: string;
  onExchanged?: (accountsCount: number) => void;
  onLinked?: () => void;
}): Promise<NewConnection | null> {
  const { queryClient, profileId } = input;
  let exchanged;
  try {
    exchanged =
      'exchanged' in input.connection
        ? input.connection.exchanged
        : await exchangePublicToken(input.connection.publicToken, profileId);
  } catch (error) {
    console.error('plaid-exchange-token failed', error);
    connectToast.error(connectionFailures.exchange);
    void refreshAccountData(queryClient);
    return null;
  }
  input.onExchanged?.(exchanged.accounts_count);

  // The exchange already stored them in this profile; the call is the spec's step and is idempotent,
  // so a failure is logged and does not undo the connection.
  for (const accountId of exchanged.account_ids) {
    await linkAccountToProfile(accountId, profileId).catch((error: unknown) =>
      console.warn('link-account-to-profile failed', { accountId, error }),
    );
  }
  input.onLinked?.();

  const count = exchanged.accounts_count;
  let connected: string;
  try {
    await queryClient.fetchQuery({ ...accountsQueryOptions(profileId), staleTime: 0 });
    connected = connectionToasts.connectedSettingUp(count);
  } catch (error) {
    console.warn('fetching the new accounts failed', error);
    connected = connectionToasts.connectedSyncInBackground(count);
  }
  // spec §4: the first connection starts the trial (on the server); spec §8 says so, here in the same
  // toast as the connection (journeyToast).
  const trialStarted = 'trial_started' in exchanged && exchanged.trial_started;
  journeyToast('success', connected, {
    duration: CONNECT_TOAST_MS.success,
    description: trialStarted
      ? `${trialMessages.started.title} ${trialMessages.started.description}`
      : undefined,
  });
  trackInitialSync(profileId, exchanged.account_ids);
  trackSignedInEngagement({ type: 'accounts_connected', count });
  announceAccountLinked();
  await refreshAccountData(queryClient);
  return { accountsCount: count, accountIds: exchanged.account_ids, itemId: exchanged.item_id };
}

/**
 * A reconnected bank (update mode): no exchange; a sync, then refresh (spec §4). Resolves false when
 * the bank still refuses the login (announced as a failed connection).
 */
export async function completeReconnection(input: {
  queryClient: QueryClient;
  itemId: string;
}): Promise<boolean> {
  const result = await smartPlaidSync({ itemId: input.itemId });
  await refreshAccountData(input.queryClient);
  if (result.status === 'login_required') {
    connectToast.error(connectionFailures.linkExit);
    return false;
  }
  connectToast.success(connectionToasts.reconnected);
  return true;
}

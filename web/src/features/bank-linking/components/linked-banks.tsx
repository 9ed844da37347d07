// The banks linked to the active profile (/link): each with its accounts, status ('Connected',
// 'Syncing…', 'Needs reconnection', 'Sync error') and last refresh; for the profile's owner, Reconnect
// (spec §4 update mode) and Unlink (every account of the bank; the server removes the Plaid item with
// the last one). Viewers and editors see the list only (spec §6: only the owner manages accounts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark, Unlink } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { maskLabel } from '../../../lib/account-format.ts';
import { lastRefreshLabel } from '../../../lib/refresh-label.ts';
import { accountsQueryOptions, isSyncing, type Account, type ItemStatus } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { api } from '../../../lib/api-client.ts';
import { SETUP } from '../../../lib/constants.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { refreshAccountData } from '../utils/complete-connection.ts';
import { ReconnectButton } from './connect-card.tsx';

interface Bank {
  itemId: string;
  institutionName: string;
  status: ItemStatus;
  syncing: boolean;
  lastRefresh: string | null;
  accounts: Account[];
}

/** Groups the profile's accounts by linked bank (Plaid item), in the order the API lists them. */
export function groupByBank(accounts: readonly Account[]): Bank[] {
  const banks = new Map<string, Bank>();
  for (const account of accounts) {
    const bank = banks.get(account.item_id) ?? {
      itemId: account.item_id,
      institutionName: account.institution_name ?? 'Unknown bank',
      status: account.item_status,
      syncing: false,
      lastRefresh: null,
      accounts: [],
    };
    bank.accounts.push(account);
    bank.syncing ||= isSyncing(account);
    if (
      account.last_balance_refresh &&
      (!bank.lastRefresh || account.last_balance_refresh > bank.lastRefresh)
    ) {
      bank.lastRefresh = account.last_balance_refresh;
    }
    banks.set(account.item_id, bank);
  }
  return [...banks.values()].sort((a, b) => a.institutionName.localeCompare(b.institutionName));
}

function BankStatus({ bank }: { bank: Bank }) {
  if (bank.status === 'login_required') return <Badge tone="warning">Needs reconnection</Badge>;
  if (bank.status === 'error') return <Badge tone="warning">Sync error</Badge>;
  if (bank.syncing) return <Badge tone="brand">Syncing…</Badge>;
  return <Badge tone="success">Connected</Badge>;
}

async function unlinkBank(bank: Bank) {
  for (const account of bank.accounts) {
    await api.delete<unknown>(`/accounts/${encodeURIComponent(account.id)}`);
  }
}

function BankCard({ bank, isOwner }: { bank: Bank; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const unlink = useMutation({
    mutationFn: () => unlinkBank(bank),
    retry: false,
    onSettled: () => refreshAccountData(queryClient),
  });
  const needsReconnect = bank.status === 'login_required' || bank.status === 'error';
  const headingId = `bank-${bank.itemId}-heading`;

  const confirmUnlink = async () => {
    try {
      await unlink.mutateAsync();
      toast.success(`${bank.institutionName} unlinked`);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessageOr(error, `Failed to unlink ${bank.institutionName}. Please try again.`));
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Landmark aria-hidden="true" className="size-5 text-slate-500" />
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {bank.institutionName}
            </h3>
            <BankStatus bank={bank} />
          </div>
          <p className="text-sm text-slate-600">
            {bank.accounts.length === 1 ? '1 account' : `${bank.accounts.length} accounts`} ·{' '}
            {lastRefreshLabel(bank.lastRefresh)}
          </p>
          {needsReconnect ? (
            <p className="text-sm text-amber-800">
              {isOwner
                ? 'Sign in to this bank again to resume automatic updates.'
                : 'The profile owner needs to reconnect this bank.'}
            </p>
          ) : null}
        </div>
        {isOwner ? (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {needsReconnect ? (
              <ReconnectButton itemId={bank.itemId} institutionName={bank.institutionName} origin="link" />
            ) : null}
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
              <Unlink aria-hidden="true" className="size-4" />
              Unlink<span className="sr-only"> {bank.institutionName}</span>
            </Button>
          </div>
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {bank.accounts.map((account) => (
          <li key={account.id} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0 break-words text-slate-800">{account.account_name}</span>
            <span className="shrink-0 text-slate-500">
              {[account.account_subtype, maskLabel(account.mask)].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      {isOwner ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Unlink ${bank.institutionName}?`}
          description="Its accounts and their transactions are removed from this profile. You can connect the bank again at any time."
          confirmLabel="Unlink bank"
          onConfirm={() => void confirmUnlink()}
          isPending={unlink.isPending}
        />
      ) : null}
    </li>
  );
}

export function LinkedBanks() {
  const { profile } = useActiveProfile();
  const profileId = profile?.id ?? '';
  const accounts = useQuery({
    ...accountsQueryOptions(profileId),
    enabled: profile !== null,
    refetchInterval: (query) => (query.state.data?.some(isSyncing) ? SETUP.tickMs : false),
  });
  if (!profile || accounts.isPending) return <PageSpinner label="Loading your linked banks..." />;
  if (accounts.isError) {
    return (
      <QueryError
        error={accounts.error}
        title="We couldn't load your linked banks"
        onRetry={() => void accounts.refetch()}
        isRetrying={accounts.isFetching}
      />
    );
  }
  const banks = groupByBank(accounts.data);
  if (banks.length === 0) {
    return <p className="text-sm text-slate-600">No banks linked yet.</p>;
  }
  return (
    <ul aria-label="Linked banks" className="grid gap-3">
      {banks.map((bank) => (
        <BankCard key={bank.itemId} bank={bank} isOwner={profile.member_role === 'owner'} />
      ))}
    </ul>
  );
}

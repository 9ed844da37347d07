// /accounts: the active profile's accounts grouped by type with balances, bank, mask, last refresh and
// sync status ('Syncing…' while the history loads); a reconnect prompt for banks that need a new login;
// totals (cash, credit, loans, investments, net worth); an empty state that leads to connecting. The
// reconnect action comes from the bank-linking feature through `renderReconnect` (features do not
// import each other); owners get it, viewers and editors are told the owner can reconnect.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeftRight, ChevronRight, Landmark, Link2, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '@domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { accountTypeLabels, maskLabel } from '../../../lib/account-format.ts';
import { lastRefreshLabel } from '../../../lib/refresh-label.ts';
import {
  accountsQueryOptions,
  isSyncing,
  needsReconnect,
  type Account,
  type AccountType,
} from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { SETUP } from '../../../lib/constants.ts';
import { useBalanceRefresh } from '../hooks/use-balance-refresh.ts';
import { useSafetyNet } from '../hooks/use-safety-net.ts';
import { computeTotals, isLiability } from '../utils/totals.ts';
import { AccountsHeading } from './accounts-skeleton.tsx';

export interface ReconnectTarget {
  itemId: string;
  institutionName: string | null;
}

const groupOrder: readonly AccountType[] = ['depository', 'credit', 'loan', 'investment', 'other'];

/** A signed amount for totals that can go below zero (net worth); formatUsd itself is unsigned. */
const signedUsd = (cents: number) => (cents < 0 ? `−${formatUsd(cents)}` : formatUsd(cents));

export function AccountBalance({ account }: { account: Account }) {
  if (account.current_balance === null) return <span className="text-slate-500">Balance unavailable</span>;
  return (
    <span className="font-semibold text-slate-900 tabular-nums">
      {formatUsd(account.current_balance)}
      {isLiability(account.account_type) ? (
        <span className="ml-1 text-xs font-normal text-slate-500">owed</span>
      ) : null}
    </span>
  );
}

export function SyncBadges({ account }: { account: Account }) {
  return (
    <>
      {needsReconnect(account) ? (
        <Badge tone="warning">Needs reconnection</Badge>
      ) : account.item_status === 'error' ? (
        <Badge tone="warning">Sync error</Badge>
      ) : null}
      {isSyncing(account) ? <Badge tone="brand">Syncing…</Badge> : null}
    </>
  );
}

function Totals({ accounts }: { accounts: Account[] }) {
  const totals = computeTotals(accounts);
  const items = [
    { label: 'Cash', value: formatUsd(totals.cash) },
    { label: 'Credit', value: `${formatUsd(totals.credit)} owed` },
    { label: 'Loans', value: `${formatUsd(totals.loans)} owed` },
    { label: 'Investments', value: formatUsd(totals.investments) },
  ];
  return (
    <section
      aria-labelledby="totals-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="totals-heading" className="sr-only">
        Totals
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</dt>
            <dd className="mt-1 text-base font-semibold text-slate-900 tabular-nums">{item.value}</dd>
          </div>
        ))}
        <div className="col-span-2 border-t border-slate-100 pt-3 sm:col-span-1 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Net worth</dt>
          <dd
            className={`mt-1 text-lg font-bold tabular-nums ${totals.netWorth < 0 ? 'text-red-700' : 'text-emerald-700'}`}
          >
            {signedUsd(totals.netWorth)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ReconnectPrompts({
  accounts,
  isOwner,
  renderReconnect,
}: {
  accounts: Account[];
  isOwner: boolean;
  renderReconnect: (target: ReconnectTarget) => ReactNode;
}) {
  const banks = new Map<string, ReconnectTarget>();
  for (const account of accounts.filter(needsReconnect)) {
    banks.set(account.item_id, { itemId: account.item_id, institutionName: account.institution_name });
  }
  if (banks.size === 0) return null;
  return (
    <div className="space-y-3">
      {[...banks.values()].map((bank) => (
        <Alert
          key={bank.itemId}
          tone="warning"
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <span className="font-semibold">
                {bank.institutionName ?? 'A bank'} needs you to sign in again.
              </span>{' '}
              {isOwner
                ? 'Until you reconnect, its balances and transactions stop updating.'
                : 'Its balances and transactions stop updating until the profile owner reconnects it.'}
            </p>
          </div>
          {isOwner ? <div className="shrink-0">{renderReconnect(bank)}</div> : null}
        </Alert>
      ))}
    </div>
  );
}

function AccountRow({ account }: { account: Account }) {
  const available =
    account.available_balance !== null && account.available_balance !== account.current_balance
      ? formatUsd(account.available_balance)
      : null;
  return (
    <li className="relative flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={paths.app.account.getHref(account.id)}
            className="min-w-0 font-medium break-words text-slate-900 after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {account.account_name}
          </Link>
          {account.mask ? (
            <span className="text-sm whitespace-nowrap text-slate-600">{maskLabel(account.mask)}</span>
          ) : null}
          <SyncBadges account={account} />
          {account.is_manual ? <Badge>Manual</Badge> : null}
        </div>
        {/* The bank has a line of its own: at 375 px beside the balance it had room for "First ..." only. */}
        <p className="mt-0.5 text-sm break-words text-slate-600">
          {account.institution_name ?? (account.is_manual ? 'Manual account' : 'Unknown bank')}
        </p>
        <p className="text-xs text-slate-500">
          {account.is_manual && account.balance_as_of
            ? `Balance as of ${account.balance_as_of}`
            : lastRefreshLabel(account.last_balance_refresh)}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <AccountBalance account={account} />
        {available ? <p className="text-xs text-slate-500">{available} available</p> : null}
      </div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
    </li>
  );
}

function AccountGroups({ accounts }: { accounts: Account[] }) {
  return (
    <div className="space-y-6">
      {groupOrder.map((type) => {
        const group = accounts.filter((a) => a.account_type === type);
        if (group.length === 0) return null;
        const subtotal = group.reduce((sum, a) => sum + (a.current_balance ?? 0), 0);
        const headingId = `group-${type}-heading`;
        return (
          <section key={type} aria-labelledby={headingId}>
            <div className="mb-2 flex items-baseline justify-between gap-3">
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {accountTypeLabels[type]}
              </h2>
              <p className="text-sm text-slate-600 tabular-nums">
                {formatUsd(subtotal)}
                {isLiability(type) ? ' owed' : ''}
              </p>
            </div>
            <ul
              aria-labelledby={headingId}
              className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              {group.map((account) => (
                <AccountRow key={account.id} account={account} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function EmptyState({ isOwner }: { isOwner: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Landmark aria-hidden="true" className="mx-auto size-10 text-brand-600" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">No accounts yet</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {isOwner
          ? 'Connect your bank, credit card, loan and investment accounts to see them all here.'
          : 'The owner of this profile has not connected any accounts yet.'}
      </p>
      {isOwner ? (
        <Button asChild className="mt-5">
          <Link to={paths.app.link.getHref()}>
            <Link2 aria-hidden="true" className="size-4" />
            Connect your first account
          </Link>
        </Button>
      ) : null}
      {isOwner ? (
        <p className="mt-3 text-sm">
          <Link
            to={paths.app.importExport.getHref()}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Or add a manual account and import a statement
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function AccountsOverview({
  renderReconnect,
}: {
  renderReconnect: (target: ReconnectTarget) => ReactNode;
}) {
  const { profile, status, error: profileError, refetch: refetchProfiles } = useActiveProfile();
  const profileId = profile?.id ?? null;
  const isOwner = profile?.member_role === 'owner';
  const accounts = useQuery({
    ...accountsQueryOptions(profileId ?? ''),
    enabled: profileId !== null,
    // While a bank's history is still syncing, re-read every 3 s (spec §9 tick) to show it finish.
    refetchInterval: (query) => (query.state.data?.some(isSyncing) ? SETUP.tickMs : false),
  });
  useSafetyNet(profileId, accounts.data ? accounts.data.length : null);
  const { refreshProfile, isRefreshing } = useBalanceRefresh();
  const hasAccounts = (accounts.data?.length ?? 0) > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AccountsHeading />
        {hasAccounts && profileId ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => void refreshProfile(profileId)}
              isPending={isRefreshing}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Refresh balances
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.app.importExport.getHref()}>
                <ArrowLeftRight aria-hidden="true" className="size-4" />
                Import & export
              </Link>
            </Button>
            {isOwner ? (
              <Button asChild>
                <Link to={paths.app.link.getHref()}>
                  <Link2 aria-hidden="true" className="size-4" />
                  Link account
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {status === 'error' ? (
        <QueryError
          error={profileError}
          title="We couldn't load your profiles"
          onRetry={() => void refetchProfiles()}
        />
      ) : status === 'loading' || (profileId !== null && accounts.isPending) ? (
        <PageSpinner label="Loading your accounts..." />
      ) : accounts.isError ? (
        <QueryError
          error={accounts.error}
          title="We couldn't load your accounts"
          onRetry={() => void accounts.refetch()}
          isRetrying={accounts.isFetching}
        />
      ) : !hasAccounts || !accounts.data ? (
        <EmptyState isOwner={isOwner} />
      ) : (
        <>
          <ReconnectPrompts accounts={accounts.data} isOwner={isOwner} renderReconnect={renderReconnect} />
          <Totals accounts={accounts.data} />
          <AccountGroups accounts={accounts.data} />
        </>
      )}
    </div>
  );
}

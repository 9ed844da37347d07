// /accounts/{accountId}: the account's balance and details, a reconnect prompt when its bank needs a
// new login (the bank-linking feature's card, through `renderReconnect`), a note when its transactions
// don't add up to the bank's balance (spec §5), an investment account's holdings, a 90-day balance history
// chart and its transactions. Owners may rename it; everyone may refresh it (spec §6: members read).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO, subDays } from 'date-fns';
import { ArrowLeft, Pencil, RefreshCw } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '@domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { accountTypeLabels, institutionAndMask } from '../../../lib/account-format.ts';
import { lastRefreshLabel } from '../../../lib/refresh-label.ts';
import { accountQueryOptions, isSyncing, needsReconnect, type Account } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { SETUP } from '../../../lib/constants.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { cacheAreas } from '../../../lib/react-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { transactionsQueryOptions } from '../api/get-transactions.ts';
import { useBalanceRefresh } from '../hooks/use-balance-refresh.ts';
import { balanceHistory } from '../utils/balance-history.ts';
import { isLiability } from '../utils/totals.ts';
import { AccountBalance, SyncBadges } from './accounts-overview.tsx';
import { BalanceCheckNotice } from './balance-check-notice.tsx';
import { BalanceChart } from './balance-chart.tsx';
import { HoldingsList } from './holdings-list.tsx';
import { TRANSACTION_PAGE_SIZE, TransactionsList, type DateRange } from './transactions-list.tsx';

const HISTORY_DAYS = 90;
const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

function RenameDialog({
  account,
  open,
  onOpenChange,
}: {
  account: Account;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.account_name);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (accountName: string) =>
      api.patch<unknown>(`/accounts/${encodeURIComponent(account.id)}`, { account_name: accountName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [cacheAreas.accounts] }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please enter an account name');
      return;
    }
    try {
      await rename.mutateAsync(trimmed);
      onOpenChange(false);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.issues[0]
          ? failure.issues[0].message
          : errorMessageOr(failure, 'Failed to rename the account. Please try again.'),
      );
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename account"
      description="Everyone who shares this profile sees the new name."
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <TextField
          label="Account name"
          value={name}
          maxLength={80}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isPending={rename.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function AccountDetail({
  accountId,
  renderReconnect,
  renderConsent,
}: {
  accountId: string;
  renderReconnect: (account: Account) => ReactNode;
  /** The bank-linking feature's prompt to allow the bank to share statements or holdings. */
  renderConsent: (account: Account, product: 'liabilities' | 'investments') => ReactNode;
}) {
  const { profile } = useActiveProfile();
  const profileId = profile?.id ?? '';
  const isOwner = profile?.member_role === 'owner';
  const [renaming, setRenaming] = useState(false);
  const [today] = useState(() => new Date());
  const defaultRange: DateRange = { from: isoDay(subDays(today, HISTORY_DAYS - 1)), to: isoDay(today) };
  const account = useQuery({
    ...accountQueryOptions(profileId, accountId),
    enabled: profile !== null,
    refetchInterval: (query) => (query.state.data && isSyncing(query.state.data) ? SETUP.tickMs : false),
  });
  const history = useQuery({
    ...transactionsQueryOptions(profileId, { accountId, ...defaultRange, limit: TRANSACTION_PAGE_SIZE }),
    enabled: profile !== null && account.isSuccess,
  });
  const { refreshAccount, isRefreshing } = useBalanceRefresh();
  useDocumentTitle(account.data?.account_name ?? 'Account');

  const back = (
    <Link
      to={paths.app.accounts.getHref()}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Accounts
    </Link>
  );

  if (!profile || account.isPending) return <PageSpinner label="Loading the account..." />;
  if (account.isError && account.error instanceof ApiError && account.error.status === 404) {
    // An id that is not an account of this person (removed, mistyped, someone else's): nothing to retry.
    return (
      <div className="space-y-4">
        {back}
        <EmptyState
          title="Account not found"
          action={
            <Link to={paths.app.accounts.getHref()} className="font-medium text-brand-700 hover:underline">
              See your accounts
            </Link>
          }
        >
          This account isn't linked to your profile. It may have been unlinked, or the address is mistyped.
        </EmptyState>
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="space-y-4">
        {back}
        <QueryError
          error={account.error}
          title="We couldn't load this account"
          onRetry={() => void account.refetch()}
          isRetrying={account.isFetching}
        />
      </div>
    );
  }
  const data = account.data;
  const owed = isLiability(data.account_type);
  const points =
    history.data && data.current_balance !== null
      ? balanceHistory({
          currentCents: data.current_balance,
          accountType: data.account_type,
          transactions: history.data,
          today: defaultRange.to,
          days: HISTORY_DAYS,
        })
      : null;

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
              {data.account_name}
            </h1>
            <SyncBadges account={data} />
            {data.is_manual ? <Badge>Manual</Badge> : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {data.is_manual && !data.institution_name ? 'Manual account' : institutionAndMask(data)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A manual account has no bank to ask: its owner updates it on Import & export. */}
          {data.is_manual ? null : (
            <Button variant="secondary" onClick={() => void refreshAccount(data.id)} isPending={isRefreshing}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Refresh
            </Button>
          )}
          {isOwner ? (
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Rename
            </Button>
          ) : null}
        </div>
      </div>

      {needsReconnect(data) ? (
        isOwner ? (
          renderReconnect(data)
        ) : (
          <Alert tone="warning" title={`${data.institution_name ?? 'This bank'} needs you to sign in again`}>
            Its balance and transactions stop updating until the profile owner reconnects it.
          </Alert>
        )
      ) : null}

      {data.details_status === 'consent_required' && !needsReconnect(data) ? (
        isOwner ? (
          renderConsent(data, data.account_type === 'investment' ? 'investments' : 'liabilities')
        ) : (
          <Alert tone="warning" title={owed ? 'Due dates are missing' : 'Holdings are missing'}>
            {data.institution_name ?? 'This bank'} doesn’t share them yet; the profile owner can allow it.
          </Alert>
        )
      ) : null}

      <BalanceCheckNotice
        account={data}
        onRefresh={() => void refreshAccount(data.id)}
        isRefreshing={isRefreshing}
      />

      <section
        aria-labelledby="balance-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
          {owed ? 'Current balance owed' : 'Current balance'}
        </h2>
        <p className="mt-1 text-3xl">
          <AccountBalance account={data} />
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {data.available_balance !== null ? (
            <Detail label="Available">{formatUsd(data.available_balance)}</Detail>
          ) : null}
          {data.credit_limit !== null ? (
            <Detail label="Credit limit">{formatUsd(data.credit_limit)}</Detail>
          ) : null}
          <Detail label="Type">
            {accountTypeLabels[data.account_type]}
            {data.account_subtype ? ` · ${data.account_subtype}` : ''}
          </Detail>
          {data.is_manual ? (
            <Detail label="Balance as of">{data.balance_as_of ?? '—'}</Detail>
          ) : (
            <Detail label="Last refresh">{lastRefreshLabel(data.last_balance_refresh)}</Detail>
          )}
          {data.next_payment ? (
            <Detail label="Next payment due">
              {format(parseISO(data.next_payment.due_date), 'MMM d, yyyy')}
              {data.next_payment.minimum_payment !== null
                ? ` · minimum ${formatUsd(data.next_payment.minimum_payment)}`
                : data.next_payment.amount !== null
                  ? ` · ${formatUsd(data.next_payment.amount)}`
                  : ''}
            </Detail>
          ) : null}
          {data.official_name ? <Detail label="Official name">{data.official_name}</Detail> : null}
          <Detail label="History">
            {isSyncing(data) ? 'Still bringing in your history…' : 'Up to date'}
          </Detail>
        </dl>
      </section>

      <section
        aria-labelledby="history-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          Balance history
        </h2>
        <p className="mb-3 text-sm text-slate-600">The last {HISTORY_DAYS} days, from posted transactions.</p>
        {history.isError ? (
          <QueryError
            error={history.error}
            title="We couldn't load the balance history"
            onRetry={() => void history.refetch()}
          />
        ) : points ? (
          <BalanceChart points={points} owed={owed} />
        ) : data.current_balance === null ? (
          <p className="text-sm text-slate-600">No balance reported yet.</p>
        ) : (
          <PageSpinner label="Loading the balance history..." className="py-8" />
        )}
      </section>

      {data.account_type === 'investment' && !data.is_manual ? (
        <HoldingsList profileId={profileId} accountId={data.id} detailsStatus={data.details_status} />
      ) : null}

      <TransactionsList profileId={profileId} accountId={data.id} defaultRange={defaultRange} />

      {isOwner ? (
        <RenameDialog key={data.account_name} account={data} open={renaming} onOpenChange={setRenaming} />
      ) : null}
    </div>
  );
}

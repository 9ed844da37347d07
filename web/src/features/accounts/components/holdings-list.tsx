// An investment account's holdings on its detail screen: each security with its quantity, price, value,
// cost basis and gain (a sign and a word, never colour alone), and the total the account's value is.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatUsd } from '@domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { format, parseISO } from 'date-fns';
import { holdingsQueryOptions, type Activity, type Holding } from '../api/get-holdings.ts';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

function Gain({ gain }: { gain: number | null }) {
  if (gain === null) return <span className="text-slate-500">Not reported</span>;
  if (gain === 0) return <span>{formatUsd(0)}</span>;
  const up = gain > 0;
  return (
    <span className={up ? 'text-emerald-700' : 'text-red-700'}>
      {up ? '+' : '−'}
      {formatUsd(Math.abs(gain))}
      <span className="sr-only">{up ? ' gain' : ' loss'}</span>
    </span>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function HoldingRow({ holding }: { holding: Holding }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="holding">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 font-medium break-words text-slate-900">
          {holding.name}
          {holding.ticker_symbol && !holding.is_cash ? (
            <span className="ml-2 text-sm font-normal text-slate-500">{holding.ticker_symbol}</span>
          ) : null}
        </p>
        <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatUsd(holding.value)}</p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label="Quantity">{quantityFormat.format(holding.quantity)}</Figure>
        <Figure label="Price">{formatUsd(holding.price)}</Figure>
        <Figure label="Value">{formatUsd(holding.value)}</Figure>
        <Figure label="Cost basis">
          {holding.cost_basis === null ? 'Not reported' : formatUsd(holding.cost_basis)}
        </Figure>
        <Figure label="Gain">
          <Gain gain={holding.gain} />
        </Figure>
      </dl>
    </li>
  );
}

/** The latest buys, sells and dividends: what moved money in or out of the account. */
function RecentActivity({ activity }: { activity: readonly Activity[] }) {
  if (activity.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-900">Recent activity</h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {activity.map((t) => (
          <li key={t.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-words text-slate-900">
              <span className="text-slate-500">{format(parseISO(t.date), 'MMM d, yyyy')}</span> {t.name}
            </span>
            <span className="shrink-0 text-slate-900 tabular-nums">
              {t.amount < 0 ? '+' : t.amount > 0 ? '−' : ''}
              {formatUsd(Math.abs(t.amount))}
              <span className="sr-only">{t.amount < 0 ? ' in' : t.amount > 0 ? ' out' : ''}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HoldingsList({
  profileId,
  accountId,
  detailsStatus,
}: {
  profileId: string;
  accountId: string;
  /** The bank's answer for holdings (Account.details_status). */
  detailsStatus: string | null;
}) {
  const holdings = useQuery(holdingsQueryOptions(profileId, accountId));
  let body;
  if (holdings.isPending) body = <PageSpinner label="Loading the holdings..." className="py-8" />;
  else if (holdings.isError)
    body = (
      <QueryError
        error={holdings.error}
        title="We couldn't load the holdings"
        onRetry={() => void holdings.refetch()}
        isRetrying={holdings.isFetching}
      />
    );
  else if (holdings.data.holdings.length === 0)
    body = (
      <p className="text-sm text-slate-600">
        {detailsStatus === 'not_ready'
          ? 'Your bank is still preparing the holdings. They appear after the next refresh.'
          : detailsStatus === 'consent_required'
            ? 'Your bank shares this account’s holdings once you allow it (above).'
            : 'No holdings reported for this account yet.'}
      </p>
    );
  else
    body = (
      <>
        <ul className="divide-y divide-slate-200">
          {holdings.data.holdings.map((h) => (
            <HoldingRow key={h.security_id} holding={h} />
          ))}
        </ul>
        <p className="mt-4 flex justify-between border-t border-slate-200 pt-3 text-sm font-semibold text-slate-900">
          <span>Total value</span>
          <span className="tabular-nums" data-testid="holdings-total">
            {formatUsd(holdings.data.total_value)}
          </span>
        </p>
        <RecentActivity activity={holdings.data.activity} />
      </>
    );
  return (
    <section
      aria-labelledby="holdings-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="holdings-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Holdings
      </h2>
      {body}
    </section>
  );
}

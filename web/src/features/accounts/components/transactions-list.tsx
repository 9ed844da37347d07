// An account's transactions, newest first, by the payee's readable name (the bank's own string below it
// in small type, so nothing is lost): search, direction, category and date range filters, the
// classification's direction colour with a "+"/"−" sign and the direction in words (colour is never the
// only cue), pending ones marked, 50 at a time with 'Load more'. Every transaction of the chosen dates is
// read (the server's pages followed to the end); search and the other filters apply to them.
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { transactionsQueryOptions, type Transaction } from '../api/get-transactions.ts';
import {
  categoriesOf,
  directionLabels,
  emptyFilter,
  filterTransactions,
  isInflow,
  type TransactionFilter,
} from '../utils/transaction-filters.ts';

export const PAGE_SIZE = 50;
/** Rows per request; the list reads every page of the chosen dates. */
export const TRANSACTION_PAGE_SIZE = 500;

export interface DateRange {
  from: string;
  to: string;
}

const directionOptions = [
  { value: 'all', label: 'All directions' },
  ...Object.entries(directionLabels).map(([value, label]) => ({ value, label })),
];

const dateLabel = (date: string) => {
  try {
    return format(parseISO(date), 'EEE, MMM d, yyyy');
  } catch {
    return date;
  }
};

function TransactionRow({ txn }: { txn: Transaction }) {
  const { direction, colour, displayAmount, category } = txn.classification;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p
            className={`truncate font-medium ${txn.pending ? 'text-slate-600 italic' : 'text-slate-900'}`}
            title={txn.name}
            data-testid="transaction-name"
          >
            {txn.display_name}
          </p>
          {txn.pending ? <Badge tone="warning">Pending</Badge> : null}
        </div>
        <p className="truncate text-xs text-slate-500">
          {dateLabel(txn.date)} · {category.name}
          {txn.display_name !== txn.name ? (
            <>
              {' · '}
              <span data-testid="transaction-bank-text">{txn.name}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold tabular-nums" style={{ color: colour }}>
          {isInflow(direction) ? '+' : '−'}
          {displayAmount}
        </p>
        <p className="text-xs text-slate-500">{directionLabels[direction]}</p>
      </div>
    </li>
  );
}

export function TransactionsList({
  profileId,
  accountId,
  defaultRange,
}: {
  profileId: string;
  accountId: string;
  defaultRange: DateRange;
}) {
  const [filter, setFilter] = useState<TransactionFilter>(emptyFilter);
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [visible, setVisible] = useState(PAGE_SIZE);
  const rangeError =
    range.from && range.to && range.from > range.to
      ? 'The start date must be before the end date'
      : undefined;
  const query = useQuery({
    ...transactionsQueryOptions(profileId, {
      accountId,
      from: range.from || undefined,
      to: range.to || undefined,
      limit: TRANSACTION_PAGE_SIZE,
    }),
    enabled: !rangeError,
  });

  const update = (next: Partial<TransactionFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setVisible(PAGE_SIZE);
  };
  const all = query.data ?? [];
  const shown = filterTransactions(all, filter);
  const categoryOptions = [
    { value: 'all', label: 'All categories' },
    ...categoriesOf(all).map((name) => ({ value: name, label: name })),
  ];

  return (
    <section aria-labelledby="transactions-heading" className="space-y-4">
      <h2 id="transactions-heading" className="text-lg font-semibold text-slate-900">
        Transactions
      </h2>
      <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-5">
        <TextField
          label="Search transactions"
          type="search"
          value={filter.search}
          onChange={(e) => update({ search: e.target.value })}
          placeholder="Merchant or description"
          className="col-span-2 lg:col-span-1"
        />
        <SelectField
          label="Direction"
          options={directionOptions}
          value={filter.direction}
          onChange={(e) => update({ direction: e.target.value as TransactionFilter['direction'] })}
        />
        <SelectField
          label="Category"
          options={categoryOptions}
          value={filter.category}
          onChange={(e) => update({ category: e.target.value })}
        />
        <TextField
          label="From"
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => {
            setRange((r) => ({ ...r, from: e.target.value }));
            setVisible(PAGE_SIZE);
          }}
          error={rangeError}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => {
            setRange((r) => ({ ...r, to: e.target.value }));
            setVisible(PAGE_SIZE);
          }}
        />
      </div>

      {rangeError ? null : query.isPending ? (
        <PageSpinner label="Loading transactions..." />
      ) : query.isError ? (
        <QueryError
          error={query.error}
          title="We couldn't load the transactions"
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
          {all.length === 0 ? 'No transactions in these dates yet.' : 'No transactions match these filters.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {shown.length === 1 ? '1 transaction' : `${shown.length} transactions`}
          </p>
          <ul
            aria-label="Transactions"
            className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {shown.slice(0, visible).map((txn) => (
              <TransactionRow key={txn.id} txn={txn} />
            ))}
          </ul>
          {visible < shown.length ? (
            <div className="text-center">
              <Button variant="secondary" onClick={() => setVisible((v) => v + PAGE_SIZE)}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

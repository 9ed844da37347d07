// Pieces every admin screen shares: the loading/error/empty frame around a query, a figure card whose
// definition shows on hover and focus, a small trend line, a pager over a cursor list, and formatting.
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export const NOT_AVAILABLE = 'not yet available';

export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-page-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="admin-page-title" className="text-2xl font-semibold text-slate-900">
            {title}
          </h1>
          {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Loading skeleton, error with retry, then the content. */
export function QueryFrame<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <Alert title="Could not load this page">
        <p>{query.error instanceof Error ? query.error.message : 'Something went wrong.'}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return <>{children(query.data)}</>;
}

/** A trend as a small line: one point per day, the last day on the right. */
export function Sparkline({ points, label }: { points: number[]; label: string }) {
  if (points.length < 2)
    return <p className="text-xs text-slate-500">Trend after a second day of roll-ups</p>;
  const max = Math.max(...points, 1);
  const step = 100 / (points.length - 1);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(2)},${(28 - (p / max) * 26).toFixed(2)}`)
    .join(' ');
  return (
    <svg
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      className="h-8 w-full text-brand-600"
      role="img"
      aria-label={label}
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export function FigureCard({
  label,
  value,
  definition,
  trend,
  testId,
}: {
  label: string;
  value: ReactNode;
  definition: string;
  trend?: number[];
  testId?: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-4 sm:p-4" data-testid={testId}>
      <div className="group relative">
        <h2 className="text-sm font-medium text-slate-600">
          <span
            tabIndex={0}
            title={definition}
            className="cursor-help underline decoration-dotted underline-offset-4"
          >
            {label}
          </span>
        </h2>
        <span
          role="tooltip"
          className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden w-64 max-w-[80vw] rounded-md bg-slate-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block"
        >
          {definition}
        </span>
      </div>
      <p className="text-2xl font-semibold break-words text-slate-900" data-figure>
        {value}
      </p>
      {trend ? <Sparkline points={trend} label={`${label}, trend`} /> : null}
    </Card>
  );
}

export function Pager({
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
}: {
  hasPrevious: boolean;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="flex justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
        Previous
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Next
      </Button>
    </nav>
  );
}

/** Cursor paging state: the cursors of the pages seen, so Previous goes back; reset on a new search. */
export function useCursorPages() {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: stack[stack.length - 1],
    hasPrevious: stack.length > 1,
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([undefined]),
  };
}

export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`;

export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** With seconds: a roll-up a minute after the last one still reads differently. */
export const dateTimeSeconds = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : '—';

export const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A table that scrolls sideways inside its own box on a narrow screen, never the page. */
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    // Focusable, so a keyboard can scroll a wide table on a narrow screen (axe scrollable-region-focusable).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

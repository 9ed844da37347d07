// The balance forecast as an accessible SVG line chart (spec §9: 90 days by default): a labelled
// image with a text summary, the likely range as a shaded band behind the line (honest about
// its uncertainty; docs/money-engine.md), the zero line, the lowest point, an amount axis and a date
// axis, a read-out of any day under the pointer or the arrow keys, and a data table. The
// balances read in the view's convention: cash held, net worth, or what is owed on a card or loan.
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  formatBalance,
  longDate,
  monthDay,
  shortDate,
  type BalanceConvention,
} from '../../../lib/money-format.ts';
import {
  DEFAULT_FORECAST_DAYS,
  runningBalancesQueryOptions,
  type RunningBalanceRow,
  type ViewKey,
} from '../api/calendar.ts';
import type { BandCoverage } from '@domain/money/band-coverage.ts';
import { chartGeometry, dateTickIndexes, indexAtFraction, niceTicks } from '../utils/chart.ts';

const W = 600;
const pct = (share: number) => `${Math.round(share * 100)} %`;
const H = 180;

export function ForecastChart({
  profileId,
  view,
  coverage = null,
}: {
  profileId: string;
  view: ViewKey;
  coverage?: BandCoverage | null;
}) {
  const query = useQuery(runningBalancesQueryOptions(profileId, view, DEFAULT_FORECAST_DAYS));
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        title="The forecast could not load"
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <ForecastFigure
      rows={query.data.rows}
      stale={query.data.stale}
      includesAllowance={query.data.include_allowance ?? true}
      convention={query.data.balance_convention ?? 'net'}
      coverage={coverage}
    />
  );
}

/** A compact amount for the axis: "$12k", "−$1.2k", "$350". */
function axisAmount(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const sign = cents < 0 ? '−' : '';
  if (dollars >= 1_000_000) return `${sign}$${+(dollars / 1_000_000).toFixed(1)}M`;
  if (dollars >= 1_000) return `${sign}$${+(dollars / 1_000).toFixed(1)}k`;
  return `${sign}$${Math.round(dollars)}`;
}

interface ForecastPoint {
  date: string;
  value: number;
  low: number;
  high: number;
}

/** The forecast day by day: the chart's data table, drawn once a person opens it. */
export function ForecastTable({
  points,
  convention = 'net',
}: {
  points: readonly ForecastPoint[];
  convention?: BalanceConvention;
}) {
  const cell = (cents: number) => formatBalance(cents, convention);
  return (
    <table className="mt-2 w-full text-left text-xs">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">{convention === 'owed' ? 'Owed' : 'Closing balance'}</th>
          <th scope="col">Likely low</th>
          <th scope="col">Likely high</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.date}>
            <td>{shortDate(p.date)}</td>
            <td>{cell(p.value)}</td>
            <td>{cell(p.low)}</td>
            <td>{cell(p.high)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart itself, from the series' rows (apart from the query so it renders on its own). */
export function ForecastFigure({
  rows,
  stale,
  includesAllowance,
  convention = 'net',
  coverage = null,
}: {
  rows: readonly RunningBalanceRow[];
  stale: boolean;
  includesAllowance: boolean;
  convention?: BalanceConvention;
  /** How often the band held the real balance in the backtest, for this kind of account. */
  coverage?: BandCoverage | null;
}) {
  const [active, setActive] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const points: ForecastPoint[] = rows.map((r) => ({
    date: r.balance_date,
    value: r.closing_balance,
    low: r.closing_low ?? r.closing_balance,
    high: r.closing_high ?? r.closing_balance,
  }));
  if (points.length === 0) return <p className="text-sm text-slate-500">No forecast yet.</p>;
  const show = (c: number) => formatBalance(c, convention);
  const owed = convention === 'owed';
  const g = chartGeometry(points, W, H);
  const last = points.at(-1);
  const range = last && last.low !== last.high ? `${show(last.low)} – ${show(last.high)}` : null;
  // For an owed balance the point that matters is the highest (most owed), not the lowest.
  const extreme = owed ? g.max : g.min;
  const summary =
    `Balance forecast for the next ${DEFAULT_FORECAST_DAYS} days: from ${show(points[0]?.value ?? 0)} today to ${show(last?.value ?? 0)} on ${last ? longDate(last.date) : ''}` +
    (range ? ` (likely range ${range})` : '') +
    (extreme ? `; ${owed ? 'highest' : 'lowest'} ${show(extreme.value)} on ${longDate(extreme.date)}.` : '.');
  const extremeIndex = extreme ? points.findIndex((p) => p.date === extreme.date) : -1;
  const yTicks = niceTicks(g.lo, g.hi, 4);
  const xTicks = dateTickIndexes(points.length, 5);
  const focused = active === null ? null : points[active];

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) setActive(indexAtFraction((event.clientX - box.left) / box.width, points.length));
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, PageDown: 7, PageUp: -7 };
    let next: number | null = null;
    if (event.key in step) next = (active ?? 0) + (step[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = points.length - 1;
    else if (event.key === 'Escape') setActive(null);
    if (next !== null) {
      event.preventDefault();
      setActive(Math.min(points.length - 1, Math.max(0, next)));
    }
  };

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-600">{summary}</figcaption>
      {stale ? <p className="text-xs text-amber-800">This forecast may be out of date.</p> : null}
      <div className="flex gap-2">
        {/* The amount axis: HTML beside the stretched SVG, so its text is never distorted. */}
        <div className="relative h-44 w-12 shrink-0 text-right text-[11px] text-slate-500" aria-hidden="true">
          {yTicks.map((v) => (
            <span
              key={v}
              className="absolute right-0 -translate-y-1/2 tabular-nums"
              style={{ top: `${(g.yOf(v) / H) * 100}%` }}
            >
              {axisAmount(v)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="relative h-44 rounded outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
            tabIndex={0}
            role="group"
            aria-label="Forecast chart: use the arrow keys to read each day"
            onPointerMove={fromPointer}
            onPointerDown={fromPointer}
            onPointerLeave={() => setActive(null)}
            onKeyDown={onKey}
            onBlur={() => setActive(null)}
            data-testid="forecast-plot"
          >
            <svg
              viewBox={`0 0 ${W} ${H}`}
              role="img"
              aria-label={summary}
              className="h-full w-full"
              preserveAspectRatio="none"
            >
              {yTicks.map((v) => (
                <line
                  key={v}
                  x1={0}
                  x2={W}
                  y1={g.yOf(v)}
                  y2={g.yOf(v)}
                  className="stroke-slate-200"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {g.bandPath ? <path d={g.bandPath} className="fill-brand-500/20" stroke="none" /> : null}
              {g.zeroY !== null ? (
                <line
                  x1={0}
                  x2={W}
                  y1={g.zeroY}
                  y2={g.zeroY}
                  className="stroke-slate-400"
                  strokeDasharray="4 4"
                  vectorEffect="non-scaling-stroke"
                />
              ) : null}
              <path
                d={g.path}
                fill="none"
                className="stroke-brand-600"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
              {extreme && extremeIndex >= 0 ? (
                <circle
                  cx={g.xOf(extremeIndex)}
                  cy={g.yOf(extreme.value)}
                  r={4}
                  className={!owed && extreme.value < 0 ? 'fill-red-600' : 'fill-amber-500'}
                />
              ) : null}
              {focused && active !== null ? (
                <line
                  x1={g.xOf(active)}
                  x2={g.xOf(active)}
                  y1={0}
                  y2={H}
                  className="stroke-slate-500"
                  vectorEffect="non-scaling-stroke"
                />
              ) : null}
            </svg>
            {focused && active !== null ? (
              <div
                className="pointer-events-none absolute top-1 z-10 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow"
                style={{ left: `${Math.min(85, Math.max(15, (g.xOf(active) / W) * 100))}%` }}
                data-testid="forecast-readout"
              >
                <span className="font-medium">{shortDate(focused.date)}</span>: {show(focused.value)}
                {focused.low !== focused.high ? (
                  <span className="block text-slate-300">
                    likely {show(focused.low)} – {show(focused.high)}
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>
          {/* The date axis. */}
          <div className="relative mt-1 h-4 text-[11px] text-slate-500" aria-hidden="true">
            {xTicks.map((i, k) => {
              const p = points[i];
              if (!p) return null;
              const edge =
                k === 0
                  ? 'translate-x-0'
                  : k === xTicks.length - 1
                    ? '-translate-x-full'
                    : '-translate-x-1/2';
              return (
                <span
                  key={p.date}
                  // Every other tick only from 640 px: five dates do not fit a phone's width.
                  className={`absolute whitespace-nowrap ${edge} ${k % 2 === 1 ? 'hidden sm:inline' : ''}`}
                  style={{ left: `${(g.xOf(i) / W) * 100}%` }}
                >
                  {monthDay(p.date)}
                </span>
              );
            })}
          </div>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {focused
          ? `${longDate(focused.date)}: ${show(focused.value)}` +
            (focused.low !== focused.high ? `, likely ${show(focused.low)} to ${show(focused.high)}` : '')
          : ''}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Chart legend">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-brand-600" />
          {owed ? 'Forecast amount owed' : 'Forecast balance'}
        </li>
        {range ? (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm bg-brand-500/20" />
            Likely range {range} on {last ? longDate(last.date) : ''}
          </li>
        ) : null}
      </ul>
      <p className="text-xs text-slate-500">
        {range
          ? coverage
            ? `Shaded: the likely range, allowing for how far unplanned spending and income strayed in your own history and for the occasional large purchase adding up (the line itself counts only the large purchases most stretches this long bring). Tested on past histories, the real balance landed inside it ${pct(coverage.d30)} of the time 30 days ahead, ${pct(coverage.d90)} at 90 days and ${pct(coverage.d365)} a year ahead.`
            : 'Shaded: the likely range. In 8 of 10 stretches this long in your own history, spending and income you had not planned moved the balance no further; it also allows for the occasional large purchase adding up, where the line counts only the ones most stretches this long bring.'
          : !includesAllowance
            ? 'No likely range: it is measured around everyday spending, which this forecast leaves out.'
            : 'No likely range yet: there is not enough history to measure one.'}
      </p>
      {/* The rows are drawn when the table is opened: 90 days of them are most of this figure's work. */}
      <details className="text-sm" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-brand-700">Show forecast as a table</summary>
        {tableOpen ? <ForecastTable points={points} convention={convention} /> : null}
      </details>
    </figure>
  );
}

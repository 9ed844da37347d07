// The balance forecast as an accessible SVG line chart (spec §9: 90 days by default): a labelled
// image with a text summary, the likely range as a shaded band behind the line (issue 5: honest about
// its uncertainty; docs/money-engine.md), the zero line, the lowest point, and a data table.
import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '../../../../../domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  DEFAULT_FORECAST_DAYS,
  runningBalancesQueryOptions,
  type RunningBalanceRow,
} from '../api/calendar.ts';
import { chartGeometry } from '../utils/chart.ts';

const W = 600;
const H = 160;
const money = (c: number) => `${c < 0 ? '−' : ''}${formatUsd(c)}`;

export function ForecastChart({ profileId, accountId }: { profileId: string; accountId: string | null }) {
  const query = useQuery(runningBalancesQueryOptions(profileId, accountId, DEFAULT_FORECAST_DAYS));
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
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
    />
  );
}

/** The chart itself, from the series' rows (apart from the query so it renders on its own). */
export function ForecastFigure({
  rows,
  stale,
  includesAllowance,
}: {
  rows: readonly RunningBalanceRow[];
  stale: boolean;
  includesAllowance: boolean;
}) {
  const points = rows.map((r) => ({
    date: r.balance_date,
    value: r.closing_balance,
    low: r.closing_low ?? r.closing_balance,
    high: r.closing_high ?? r.closing_balance,
  }));
  if (points.length === 0) return <p className="text-sm text-slate-500">No forecast yet.</p>;
  const g = chartGeometry(points, W, H);
  const last = points.at(-1);
  const range = last && last.low !== last.high ? `${money(last.low)} – ${money(last.high)}` : null;
  const summary =
    `Balance forecast for the next ${DEFAULT_FORECAST_DAYS} days: from ${money(points[0]?.value ?? 0)} today to ${money(last?.value ?? 0)} on ${last?.date ?? ''}` +
    (range ? ` (likely range ${range})` : '') +
    `; lowest ${money(g.min?.value ?? 0)} on ${g.min?.date ?? ''}.`;
  const minIndex = g.min ? points.findIndex((p) => p.date === g.min?.date) : -1;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-600">{summary}</figcaption>
      {stale ? <p className="text-xs text-amber-800">This forecast may be out of date.</p> : null}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        {g.bandPath ? <path d={g.bandPath} className="fill-brand-500/20" stroke="none" /> : null}
        {g.zeroY !== null ? (
          <line x1={0} x2={W} y1={g.zeroY} y2={g.zeroY} className="stroke-slate-300" strokeDasharray="4 4" />
        ) : null}
        <path
          d={g.path}
          fill="none"
          className="stroke-brand-600"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {g.min && minIndex >= 0 ? (
          <circle
            cx={g.xOf(minIndex)}
            cy={g.yOf(g.min.value)}
            r={4}
            className={g.min.value < 0 ? 'fill-red-600' : 'fill-amber-500'}
          />
        ) : null}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Chart legend">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-brand-600" />
          Forecast balance
        </li>
        {range ? (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm bg-brand-500/20" />
            Likely range {range} on {last?.date}
          </li>
        ) : null}
      </ul>
      <p className="text-xs text-slate-500">
        {range
          ? 'Shaded: the likely range. In 8 of 10 stretches this long over your last six months, spending and income you had not planned moved the balance no further.'
          : !includesAllowance
            ? 'No likely range: it is measured around everyday spending, which this forecast leaves out.'
            : 'No likely range yet: there is not enough history to measure one.'}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">Show forecast as a table</summary>
        <table className="mt-2 w-full text-left text-xs">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Closing balance</th>
              <th scope="col">Likely low</th>
              <th scope="col">Likely high</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                <td>{money(p.value)}</td>
                <td>{money(p.low)}</td>
                <td>{money(p.high)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

// The account detail's balance history: a small SVG line chart (recharts is not a dependency yet),
// named for screen readers with its first, last, lowest and highest points.
import { format, parseISO } from 'date-fns';
import { formatUsd } from '@domain/classification.ts';
import type { BalancePoint } from '../utils/balance-history.ts';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 8;

const dayLabel = (date: string) => format(parseISO(date), 'MMM d');
const usd = (cents: number) => (cents < 0 ? `−${formatUsd(cents)}` : formatUsd(cents));

export function BalanceChart({ points, owed }: { points: BalancePoint[]; owed: boolean }) {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 2) {
    return <p className="text-sm text-slate-600">Not enough history to draw yet.</p>;
  }
  const values = points.map((p) => p.balance);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i / (points.length - 1)) * (WIDTH - 2 * PAD);
  const y = (v: number) => PAD + (1 - (v - min) / span) * (HEIGHT - 2 * PAD);
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.balance).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${HEIGHT - PAD} L${x(0).toFixed(1)},${HEIGHT - PAD} Z`;
  const suffix = owed ? ' owed' : '';
  const summary =
    `Balance${owed ? ' owed' : ''} from ${usd(first.balance)} on ${dayLabel(first.date)} to ` +
    `${usd(last.balance)} on ${dayLabel(last.date)}; lowest ${usd(min)}, highest ${usd(max)}.`;

  return (
    <figure className="space-y-2">
      <div className="flex justify-between text-xs text-slate-500 tabular-nums">
        <span>
          High {usd(max)}
          {suffix}
        </span>
        <span>
          Low {usd(min)}
          {suffix}
        </span>
      </div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-44 w-full"
      >
        <path d={area} className="fill-brand-50" />
        <path
          d={line}
          className="fill-none stroke-brand-600"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
        />
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-500">
        <span>{dayLabel(first.date)}</span>
        <span>{dayLabel(last.date)}</span>
      </figcaption>
    </figure>
  );
}

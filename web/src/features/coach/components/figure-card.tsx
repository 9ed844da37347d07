// Small figures beside a coach answer, drawn from the tool result behind it (never from the text):
// for "can I afford", the cash forecast with and without the purchase and the verdict; for a forecast,
// today, the end and the lowest point; for subscriptions and spending, the totals.
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { money, shortDate } from '../../../lib/money-format.ts';
import { usePlanItemMutations } from '../../../lib/use-plan-item-mutations.ts';
import type { CoachCard } from '../api/coach.ts';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const rec = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

const verdicts: Record<string, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  safe: { label: 'Safe', tone: 'success' },
  tight: { label: 'Tight', tone: 'warning' },
  overdraft: { label: 'Overdraft risk', tone: 'warning' },
};

function MiniForecast({ series }: { series: Array<{ date: string; with: number; without: number }> }) {
  const W = 300;
  const H = 80;
  if (series.length < 2) return null;
  const values = series.flatMap((p) => [p.with, p.without]);
  const lo = Math.min(...values, 0 < Math.min(...values) ? Math.min(...values) : 0);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i: number) => (i * W) / (series.length - 1);
  const y = (v: number) => 4 + ((hi - v) * (H - 8)) / span;
  const line = (pick: (p: { with: number; without: number }) => number) =>
    series.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-20 w-full" preserveAspectRatio="none" aria-hidden="true">
      {lo < 0 && hi > 0 ? (
        <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="stroke-red-300" strokeDasharray="4 4" />
      ) : null}
      <path
        d={line((p) => p.without)}
        fill="none"
        className="stroke-slate-400"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={line((p) => p.with)}
        fill="none"
        className="stroke-brand-600"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** A drafted planned item: added only when an owner or editor chooses to (the server checks too). */
function ProposalCard({ data, profileId }: { data: Record<string, unknown>; profileId: string }) {
  const { create } = usePlanItemMutations(profileId);
  const draft = rec(data.draft);
  if (!draft) return null;
  const repeat = rec(draft.recurrence);
  const amount = num(draft.amount);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <p className="font-medium">{String(draft.description)}</p>
      <p className="text-slate-600">
        {amount < 0 ? 'Out' : 'In'} {money(Math.abs(amount))}
        {repeat ? `, ${String(repeat.cadence)} from ` : ' on '}
        {shortDate(String(draft.due_date))} · All accounts
      </p>
      {data.can_add ? (
        <Button
          className="mt-2"
          size="sm"
          disabled={create.isSuccess}
          isPending={create.isPending}
          onClick={() =>
            create.mutate({
              description: String(draft.description),
              amount,
              due_date: String(draft.due_date),
              account_id: null,
              recurrence: repeat ? { cadence: String(repeat.cadence) } : null,
            })
          }
        >
          {create.isSuccess ? 'Added to your plan' : 'Add to my plan'}
        </Button>
      ) : (
        <p className="mt-2 text-xs text-slate-600">Only the owner or an editor of this profile can add it.</p>
      )}
    </div>
  );
}

export function FigureCard({ card, profileId }: { card: CoachCard; profileId: string }) {
  const d = card.data;
  if (card.type === 'proposal') return <ProposalCard data={d} profileId={profileId} />;
  if (card.type === 'can_afford') {
    const verdict = verdicts[String(d.verdict)] ?? verdicts.safe!;
    const withIt = rec(d.lowest_with);
    const without = rec(d.lowest_without);
    const series = (Array.isArray(d.series) ? d.series : []) as Array<{
      date: string;
      with: number;
      without: number;
    }>;
    return (
      <figure className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <figcaption className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium">
            {money(num(d.amount))}
            {d.repeat ? ' a month' : ''} from {shortDate(String(d.date))}
          </span>
          <Badge tone={verdict.tone}>{verdict.label}</Badge>
        </figcaption>
        <MiniForecast series={series} />
        <dl className="grid grid-cols-2 gap-2 text-xs">
          <div>
            <dt className="text-slate-500">Lowest cash with it</dt>
            <dd className="font-semibold">
              {withIt ? `${money(num(withIt.closing))} on ${shortDate(String(withIt.date))}` : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Without it</dt>
            <dd className="font-semibold">
              {without ? `${money(num(without.closing))} on ${shortDate(String(without.date))}` : '—'}
            </dd>
          </div>
        </dl>
        <p className="mt-2 flex gap-3 text-xs">
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-brand-600" /> with it
          </span>
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-slate-400" /> without
          </span>
          <Link
            className="ml-auto text-brand-700 underline"
            to={`${paths.app.calendar.getHref()}?${new URLSearchParams({
              month: String(d.date).slice(0, 7),
              whatIf: `${num(d.amount)}@${String(d.date)}`,
              ...(d.repeat ? { repeat: String(d.repeat) } : {}),
            }).toString()}`}
          >
            See it on the calendar
          </Link>
        </p>
      </figure>
    );
  }
  if (card.type === 'forecast') {
    const low = rec(d.lowest);
    const end = rec(d.end);
    return (
      <dl className="grid grid-cols-3 gap-2 rounded-lg border border-slate-200 bg-white p-3 text-xs">
        <div>
          <dt className="text-slate-500">Today</dt>
          <dd className="font-semibold">{d.today_balance === null ? '—' : money(num(d.today_balance))}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Lowest</dt>
          <dd className="font-semibold">
            {low ? `${money(num(low.closing))}, ${shortDate(String(low.date))}` : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">In {num(d.horizon_days)} days</dt>
          <dd className="font-semibold">{end ? money(num(end.closing)) : '—'}</dd>
        </div>
      </dl>
    );
  }
  if (card.type === 'subscriptions' || card.type === 'spending') {
    const total = card.type === 'subscriptions' ? num(d.monthly_total) : num(d.total);
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-3 text-xs">
        <span className="text-slate-500">
          {card.type === 'subscriptions' ? 'Subscriptions a month' : 'Spent'}:{' '}
        </span>
        <span className="font-semibold">{money(total)}</span>
      </p>
    );
  }
  return null;
}

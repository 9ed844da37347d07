// Spending by category for the shown month: a bar per group of what went out, a mark
// for what was planned, and last month's figure (domain/money/spending.ts), across every account
// whatever balance view is shown (a card's purchases are spending; the cash view shows only the
// payment that settles them), so it reads the month's net-worth calendar, which holds every account;
// the same figures as a table for screen readers and anyone who prefers numbers.
import { useQuery } from '@tanstack/react-query';
import { spendingByCategory, type SpendingRow } from '@domain/money/spending.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { money, monthDay } from '../../../lib/money-format.ts';
import { calendarQueryOptions, SPENDING_VIEW } from '../api/calendar.ts';
import { addMonths, isMonthInWindow, monthLabel } from '../utils/month.ts';

/**
 * How much of `month` the plan covered (spending compares with it): all of it; from a day in it, the day
 * the first plan was generated (a plan is made from that day on, so the days before it had nothing
 * planned); or none, the plan began later. Without a known start, all of it.
 */
export type PlanCoverage = { kind: 'whole' } | { kind: 'from'; day: string } | { kind: 'none' };

export function planCoverage(month: string, planStartedOn: string | null | undefined): PlanCoverage {
  if (!planStartedOn || planStartedOn <= `${month}-01`) return { kind: 'whole' };
  if (planStartedOn.slice(0, 7) === month) return { kind: 'from', day: planStartedOn };
  return { kind: 'none' };
}

/** The sentence above the bars: what went out, beside the plan as far as it covered the month. */
export function spendingSummary({
  spent,
  planned,
  title,
  coverage,
  lastMonth,
}: {
  spent: number;
  planned: number;
  title: string;
  coverage: PlanCoverage;
  lastMonth: number | null;
}): string {
  const before = lastMonth === null ? '' : `; ${money(lastMonth)} the month before`;
  if (coverage.kind === 'none') return `${money(spent)} spent in ${title}, before your plan began${before}.`;
  if (coverage.kind === 'from')
    return `${money(spent)} spent in ${title}; ${money(planned)} planned from ${monthDay(coverage.day)}, when your plan began${before}.`;
  return `${money(spent)} spent of ${money(planned)} planned in ${title}${before}.`;
}

export function SpendingByCategory({
  profileId,
  month,
  thisMonth,
}: {
  profileId: string;
  month: string;
  thisMonth: string;
}) {
  const previousMonth = addMonths(month, -1);
  const current = useQuery(calendarQueryOptions(profileId, { month, view: SPENDING_VIEW }));
  const previous = useQuery({
    ...calendarQueryOptions(profileId, { month: previousMonth, view: SPENDING_VIEW }),
    enabled: isMonthInWindow(previousMonth, thisMonth),
  });
  if (current.isPending || (previous.isPending && previous.fetchStatus !== 'idle'))
    return <Skeleton className="h-40 w-full" />;
  if (current.isError)
    return (
      <QueryError
        title="Spending by category could not be loaded"
        error={current.error}
        onRetry={() => void current.refetch()}
      />
    );
  // Every account's type, so a payment a card or loan received is not counted again as spending.
  const accountTypes = new Map(current.data.accounts.map((a) => [a.id, a.account_type ?? '']));
  const rows = spendingByCategory(current.data.days, previous.data?.days ?? null, accountTypes);
  const title = monthLabel(month);
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No spending and nothing planned to spend in {title}.</p>;
  const scale = Math.max(...rows.map((r) => Math.max(r.actual, r.planned, r.last_month ?? 0)), 1);
  const total = (pick: (r: SpendingRow) => number | null) => rows.reduce((sum, r) => sum + (pick(r) ?? 0), 0);
  const spent = total((r) => r.actual);
  const planned = total((r) => r.planned);
  const coverage = planCoverage(month, current.data.plan_started_on);
  // Over plan only where a whole month's plan stands beside a whole month's spending.
  const marksOverPlan = coverage.kind === 'whole';
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="spending-summary">
        {spendingSummary({
          spent,
          planned,
          title,
          coverage,
          lastMonth: previous.data ? total((r) => r.last_month) : null,
        })}
      </p>
      <ul className="space-y-2.5" aria-label={`Spending by category in ${title}`}>
        {rows.map((row) => (
          <li key={row.group} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="truncate text-slate-800">{row.group}</span>
              <span className="shrink-0 tabular-nums text-slate-600">
                {money(row.actual)} <span className="text-slate-500">/ {money(row.planned)}</span>
              </span>
            </div>
            <div className="relative mt-1 h-2.5 rounded-full bg-slate-100">
              <div
                className={`h-2.5 rounded-full ${marksOverPlan && row.planned > 0 && row.actual > row.planned ? 'bg-red-500' : 'bg-brand-600'}`}
                style={{ width: `${(row.actual / scale) * 100}%` }}
              />
              {row.planned > 0 ? (
                <div
                  className="absolute -top-0.5 h-3.5 w-0.5 bg-slate-700"
                  style={{ left: `calc(${(row.planned / scale) * 100}% - 1px)` }}
                  title="Planned"
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500" aria-hidden="true">
        Bar: spent · line: planned{marksOverPlan ? ' · red: over plan' : ''}
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">Show as a table</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Spending by category in {title}</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th scope="col" className="py-1 font-medium">
                Category
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Spent
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Planned
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Last month
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.group} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {row.group}
                </th>
                <td className="py-1 text-right tabular-nums">{money(row.actual)}</td>
                <td className="py-1 text-right tabular-nums">{money(row.planned)}</td>
                <td className="py-1 text-right tabular-nums">
                  {row.last_month === null ? '–' : money(row.last_month)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

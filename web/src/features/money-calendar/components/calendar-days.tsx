// The month's parts that read one day or the month's totals: the summary above the grid and the day
// button of the grid's cells and the list's rows. Low and negative tones show only where the view marks
// low days (cash, one bank account).
import { formatUsd } from '@domain/classification.ts';
import { cn } from '../../../lib/cn.ts';
import { formatBalance, money, shortDate, type BalanceConvention } from '../../../lib/money-format.ts';
import type { CalendarDay, MoneyCalendar as MoneyCalendarData } from '../api/calendar.ts';
import { balanceTone, dayLabel, signedUsd, type BalanceTone } from '../utils/month.ts';

const toneClasses: Record<BalanceTone, string> = {
  negative: 'bg-red-50 text-red-800 ring-1 ring-red-300',
  low: 'bg-amber-50 text-amber-900 ring-1 ring-amber-300',
  normal: '',
  none: '',
};
const toneWords: Record<BalanceTone, string> = {
  negative: ', below zero',
  low: ', low balance',
  normal: '',
  none: '',
};
export function Summary({ data, convention }: { data: MoneyCalendarData; convention: BalanceConvention }) {
  const s = data.summary;
  const marksLowDays = data.marks_low_days ?? true;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="month-summary">
      <div>
        <dt className="text-slate-500">End of month</dt>
        <dd className="font-semibold" data-testid="summary-closing">
          {s.closing === null ? '—' : formatBalance(s.closing, convention)}
        </dd>
      </div>
      {convention !== 'owed' ? (
        <div>
          <dt className="text-slate-500">Lowest</dt>
          <dd className="font-semibold">
            {s.lowest ? `${formatBalance(s.lowest.closing, convention)} on ${shortDate(s.lowest.date)}` : '—'}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-slate-500">Planned in / out</dt>
        <dd className="font-semibold">
          {formatUsd(s.planned_in)} / {formatUsd(s.planned_out)}
        </dd>
      </div>
      {marksLowDays ? (
        <div>
          <dt className="text-slate-500">
            Low / negative days
            {data.low_balance_threshold !== undefined
              ? ` (low: under ${money(data.low_balance_threshold)})`
              : ''}
          </dt>
          <dd className={cn('font-semibold', s.negative_days > 0 && 'text-red-700')}>
            {s.low_days} / {s.negative_days}
          </dd>
        </div>
      ) : null}
      {s.allowance !== undefined && s.allowance !== 0 ? (
        <div className="col-span-2 sm:col-span-4" data-testid="allowance-summary">
          <dt className="text-slate-500">Everyday spending (forecast days)</dt>
          <dd className="font-semibold">
            {money(s.allowance)}{' '}
            <span className="font-normal text-slate-600">
              {data.include_allowance === false
                ? '— not included in the balances above'
                : '— included in the balances above'}
            </span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function DayButton({
  day,
  onOpen,
  layout,
  convention,
  marksLowDays,
}: {
  day: CalendarDay;
  onOpen: () => void;
  layout: 'cell' | 'row';
  convention: BalanceConvention;
  marksLowDays: boolean;
}) {
  const closing = day.balances.total?.closing ?? null;
  // Low and negative are cash notions: an owed balance or net worth is shown, not flagged.
  const tone = marksLowDays ? balanceTone(day.flags, closing) : closing === null ? 'none' : 'normal';
  const dayNumber = Number(day.date.slice(8));
  const entries = [
    ...day.transactions.map((t) => ({
      key: t.id,
      name: t.display_name || t.merchant_name || t.name,
      amount: -t.amount,
      planned: false,
    })),
    ...day.planned
      .filter((p) => !p.is_reconciled)
      .map((p) => ({ key: p.id, name: p.description, amount: p.amount, planned: true })),
  ];
  // The name is the visible text with the full date first and the balance's tone last, both for screen
  // readers only (an aria-label would hide what sighted users read: axe label-content-name-mismatch).
  const before = `${dayLabel(day.date)}${day.is_today ? ', today' : ''}: `;
  const after = toneWords[tone];
  return (
    <button
      type="button"
      onClick={onOpen}
      data-date={day.date}
      className={cn(
        'flex h-full w-full flex-col gap-1 p-1.5 text-left text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600',
        layout === 'row' && 'rounded-lg border border-slate-200 p-3 text-sm',
        day.is_today && 'bg-brand-50',
        !day.is_forecast && !day.is_today && 'text-slate-700',
      )}
    >
      <span className="sr-only">{before}</span>
      <span className="flex items-center justify-between gap-1">
        <span className={cn('font-semibold', day.is_today && 'text-brand-700')}>
          {layout === 'row' ? shortDate(day.date) : dayNumber}
        </span>
        {closing !== null ? (
          <span
            data-testid="day-balance"
            className={cn('rounded px-1 font-medium tabular-nums', toneClasses[tone])}
          >
            {formatBalance(closing, convention)}
          </span>
        ) : null}
      </span>
      <span className="flex flex-col gap-0.5 overflow-hidden">
        {entries.slice(0, layout === 'row' ? 6 : 3).map((e) => (
          <span
            key={e.key}
            data-kind={e.planned ? 'planned' : 'actual'}
            className={cn(
              'truncate',
              e.planned ? 'border-l-2 border-dashed border-brand-500 pl-1 italic text-slate-600' : 'pl-1.5',
              e.amount > 0 && 'text-emerald-700',
            )}
          >
            {e.name} {signedUsd(e.amount, formatUsd)}
          </span>
        ))}
        {entries.length > (layout === 'row' ? 6 : 3) ? (
          <span className="text-slate-500">+{entries.length - (layout === 'row' ? 6 : 3)} more</span>
        ) : null}
      </span>
      {after ? <span className="sr-only">{after}</span> : null}
    </button>
  );
}

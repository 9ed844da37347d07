// /calendar, the Money Calendar: a month grid on desktop and a list under 768 px
// (spec §9); each day shows its transactions and planned items (planned in italics with a dashed
// marker), its end-of-day balance, low and negative highlighting; a day opens its detail; a view picker
// (Cash by default, each account, Net worth; remembered per member per profile); months 24
// back and 24 ahead; and the forecast chart. An owed balance reads as owed everywhere on the screen.
// The two cards under the month (spending by category, the forecast chart) mount once the month is on
// screen and the browser is next idle: below the fold, they stay out of the grid's render, and
// nothing above them moves when they appear. The months either side of the one shown are fetched once
// it is on screen (api/neighbour-months.ts), so the month arrows answer from the cache.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { bandCoverage, type BandCoverage } from '@domain/money/band-coverage.ts';
import type { AccountType } from '@domain/money/forecast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { ForecastSettingsButton } from '../../../components/money/forecast-settings.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useIdle } from '../../../components/deferred.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { nameWithMask } from '../../../lib/account-format.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { MOBILE_BREAKPOINT_PX } from '../../../lib/constants.ts';
import { money, shortDate, type BalanceConvention } from '../../../lib/money-format.ts';
import { useRememberView, viewSettingsQueryOptions } from '../../../lib/money-view-settings-api.ts';
import { rememberCalendarView, rememberedCalendarView } from '../../../lib/storage-keys.ts';
import {
  calendarQueryOptions,
  type CalendarAccount,
  type CalendarDay,
  type MoneyCalendar as MoneyCalendarData,
  type ViewKey,
} from '../api/calendar.ts';
import { addMonths, buildMonthGrid, isMonthInWindow, monthLabel, openingMonth } from '../utils/month.ts';
import { applyWhatIf, parseWhatIf } from '../utils/what-if.ts';
import { currentMonth, openingView } from '../api/calendar-start.ts';
import { useNeighbourMonths } from '../api/neighbour-months.ts';
import { CalendarHeading } from './calendar-skeleton.tsx';
import { DayButton, Summary } from './calendar-days.tsx';

// Off the first render's path: the day's dialog loads when the browser is first idle after the
// month showed (or when a day is opened first), the two cards under the month when they mount.
const loadDayDetail = () => import('./day-detail.tsx');
const DayDetail = lazy(() => loadDayDetail().then((m) => ({ default: m.DayDetail })));
const SpendingByCategory = lazy(() =>
  import('./spending-by-category.tsx').then((m) => ({ default: m.SpendingByCategory })),
);
const ForecastChart = lazy(() => import('./forecast-chart.tsx').then((m) => ({ default: m.ForecastChart })));

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
function subscribeMobile(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mql = window.matchMedia(mobileQuery);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}
const isMobileNow = () => typeof window.matchMedia === 'function' && window.matchMedia(mobileQuery).matches;
function useIsMobile() {
  return useSyncExternalStore(subscribeMobile, isMobileNow, () => false);
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The month with what-if days: the summary's closing, lowest and low days follow them. */
function withWhatIf(data: MoneyCalendarData, days: CalendarDay[]): MoneyCalendarData {
  const balanced = days.filter((d) => d.balances.total);
  const lowest = balanced.find((d) => d.flags?.is_lowest);
  return {
    ...data,
    days,
    summary: {
      ...data.summary,
      closing: balanced.at(-1)?.balances.total?.closing ?? data.summary.closing,
      lowest: lowest?.balances.total ? { date: lowest.date, closing: lowest.balances.total.closing } : null,
      low_days: days.filter((d) => d.flags?.is_low).length,
      negative_days: days.filter((d) => d.flags?.is_negative).length,
    },
  };
}

/** The backtest's measured coverage of the view's band: for one account of a measured kind only. */
function coverageOf(view: ViewKey, accounts: readonly CalendarAccount[]): BandCoverage | null {
  const account = accounts.find((a) => a.id === view);
  if (!account?.account_type) return null;
  return bandCoverage(account.account_type as AccountType, account.account_subtype ?? null);
}

/** The picker's options: Cash, every account by name and mask (debts and hand-kept accounts
 * marked), Net worth. */
export function viewOptions(accounts: readonly CalendarAccount[]) {
  return [
    { value: 'cash', label: 'Cash (checking & savings)' },
    ...accounts.map((a) => ({
      value: a.id,
      label:
        nameWithMask(a) +
        (a.account_type === 'credit' || a.account_type === 'loan' ? ' (owed)' : '') +
        (a.is_manual ? ' (manual)' : ''),
    })),
    { value: 'net_worth', label: 'Net worth (cash + investments − debts)' },
  ];
}

export function MoneyCalendar({ profileId, canEdit }: { profileId: string; canEdit: boolean }) {
  // A link may open a month, and a day in it (the coach's "See Dec 14 on the calendar"):
  // ?month=YYYY-MM[&day=YYYY-MM-DD].
  const [searchParams, setSearchParams] = useSearchParams();
  // The coach's "what if": a purchase shown as if planned, on the cash view only (?whatIf=…).
  const whatIf = parseWhatIf(searchParams.get('whatIf'), searchParams.get('repeat'));
  const linked = searchParams.get('month');
  const [month, setMonth] = useState(() => openingMonth(linked, currentMonth()));
  const [chosenView, setChosenView] = useState<ViewKey | null>(null);
  const [selected, setSelected] = useState<string | null>(() => {
    const day = searchParams.get('day');
    return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && day.slice(0, 7) === month ? day : null;
  });
  const isMobile = useIsMobile();
  // The view opens where the member left it (saved per profile), else on Cash.
  const settings = useQuery(viewSettingsQueryOptions(profileId));
  const remember = useRememberView(profileId);
  // Remembered on this device too, so the next start asks for this view's month before the settings
  // are in (lib/early-data.ts) and shows it at once; the server's setting stays the source of
  // truth: when it names another view, that one shows once it is in.
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.userId : null;
  const [deviceView] = useState(() => (userId ? rememberedCalendarView(userId, profileId) : null));
  // A what-if link opens on Cash, where it applies, without changing the remembered view.
  const view =
    chosenView ??
    (settings.isPending && !whatIf ? deviceView : openingView(whatIf !== null, settings.data?.view));
  const shownView = chosenView ?? settings.data?.view;
  useEffect(() => {
    if (userId && shownView) rememberCalendarView(userId, profileId, shownView);
  }, [userId, profileId, shownView]);
  const query = useQuery({
    ...calendarQueryOptions(profileId, { month, view: view ?? 'cash' }),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
  const convention: BalanceConvention = query.data?.balance_convention ?? 'net';
  const marksLowDays = query.data?.marks_low_days ?? true;
  const today = query.data?.today ?? new Date().toISOString().slice(0, 10);
  const thisMonth = today.slice(0, 7);
  const canBack = isMonthInWindow(addMonths(month, -1), thisMonth);
  const canForward = isMonthInWindow(addMonths(month, 1), thisMonth);
  const fetched = query.data?.month === month ? query.data : undefined;
  // The month's days are drawn in a pass React can interrupt: an answer arrives through the
  // query cache, which React renders in one blocking task, so the grid (a button per day) follows in a
  // deferred render that yields to the browser every few milliseconds. Until then the placeholder stays;
  // a deferred value of another month is never shown under this one's name.
  const deferred = useDeferredValue(fetched, undefined);
  const shown = fetched && deferred?.month === fetched.month ? deferred : undefined;
  const showWhatIf = whatIf !== null && shown?.view === 'cash';
  const data =
    shown && showWhatIf
      ? withWhatIf(shown, applyWhatIf(shown.days, whatIf, shown.low_balance_threshold ?? 0))
      : shown;
  const byDate = new Map<string, CalendarDay>((data?.days ?? []).map((d) => [d.date, d]));
  // The cards under the month wait for it (or its error), then for the browser's next idle moment.
  const [monthShown, setMonthShown] = useState(false);
  if (!monthShown && (data !== undefined || query.isError)) setMonthShown(true);
  const selectedDay = selected ? byDate.get(selected) : undefined;
  useNeighbourMonths(profileId, { month, view, thisMonth, shown: data !== undefined });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CalendarHeading />
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <ForecastSettingsButton profileId={profileId} />
          <SelectField
            label="Show"
            className="w-full sm:w-72"
            value={view ?? 'cash'}
            onChange={(e) => {
              setChosenView(e.target.value);
              remember.mutate(e.target.value);
            }}
            options={viewOptions(query.data?.accounts ?? [])}
          />
        </div>
      </div>

      <div className="flex items-center justify-between gap-2" role="group" aria-label="Month">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canBack}
          onClick={() => setMonth(addMonths(month, -1))}
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
            {monthLabel(month)}
          </h2>
          {month !== thisMonth ? (
            <Button variant="ghost" size="sm" onClick={() => setMonth(thisMonth)}>
              Today
            </Button>
          ) : null}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!canForward}
          onClick={() => setMonth(addMonths(month, 1))}
          aria-label="Next month"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>

      {query.isError && !data ? (
        <QueryError
          error={query.error}
          title="The calendar could not load"
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <Skeleton className="h-96 w-full" />
      ) : data.accounts.length === 0 ? (
        <EmptyState icon={CalendarDays} title="No accounts yet">
          Link a bank account to see your balances day by day.
        </EmptyState>
      ) : (
        <>
          {showWhatIf ? (
            <div
              role="status"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <span>
                What if: {money(-whatIf.amount)}
                {whatIf.monthly ? ' a month from ' : ' on '}
                {shortDate(whatIf.date)} — not in your plan; the balances below include it.
              </span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  setSearchParams((params) => {
                    params.delete('whatIf');
                    params.delete('repeat');
                    return params;
                  })
                }
              >
                Remove what if
              </Button>
            </div>
          ) : null}
          <Summary data={data} convention={convention} />
          {isMobile ? (
            <ol className="space-y-2" aria-label={`Days of ${monthLabel(month)}`}>
              {data.days.map((day) => (
                <li key={day.date}>
                  <DayButton
                    day={day}
                    onOpen={() => setSelected(day.date)}
                    layout="row"
                    convention={convention}
                    marksLowDays={marksLowDays}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <table
              className="w-full table-fixed border-collapse"
              aria-label={`Calendar for ${monthLabel(month)}`}
            >
              <thead>
                <tr>
                  {weekdays.map((d) => (
                    <th key={d} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {buildMonthGrid(month).map((week) => (
                  <tr key={week.find(Boolean) ?? 'w'}>
                    {week.map((date, i) => {
                      const day = date ? byDate.get(date) : undefined;
                      return (
                        <td key={date ?? `pad-${i}`} className="h-28 border border-slate-200 p-0 align-top">
                          {day ? (
                            <DayButton
                              day={day}
                              onOpen={() => setSelected(day.date)}
                              layout="cell"
                              convention={convention}
                              marksLowDays={marksLowDays}
                            />
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      {monthShown ? (
        <BelowTheMonth>
          <Card className="p-4">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Spending by category</h2>
            <SpendingByCategory profileId={profileId} month={month} thisMonth={thisMonth} />
          </Card>

          <Card className="p-4">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Balance forecast</h2>
            {view !== null ? (
              <ForecastChart
                profileId={profileId}
                view={view}
                coverage={coverageOf(view, query.data?.accounts ?? [])}
              />
            ) : null}
          </Card>
        </BelowTheMonth>
      ) : null}

      {selectedDay && data ? (
        <Suspense fallback={null}>
          <DayDetail
            day={selectedDay}
            accounts={data.accounts}
            profileId={profileId}
            canEdit={canEdit}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Its children once the browser is idle after the month first showed (within 1 s); the day's dialog
 * starts loading then too. */
function BelowTheMonth({ children }: { children: ReactNode }) {
  const idle = useIdle();
  useEffect(() => {
    if (idle) loadDayDetail().catch(() => undefined);
  }, [idle]);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// The months either side of the one on screen, fetched once it shows and the browser is next idle, so
// 'Next month' and 'Previous month' render from the cache instead of waiting for the server: the month
// in the view on screen, then the same month across every account, which spending by category reads
// under it. Only months inside the calendar's window (24 back, 24 ahead) are asked for; the requests are
// the screen's own queries, so what they bring is what a click shows.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../../components/deferred.tsx';
import { addMonths, isMonthInWindow } from '../utils/month.ts';
import { calendarQueryOptions, SPENDING_VIEW, type ViewKey } from './calendar.ts';

/** How long after the month showed the neighbours are asked for at the latest, if the browser stays busy. */
const NEIGHBOURS_WITHIN_MS = 2000;

export function useNeighbourMonths(
  profileId: string,
  {
    month,
    view,
    thisMonth,
    shown,
  }: { month: string; view: ViewKey | null; thisMonth: string; shown: boolean },
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!shown || view === null) return;
    return whenIdle(() => {
      const months = [addMonths(month, 1), addMonths(month, -1)].filter((m) => isMonthInWindow(m, thisMonth));
      for (const shownView of new Set([view, SPENDING_VIEW]))
        for (const next of months)
          void queryClient.prefetchQuery(calendarQueryOptions(profileId, { month: next, view: shownView }));
    }, NEIGHBOURS_WITHIN_MS);
  }, [queryClient, profileId, month, view, thisMonth, shown]);
}

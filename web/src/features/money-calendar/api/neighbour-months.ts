// The months either side of the one on screen, fetched once it shows and the browser is next idle, so
// 'Next month' and 'Previous month' render from the cache instead of waiting for the server. Only months
// inside the calendar's window (24 back, 24 ahead) are asked for; the request is the screen's own query,
// so the month it brings is the month a click shows.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../../components/deferred.tsx';
import { addMonths, isMonthInWindow } from '../utils/month.ts';
import { calendarQueryOptions, type ViewKey } from './calendar.ts';

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
      for (const next of [addMonths(month, 1), addMonths(month, -1)]) {
        if (isMonthInWindow(next, thisMonth))
          void queryClient.prefetchQuery(calendarQueryOptions(profileId, { month: next, view }));
      }
    }, NEIGHBOURS_WITHIN_MS);
  }, [queryClient, profileId, month, view, thisMonth, shown]);
}

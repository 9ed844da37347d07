// The Money Calendar's first queries on a signed-in start (lib/signed-in-start.ts): the member's
// view settings, then the month the screen opens on, in the view it opens on, with the screen's own
// query options, so its first render reads both from the cache. The opening month and view are decided
// here and by the screen (money-calendar.tsx) with the same two functions.
import type { QueryClient } from '@tanstack/react-query';
import type { ScreenStartContext } from '../../../lib/signed-in-start.ts';
import { viewSettingsQueryOptions } from '../../../lib/money-view-settings-api.ts';
import { fetchForStart } from '../../../lib/react-query.ts';
import { openingMonth } from '../utils/month.ts';
import { parseWhatIf } from '../utils/what-if.ts';
import { calendarQueryOptions, type ViewKey } from './calendar.ts';

/** The current month, as the calendar reads it (UTC). */
export const currentMonth = (now: Date = new Date()): string => now.toISOString().slice(0, 7);

/**
 * The view the calendar opens on: Cash for a what-if link (it applies there), else the member's saved
 * view, else Cash (settings not saved, from an older server, or unreadable).
 */
export function openingView(whatIf: boolean, savedView: ViewKey | undefined): ViewKey {
  return whatIf ? 'cash' : (savedView ?? 'cash');
}

export async function startCalendarQueries(
  queryClient: QueryClient,
  { profileId, search }: Pick<ScreenStartContext, 'profileId' | 'search'>,
  now: Date = new Date(),
): Promise<void> {
  const params = new URLSearchParams(search);
  const settings = await fetchForStart(queryClient, viewSettingsQueryOptions(profileId));
  const whatIf = parseWhatIf(params.get('whatIf'), params.get('repeat')) !== null;
  await fetchForStart(
    queryClient,
    calendarQueryOptions(profileId, {
      month: openingMonth(params.get('month'), currentMonth(now)),
      view: openingView(whatIf, settings?.view),
    }),
  );
}

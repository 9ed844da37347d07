// spec §2 in-app notices: the target page key of the current route (accounts, calendar, money-coach,
// profiles, settings, help), or 'all' for any other page. The server returns the page's notices and
// those targeted at all.
import { paths } from '../../../config/paths.ts';

export type NoticePage = 'accounts' | 'calendar' | 'money-coach' | 'profiles' | 'settings' | 'help' | 'all';

const pages: readonly [string, NoticePage][] = [
  [paths.app.accounts.path, 'accounts'],
  [paths.app.calendar.path, 'calendar'],
  [paths.app.coach.path, 'money-coach'],
  [paths.app.profiles.path, 'profiles'],
  [paths.app.settings.path, 'settings'],
  [paths.app.help.path, 'help'],
];

export function noticePageFor(pathname: string): NoticePage {
  for (const [path, page] of pages) {
    if (pathname === path || pathname.startsWith(`${path}/`)) return page;
  }
  return 'all';
}

/** spec §9: one notice every 500 ms; the dismiss animation lasts 150 ms. */
export const NOTICE_TIMING = { staggerMs: 500, dismissMs: 150 } as const;

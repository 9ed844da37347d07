// In-app notices (spec §2 "In-app notices", §3 user_notifications and dismissals, §5 notification
// query): a notice is shown on its target page (or every page: 'all') while active within its
// start/end window, until the user dismisses it. Content is admin HTML; the SPA sanitizes it
// (DOMPurify) before rendering, and the server never treats it as trusted markup either.
import type { EntityItem } from 'electrodb';
import type { Data } from './data/index.ts';

export type Notice = EntityItem<Data['userNotifications']>;

/** spec §5: target page in (page, all), active, start_date not after now, end_date null or not before now. */
export function isShowable(notice: Notice, nowIso: string): boolean {
  return (
    notice.is_active &&
    notice.start_date <= nowIso &&
    (notice.end_date === undefined || notice.end_date === null || notice.end_date >= nowIso)
  );
}

/** spec §7: ordered by priority then created_at, descending (the most important, newest first). */
export function byPriorityThenNewest(a: Notice, b: Notice): number {
  return b.priority - a.priority || b.created_at.localeCompare(a.created_at);
}

export async function noticesFor(data: Data, userId: string, page: string, now: Date) {
  const nowIso = now.toISOString();
  const pages = page === 'all' ? ['all'] : [page, 'all'];
  const [lists, { data: dismissals }] = await Promise.all([
    Promise.all(
      pages.map((target) =>
        data.userNotifications.query
          .byTargetPage({ target_page: target as Notice['target_page'] })
          .go({ pages: 'all' }),
      ),
    ),
    data.notificationDismissals.query.byUser({ user_id: userId }).go({ pages: 'all' }),
  ]);
  const dismissed = new Set(dismissals.map((d) => d.notification_id));
  return lists
    .flatMap((list) => list.data)
    .filter((notice) => isShowable(notice, nowIso) && !dismissed.has(notice.id))
    .sort(byPriorityThenNewest);
}

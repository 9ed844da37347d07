// In-app notices (spec §2 "In-app notices", §3 user_notifications and dismissals, §5 notification
// query): a notice is shown on its target page (or every page: 'all') while active within its
// start/end window, until the user dismisses it. Content is admin HTML; the SPA sanitizes it
// (DOMPurify) before rendering, and the server never treats it as trusted markup either.
import type { EntityItem } from 'electrodb';
import type { Data } from './data/index.ts';
import type { Deps } from './deps.ts';

export type Notice = EntityItem<Data['userNotifications']>;

/** spec §5: target page in (page, all), active, start_date not after now, end_date null or not before now. */
export function isShowable(
  notice: Pick<Notice, 'is_active' | 'start_date' | 'end_date'>,
  nowIso: string,
): boolean {
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

/** A start older than this is not pushed any more: the page's next read shows the notice anyway. */
export const START_PUSH_LOOKBACK_MS = 60 * 60 * 1000;

/**
 * Tells open browsers about each notice whose start time has come since it was saved (the schedule
 * `notice-starts`, every minute): a NoticePublished per notice, pushed by the realtime publisher to every
 * connection, so a notice scheduled for later appears when it starts, without a reload. A notice saved
 * with a later start waits in the sparse byStartPending index (`start_queue`), so each run reads only
 * the notices whose start has come, never every notice ever made; each start is pushed once
 * (`start_pushed_for`; a save that makes a notice showable marks it too).
 */
export async function announceStartedNotices(
  deps: Pick<Deps, 'clock' | 'events'>,
  data: Data,
): Promise<{ pushed: string[] }> {
  const now = deps.clock();
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - START_PUSH_LOOKBACK_MS).toISOString();
  const { data: started } = await data.userNotifications.query
    .byStartPending({ start_queue: 'pending' })
    .lte({ start_date: nowIso })
    .go({ pages: 'all', attributes: ['id'] });
  const { data: notices } =
    started.length > 0
      ? await data.userNotifications.get(started.map((n) => ({ id: n.id }))).go()
      : { data: [] };
  const pushed: string[] = [];
  for (const notice of notices) {
    if (
      isShowable(notice, nowIso) &&
      notice.start_date > since &&
      notice.start_pushed_for !== notice.start_date
    ) {
      await deps.events.publish('NoticePublished', {
        notificationId: notice.id,
        targetPage: notice.target_page,
      });
      pushed.push(notice.id);
    }
    // After the push: a failure between the two pushes it again next minute, which only refetches. A
    // notice not showable when its start came leaves the index too; a later save that shows it pushes.
    await data.userNotifications
      .patch({ id: notice.id })
      .set({ start_pushed_for: notice.start_date })
      .remove(['start_queue'])
      .go();
  }
  return { pushed };
}

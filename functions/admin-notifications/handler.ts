// Admins define in-app notices (spec §2 /admin/notifications, §3 user_notifications). The HTML content
// is stored as written and sanitized where it is rendered. Open browsers hear of a notice when it can
// show: at the save when it already does, else when its start comes (the `notice-starts` schedule).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { NOTIFICATION_TYPES, STYLE_VARIANTS, TARGET_PAGES } from '../lib/data/entities/user-notification.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { writeAudit } from '../lib/admin/audit.ts';
import { announceStartedNotices, isShowable } from '../lib/notifications.ts';
import { withTriggers } from '../lib/triggers.ts';

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

const noticeFields = z.object({
  title: z.string().trim().min(1, 'Please enter a title').max(120),
  content: z.string().min(1, 'Please enter the content').max(10_000),
  notification_type: z.enum(NOTIFICATION_TYPES),
  style_variant: z.enum(STYLE_VARIANTS),
  target_page: z.enum(TARGET_PAGES),
  is_active: z.boolean(),
  start_date: isoDateTime,
  end_date: isoDateTime.nullable(),
  priority: z.number().int().min(0).max(100),
});

export const http = httpHandler('admin-notifications', {
  'GET /admin/notifications': route({
    run: async ({ deps }) => {
      const { data } = await dataFor(deps)
        .userNotifications.query.all({})
        .go({ pages: 'all', order: 'desc', hydrate: true });
      return { notifications: data };
    },
  }),
  'POST /admin/notifications': route({
    body: noticeFields.partial({
      notification_type: true,
      style_variant: true,
      target_page: true,
      is_active: true,
      start_date: true,
      end_date: true,
      priority: true,
    }),
    status: 201,
    run: async ({ deps, body, caller }) => {
      const { end_date, ...rest } = body;
      const nowIso = deps.clock().toISOString();
      const start_date = rest.start_date ?? nowIso;
      const record = { id: randomUUID(), ...rest, start_date, ...(end_date ? { end_date } : {}) };
      const showsNow = isShowable(
        { is_active: rest.is_active ?? true, start_date, end_date: end_date ?? undefined },
        nowIso,
      );
      const { data } = await dataFor(deps)
        .userNotifications.create({
          ...record,
          ...(showsNow ? { start_pushed_for: start_date } : { start_queue: 'pending' as const }),
        })
        .go();
      // Open browsers refetch their notices, so a new one appears without a reload (docs/realtime.md);
      // one that starts later is pushed when it starts.
      if (showsNow)
        await deps.events.publish('NoticePublished', {
          notificationId: data.id,
          targetPage: data.target_page,
        });
      // Every admin action is audited.
      await writeAudit(
        dataFor(deps),
        caller,
        'create_notice',
        { type: 'notice', id: data.id },
        null,
        data,
        deps.clock(),
      );
      return data;
    },
  }),
  'PATCH /admin/notifications/{notificationId}': route({
    path: z.object({ notificationId: z.string().min(1).max(128) }),
    body: noticeFields.partial().refine((v) => Object.keys(v).length > 0, 'must change at least one field'),
    run: async ({ deps, path, body, caller }) => {
      const data = dataFor(deps);
      const { data: existing } = await data.userNotifications.get({ id: path.notificationId }).go();
      if (!existing) throw new NotFoundError('Notice not found');
      const { end_date, ...rest } = body;
      const nowIso = deps.clock().toISOString();
      const after = {
        ...existing,
        ...rest,
        end_date: end_date === null ? undefined : (end_date ?? existing.end_date),
      };
      const showsNow = isShowable(after, nowIso);
      // A notice that shows now is pushed now; one that does not waits for its start in the sparse index.
      let update = showsNow
        ? data.userNotifications
            .patch({ id: path.notificationId })
            .set({ ...rest, start_pushed_for: after.start_date })
            .remove(['start_queue'])
        : data.userNotifications.patch({ id: path.notificationId }).set({ ...rest, start_queue: 'pending' });
      if (end_date === null) update = update.remove(['end_date']);
      else if (end_date) update = update.set({ end_date });
      const { data: updated } = await update.go({ response: 'all_new' });
      // Pushed when what browsers show changes now: a notice that shows, or one that stopped showing.
      // One moved to a later start is pushed when it starts.
      if (showsNow || isShowable(existing, nowIso))
        await deps.events.publish('NoticePublished', {
          notificationId: path.notificationId,
          targetPage: updated.target_page ?? existing.target_page,
        });
      await writeAudit(
        data,
        caller,
        'update_notice',
        { type: 'notice', id: path.notificationId },
        existing,
        updated,
        deps.clock(),
      );
      return updated;
    },
  }),
});

export const handler = withTriggers(http, {
  onSchedule: (deps) => announceStartedNotices(deps, dataFor(deps)),
});

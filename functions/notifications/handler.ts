// A user's in-app notices for a page and their dismissal (spec §2, §4 Notification, §7).
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { TARGET_PAGES } from '../lib/data/entities/user-notification.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { noticesFor } from '../lib/notifications.ts';

export const handler = httpHandler('notifications', {
  'GET /notifications': route({
    query: z.object({ page: z.enum(TARGET_PAGES).default('all') }),
    run: async ({ deps, caller, query }) => ({
      notifications: (await noticesFor(dataFor(deps), caller.userId, query.page, deps.clock())).map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        notification_type: n.notification_type,
        style_variant: n.style_variant,
        target_page: n.target_page,
        priority: n.priority,
        start_date: n.start_date,
        end_date: n.end_date ?? null,
        created_at: n.created_at,
      })),
    }),
  }),
  'POST /notifications/{notificationId}/dismissals': route({
    path: z.object({ notificationId: z.string().min(1).max(128) }),
    status: 201,
    run: async ({ deps, caller, path }) => {
      const data = dataFor(deps);
      const { data: notice } = await data.userNotifications.get({ id: path.notificationId }).go();
      if (!notice) throw new NotFoundError('Notice not found');
      // Idempotent: dismissing twice stores one record.
      await data.notificationDismissals.put({ user_id: caller.userId, notification_id: notice.id }).go();
      return { user_id: caller.userId, notification_id: notice.id };
    },
  }),
});

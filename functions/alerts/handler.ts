// The caller's alerts: the in-app notifications list, newest first and paged, with
// the unread count over the latest 200, and marking some or all read.
import { z } from 'zod';
import { UNREAD_WINDOW } from '../lib/alerts/alerts.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { pageQuery, queryPage } from '../lib/paging.ts';

const readBody = z
  .union([
    z.object({ all: z.literal(true) }).strict(),
    z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict(),
  ])
  .describe('either { all: true } or { ids: [...] }');

export const handler = httpHandler('alerts', {
  'GET /alerts': route({
    query: z.object(pageQuery(20, 100)).strict(),
    run: async ({ deps, caller, query }) => {
      const data = dataFor(deps);
      const [page, recent] = await Promise.all([
        queryPage(query.cursor, (cursor) =>
          data.userAlerts.query
            .byUser({ user_id: caller.userId })
            .go({ order: 'desc', limit: query.limit, cursor }),
        ),
        data.userAlerts.query
          .byUser({ user_id: caller.userId })
          .go({ order: 'desc', limit: UNREAD_WINDOW, attributes: ['read_at'] }),
      ]);
      return {
        items: page.items.map((a) => ({
          id: a.id,
          alert_type: a.alert_type,
          priority: a.priority,
          kind: a.kind,
          title: a.title,
          body: a.body,
          link: a.link ?? null,
          delivery: a.delivery,
          status: a.status,
          deliver_after: a.deliver_after ?? null,
          delivered_at: a.delivered_at ?? null,
          read_at: a.read_at ?? null,
          created_at: a.created_at,
        })),
        unread_count: recent.data.filter((a) => !a.read_at).length,
        next_cursor: page.next_cursor,
      };
    },
  }),
  'POST /alerts/read': route({
    body: readBody,
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const { data: recent } = await data.userAlerts.query
        .byUser({ user_id: caller.userId })
        .go({ order: 'desc', limit: UNREAD_WINDOW });
      const wanted = 'ids' in body ? new Set(body.ids) : null;
      const now = deps.clock().toISOString();
      const marking = recent.filter((a) => !a.read_at && (!wanted || wanted.has(a.id)));
      await Promise.all(
        marking.map((a) =>
          data.userAlerts
            .patch({ user_id: a.user_id, created_at: a.created_at, id: a.id })
            .set({ read_at: now })
            .go(),
        ),
      );
      return {
        marked: marking.length,
        unread_count: recent.length - recent.filter((a) => a.read_at).length - marking.length,
      };
    },
  }),
});

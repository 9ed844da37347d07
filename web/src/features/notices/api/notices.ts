// GET /notifications?page=… (the caller's active, undismissed notices for a page, spec §5 notification
// query) and POST /notifications/{id}/dismissals (spec §4: a dismissal record is stored).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import type { NoticePage } from '../utils/notice-page.ts';

export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  notification_type: z.string(),
  style_variant: z.nullish(z.string()),
  target_page: z.string(),
  priority: z.nullish(z.number()),
});
export type Notice = z.infer<typeof noticeSchema>;

const listSchema = z.object({ notifications: z.array(noticeSchema) });

export const noticesQueryOptions = (page: NoticePage) =>
  queryOptions({
    queryKey: ['notices', page] as const,
    queryFn: async ({ signal }) =>
      listSchema.parse(await api.get<unknown>(`/notifications?page=${encodeURIComponent(page)}`, { signal }))
        .notifications,
  });

export async function dismissNotice(id: string): Promise<void> {
  await api.post<unknown>(`/notifications/${encodeURIComponent(id)}/dismissals`);
}

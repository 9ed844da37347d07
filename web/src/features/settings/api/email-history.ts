// GET /email-sends (spec §3 email_sends, §9 e-mail history limit 50): the e-mails the product sent the
// signed-in person, newest first, a page at a time, for /settings → Notifications.
import { infiniteQueryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';

export const EMAIL_HISTORY_PAGE = 10;

export const emailSendSchema = z.object({
  id: z.string(),
  kind: z.nullable(z.string()),
  subject: z.string(),
  status: z.string(),
  sent_at: z.string(),
  delivered_at: z.nullable(z.string()),
  opened_at: z.nullable(z.string()),
  bounced_at: z.nullable(z.string()),
  campaign: z.nullable(z.object({ name: z.string() })),
});
export type EmailSend = z.infer<typeof emailSendSchema>;

const pageSchema = z.object({ items: z.array(emailSendSchema), next_cursor: z.nullable(z.string()) });

export const emailHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['email-sends'] as const,
    queryFn: async ({ pageParam, signal }) =>
      pageSchema.parse(
        await api.get<unknown>('/email-sends', {
          signal,
          query: { limit: EMAIL_HISTORY_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 60_000,
  });

/** What a person reads for each delivery state (SES events through the configuration set). */
export function emailStatusLabel(send: Pick<EmailSend, 'status'>): string {
  switch (send.status) {
    case 'opened':
    case 'clicked':
      return 'Opened';
    case 'delivered':
      return 'Delivered';
    case 'bounced':
      return 'Could not be delivered';
    case 'failed':
      return 'Not sent';
    case 'queued':
      return 'Sending';
    default:
      return 'Sent';
  }
}

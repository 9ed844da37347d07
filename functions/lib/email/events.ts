// spec §7 sendgrid-email-automation's events, each to one e-mail: the lifecycle mail
// once per occasion, the weekly digest and monthly report with the person's own figures, the daily
// inactivity scan, the people each schedule writes to, and the delivery events (SES through
// EventBridge in the cloud, the outbox's simulation locally) that set an e-mail's status and stop
// non-essential mail after a hard bounce or a complaint.
import { z } from 'zod';
import {
  INACTIVITY_CATCH_UP_DAYS,
  INACTIVITY_DAYS,
  occasionKey,
  type EmailEvent,
} from '../../../domain/email-events.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { tally } from '../admin/tally.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { todayOf } from '../money/store.ts';
import type { QueueMessage } from '../../../events/queues.ts';
import { alertCardFreeTrialsEnding } from '../subscriptions/trial-ending.ts';
import { sendProductEmail, type SendResult } from './automation.ts';
import { monthlyReportFigures, weeklyDigestFigures, type LowPoint } from './digest.ts';
import { lifecycleContent, monthlyReportContent, weeklyDigestContent } from './templates.ts';

/** The Monday of the ISO week of `day` (the weekly digest's occasion). */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The low the last weekly digest reported, for "what changed since last week". */
async function previousDigestLow(data: Data, userId: string): Promise<LowPoint | null> {
  const { data: sends } = await data.emailSends.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: 50 });
  const last = sends.find((s) => s.kind === 'weekly_digest' && s.status !== 'failed');
  const low = (last?.metadata as { projected_low?: LowPoint | null } | undefined)?.projected_low;
  return low ?? null;
}

/**
 * Sends the e-mail of one spec §7 event to one person, honouring their preferences. `occasion` makes
 * once-only mail specific (the inactivity stretch's last active day); the digest and report are once
 * per week and month.
 */
export async function sendEventEmail(
  deps: Deps,
  data: Data,
  event: EmailEvent,
  userId: string,
  occasion?: string,
): Promise<SendResult> {
  const today = todayOf(deps.clock);
  if (event === 'weekly_digest') {
    const [figures, previous] = await Promise.all([
      weeklyDigestFigures(deps, data, userId),
      previousDigestLow(data, userId),
    ]);
    return sendProductEmail(deps, data, {
      userId,
      kind: event,
      once: occasionKey(event, occasion ?? weekOf(today)),
      content: (links) => weeklyDigestContent(figures, previous, links),
      metadata: figures ? { ...figures, projected_low: figures.projected_low } : { projected_low: null },
    });
  }
  if (event === 'monthly_report') {
    const figures = await monthlyReportFigures(deps, data, userId);
    return sendProductEmail(deps, data, {
      userId,
      kind: event,
      once: occasionKey(event, occasion ?? today.slice(0, 7)),
      content: (links) => monthlyReportContent(figures, links),
      metadata: figures ? { ...figures } : undefined,
    });
  }
  const { data: person } = await data.profiles.get({ id: userId }).go();
  const firstName = person?.full_name?.split(/\s+/)[0] ?? null;
  return sendProductEmail(deps, data, {
    userId,
    kind: event,
    // Onboarding and coach mail: once per person; inactivity: once per stretch away.
    once: occasionKey(event, occasion ?? 'once'),
    content: (links) => lifecycleContent(event, firstName, links),
  });
}

/** Records a visit: the day a person was last active, read by the inactivity scan (throttled by caller). */
export async function recordActivity(data: Data, userId: string, now: Date): Promise<void> {
  await data.engagementMetrics
    .update({ user_id: userId })
    .set({ last_active_date: now.toISOString().slice(0, 10), user_shard: userId.slice(0, 1).toLowerCase() })
    .go();
}

/** Every person who has visited since e-mail automation began, shard by shard (no Scan). */
export async function everyone(data: Data): Promise<string[]> {
  const shards = '0123456789abcdefghijklmnopqrstuvwxyz'.split('');
  const lists = await Promise.all(
    shards.map((user_shard) =>
      data.engagementMetrics.query
        .byShard({ user_shard })
        .go({ pages: 'all', attributes: ['user_id'], hydrate: true }),
    ),
  );
  return lists.flatMap((list) => list.data.map((m) => m.user_id));
}

/**
 * The daily scan's scheduler: people last active exactly 7 or 30 days ago (a few days' catch-up), one
 * message each on the scheduled-email queue; the occasion (the day they were last active) makes each
 * stretch away one e-mail however often it is enqueued.
 */
export async function enqueueInactivity(deps: Pick<Deps, 'clock' | 'queue'>, data: Data) {
  const today = todayOf(deps.clock);
  const days = (Object.entries(INACTIVITY_DAYS) as Array<[keyof typeof INACTIVITY_DAYS, number]>).flatMap(
    ([kind, after]) =>
      Array.from({ length: INACTIVITY_CATCH_UP_DAYS + 1 }, (_, extra) => ({
        kind,
        day: addDays(today, -(after + extra)),
      })),
  );
  const found = await Promise.all(
    days.map(async ({ kind, day }) => {
      const { data: inactive } = await data.engagementMetrics.query
        .byLastActiveDate({ last_active_date: day })
        .go({ pages: 'all', attributes: ['user_id'] });
      return inactive.map((person) => ({ kind, userId: person.user_id, occasion: day }));
    }),
  );
  const messages = found.flat();
  await deps.queue.send('scheduledEmail', messages);
  return { enqueued: messages.length };
}

/** The weekly digest's, monthly report's or daily trial check's scheduler: one message per person. */
export async function enqueueEveryone(
  deps: Pick<Deps, 'clock' | 'queue'>,
  data: Data,
  kind: 'weekly_digest' | 'monthly_report' | 'trial_ending',
) {
  const today = todayOf(deps.clock);
  // The occasion is fixed when the schedule fires, so a message worked on after midnight still counts
  // for the week or month it was sent for.
  const occasion =
    kind === 'weekly_digest' ? weekOf(today) : kind === 'monthly_report' ? today.slice(0, 7) : undefined;
  const userIds = await everyone(data);
  await deps.queue.send(
    'scheduledEmail',
    userIds.map((userId) => (kind === 'trial_ending' ? { kind, userId } : { kind, userId, occasion })),
  );
  return { enqueued: userIds.length };
}

/**
 * One unit of the scheduled e-mail queue. Every e-mail has its once-key (the occasion), so a second
 * delivery of the same message sends nothing.
 */
export async function sendScheduledEmail(
  deps: Deps,
  data: Data,
  message: QueueMessage<'scheduledEmail'>,
): Promise<{ kind: string; status: string }> {
  if (message.kind === 'trial_ending') {
    const raised = await alertCardFreeTrialsEnding(deps, data, [message.userId]);
    return { kind: message.kind, status: raised > 0 ? 'raised' : 'skipped' };
  }
  const result = await sendEventEmail(deps, data, message.kind, message.userId, message.occasion);
  return { kind: message.kind, status: result.status };
}

/** The parts of an SES event (configuration set → EventBridge) this product reads. */
export const sesEventSchema = z.object({
  'detail-type': z.string(),
  source: z.literal('aws.ses'),
  detail: z.object({
    eventType: z.string(),
    mail: z.object({ messageId: z.string(), timestamp: z.string().optional() }),
    bounce: z.object({ bounceType: z.string(), timestamp: z.string().optional() }).optional(),
    complaint: z.object({ timestamp: z.string().optional() }).optional(),
    delivery: z.object({ timestamp: z.string().optional() }).optional(),
    open: z.object({ timestamp: z.string().optional() }).optional(),
    click: z.object({ timestamp: z.string().optional() }).optional(),
  }),
});
export type SesEvent = z.infer<typeof sesEventSchema>;

/** Applies one delivery event to its email_sends row; a hard bounce or complaint suppresses the person. */
/** Looks for a delivery event's send this many more times (0.3 s, 0.6 s, … apart). */
const UNKNOWN_MESSAGE_RETRIES = 4;

async function sendOfMessage(data: Data, messageId: string) {
  const { data: sends } = await data.emailSends.query
    .byProviderMessage({ provider_message_id: messageId })
    .go({ hydrate: true });
  return sends[0];
}

export async function applyDeliveryEvent(deps: Deps, data: Data, event: SesEvent) {
  const { detail } = event;
  // SES can report a message a moment before the send's own row is written (it is written once SES has
  // taken the message): look again briefly before calling it someone else's mail (an invitation, a code).
  let send: Awaited<ReturnType<typeof sendOfMessage>>;
  for (let attempt = 0; ; attempt += 1) {
    send = await sendOfMessage(data, detail.mail.messageId);
    if (send || attempt >= UNKNOWN_MESSAGE_RETRIES) break;
    await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
  }
  if (!send) return { outcome: 'ignored: unknown message' };
  const at = deps.clock().toISOString();
  const key = { user_id: send.user_id, sent_at: send.sent_at, id: send.id };
  // Bounced, opened and clicked count once per e-mail in the admin figures, however often SES reports.
  const tallied = () =>
    tally(
      data,
      { kind: 'email', userId: key.user_id, sentAt: key.sent_at, id: key.id },
      deps.clock(),
      deps.logger,
    );
  switch (detail.eventType) {
    case 'Delivery':
      // A late delivery never overwrites a later state (opened, clicked, bounced).
      if (send.status === 'sent' || send.status === 'queued')
        await data.emailSends
          .patch(key)
          .set({ status: 'delivered', delivered_at: detail.delivery?.timestamp ?? at })
          .go();
      else
        await data.emailSends
          .patch(key)
          .set({ delivered_at: detail.delivery?.timestamp ?? at })
          .go();
      return { outcome: 'delivered' };
    case 'Open':
      await data.emailSends
        .patch(key)
        .set({
          status: send.status === 'clicked' ? 'clicked' : 'opened',
          opened_at: detail.open?.timestamp ?? at,
        })
        .go();
      await tallied();
      return { outcome: 'opened' };
    case 'Click':
      await data.emailSends
        .patch(key)
        .set({ status: 'clicked', clicked_at: detail.click?.timestamp ?? at })
        .go();
      await tallied();
      return { outcome: 'clicked' };
    case 'Bounce': {
      const hard = detail.bounce?.bounceType === 'Permanent';
      await data.emailSends
        .patch(key)
        .set({ status: 'bounced', bounced_at: detail.bounce?.timestamp ?? at })
        .go();
      await tallied();
      if (hard) await suppress(data, send.user_id, 'bounce', at);
      return { outcome: hard ? 'hard bounce: suppressed' : 'soft bounce' };
    }
    case 'Complaint':
      await data.emailSends
        .patch(key)
        .set({ complained_at: detail.complaint?.timestamp ?? at })
        .go();
      await suppress(data, send.user_id, 'complaint', at);
      return { outcome: 'complaint: suppressed' };
    default:
      return { outcome: `ignored: ${detail.eventType}` };
  }
}

async function suppress(data: Data, userId: string, reason: 'bounce' | 'complaint', at: string) {
  await data.emailPreferences
    .update({ user_id: userId })
    .set({ suppressed_at: at, suppression_reason: reason })
    .go();
}

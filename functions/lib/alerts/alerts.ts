// Raising and delivering alerts (spec §7 smart-alert-batching). An alert is stored for
// the in-app list at once; its e-mail goes out now (immediate, or force_immediate) or with the person's
// next hourly or daily batch, where smart batching merges alerts of one kind into one section. An alert
// with an occasion (`once`) is raised once per occasion: a forecast regenerated ten times with the same
// low point raises one low-balance alert.
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import {
  batchDueAt,
  DEFAULT_ALERT_PREFERENCES,
  deliveryFor,
  groupAlerts,
  TYPE_OF_PRIORITY,
  type AlertDelivery,
  type AlertPreferences,
  type AlertPriority,
  type AlertType,
} from '../../../domain/alerts.ts';
import { allDueShards, dueShard } from '../../../events/queues.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { claimOnce, sendProductEmail, type SendResult } from '../email/automation.ts';
import type { EmailContent } from '../email/layout.tsx';
import { alertContent, type Links } from '../email/templates.ts';

export type StoredAlert = EntityItem<Data['userAlerts']>;

export async function alertPreferencesOf(data: Data, userId: string) {
  const { data: stored } = await data.alertPreferences.get({ user_id: userId }).go();
  return {
    user_id: userId,
    critical_alert_frequency:
      stored?.critical_alert_frequency ?? DEFAULT_ALERT_PREFERENCES.critical_alert_frequency,
    high_alert_frequency: stored?.high_alert_frequency ?? DEFAULT_ALERT_PREFERENCES.high_alert_frequency,
    medium_alert_frequency:
      stored?.medium_alert_frequency ?? DEFAULT_ALERT_PREFERENCES.medium_alert_frequency,
    low_alert_frequency: stored?.low_alert_frequency ?? DEFAULT_ALERT_PREFERENCES.low_alert_frequency,
    enable_smart_batching: stored?.enable_smart_batching ?? DEFAULT_ALERT_PREFERENCES.enable_smart_batching,
    updated_at: stored?.updated_at ?? null,
  } satisfies AlertPreferences & Record<string, unknown>;
}

export interface AlertRequest {
  readonly userId: string;
  readonly kind: string;
  readonly priority: AlertPriority;
  readonly alertType?: AlertType | undefined;
  readonly title: string;
  readonly body: string;
  readonly link?: string | undefined;
  readonly data?: Record<string, unknown> | undefined;
  readonly forceImmediate?: boolean | undefined;
  /** The occasion: a second request with the same value raises nothing. */
  readonly once?: string | undefined;
  /** The e-mail of an alert delivered at once, when its kind has a template of its own. */
  readonly email?: ((links: Links) => EmailContent) | undefined;
}

export type RaiseResult =
  | { status: 'duplicate' }
  | {
      status: 'delivered' | 'queued';
      alert_id: string;
      delivery: AlertDelivery;
      deliver_after: string | null;
      email: SendResult | null;
    };

const toGroupInput = (alert: StoredAlert) => ({
  id: alert.id,
  kind: alert.kind,
  priority: alert.priority as AlertPriority,
  title: alert.title,
  body: alert.body,
  created_at: alert.created_at,
});

export async function raiseAlert(deps: Deps, data: Data, request: AlertRequest): Promise<RaiseResult> {
  if (request.once && !(await claimOnce(data, request.userId, `alert:${request.once}`)))
    return { status: 'duplicate' };
  const now = deps.clock();
  const preferences = await alertPreferencesOf(data, request.userId);
  const delivery = deliveryFor(preferences, request.priority, request.forceImmediate ?? false);
  const base = {
    user_id: request.userId,
    id: randomUUID(),
    created_at: now.toISOString(),
    alert_type: request.alertType ?? TYPE_OF_PRIORITY[request.priority],
    priority: request.priority,
    kind: request.kind,
    title: request.title,
    body: request.body,
    delivery,
    ...(request.link ? { link: request.link } : {}),
    ...(request.data ? { data: request.data } : {}),
  };
  if (delivery !== 'immediate') {
    const due = batchDueAt(delivery, now).toISOString();
    await data.userAlerts
      .create({ ...base, status: 'queued', deliver_after: due, delivery_queue: dueShard(request.userId) })
      .go();
    return { status: 'queued', alert_id: base.id, delivery, deliver_after: due, email: null };
  }
  await data.userAlerts.create({ ...base, status: 'delivered', delivered_at: now.toISOString() }).go();
  const stored = { ...base, status: 'delivered' } as StoredAlert;
  const email = await sendProductEmail(deps, data, {
    userId: request.userId,
    kind: 'alert',
    content:
      request.email ?? ((links) => alertContent(groupAlerts([toGroupInput(stored)], false), false, links)),
  });
  if (email.status === 'sent')
    await data.userAlerts
      .patch({ user_id: base.user_id, created_at: base.created_at, id: base.id })
      .set({ email_send_id: email.email_send_id })
      .go();
  return { status: 'delivered', alert_id: base.id, delivery, deliver_after: null, email };
}

/**
 * The hourly delivery's scheduler: the people with an alert whose batch time has come, from every shard
 * of the sparse due index, one message each on the alert-delivery queue.
 */
export async function enqueueDueAlerts(deps: Pick<Deps, 'clock' | 'queue'>, data: Data) {
  const now = deps.clock().toISOString();
  const shards = await Promise.all(
    allDueShards().map((shard) =>
      data.userAlerts.query
        .byDue({ delivery_queue: shard })
        .lte({ deliver_after: now })
        .go({ pages: 'all', attributes: ['user_id'] }),
    ),
  );
  const userIds = [...new Set(shards.flatMap((page) => page.data.map((a) => a.user_id)))];
  await deps.queue.send(
    'alertDelivery',
    userIds.map((userId) => ({ userId })),
  );
  return { enqueued: userIds.length };
}

/**
 * Delivers one person's queued alerts whose batch time has come: one message, alerts of one kind merged
 * when smart batching is on. A second delivery of the same work finds nothing queued and sends nothing.
 * Returns how many people (0 or 1) and alerts were delivered.
 */
export async function deliverDueAlerts(deps: Deps, data: Data, userId: string) {
  const now = deps.clock().toISOString();
  const { data: queued } = await data.userAlerts.query
    .byUser({ user_id: userId })
    .where((a, op) => `${op.exists(a.delivery_queue)} AND ${op.lte(a.deliver_after, now)}`)
    .go({ pages: 'all' });
  if (queued.length === 0) return { people: 0, alerts: 0 };
  const preferences = await alertPreferencesOf(data, userId);
  const groups = groupAlerts(queued.map(toGroupInput), preferences.enable_smart_batching);
  const email = await sendProductEmail(deps, data, {
    userId,
    kind: 'alert_digest',
    content: (links) => alertContent(groups, true, links),
  });
  const deliveredAt = deps.clock().toISOString();
  await Promise.all(
    queued.map((alert) =>
      data.userAlerts
        .patch({ user_id: alert.user_id, created_at: alert.created_at, id: alert.id })
        .set({
          status: 'delivered',
          delivered_at: deliveredAt,
          ...(email.status === 'sent' ? { email_send_id: email.email_send_id } : {}),
        })
        .remove(['delivery_queue', 'deliver_after'])
        .go(),
    ),
  );
  return { people: 1, alerts: queued.length };
}

/** The newest alerts of a person for the in-app list, and how many of the last 200 are unread. */
export const UNREAD_WINDOW = 200;

// Alerts (spec §7 smart-alert-batching, §3 alert_preferences, §9 alert priorities 1 critical to 4 low):
// which delivery an alert gets under a person's preferences, when a batch is due, how smart batching
// merges alerts of the same kind, and the low-balance rule on the forecast's next 30 days. Pure.
import { median } from './money/cents.ts';

/** spec §7: the four alert types and their priorities. */
export const ALERT_TYPES = [
  'critical_financial_alert',
  'high_priority_alert',
  'medium_priority_alert',
  'low_priority_alert',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export type AlertPriority = 1 | 2 | 3 | 4;

export const PRIORITY_OF: Readonly<Record<AlertType, AlertPriority>> = {
  critical_financial_alert: 1,
  high_priority_alert: 2,
  medium_priority_alert: 3,
  low_priority_alert: 4,
};

export const TYPE_OF_PRIORITY: Readonly<Record<AlertPriority, AlertType>> = {
  1: 'critical_financial_alert',
  2: 'high_priority_alert',
  3: 'medium_priority_alert',
  4: 'low_priority_alert',
};

/** The deliveries a person picks per priority (immediate, hourly or daily). */
export const ALERT_DELIVERIES = ['immediate', 'hourly', 'daily'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];

export interface AlertPreferences {
  readonly critical_alert_frequency: string;
  readonly high_alert_frequency: string;
  readonly medium_alert_frequency: string;
  readonly low_alert_frequency: string;
  readonly enable_smart_batching: boolean;
}

/** spec §3 defaults: critical immediate, high hourly, medium and low daily, smart batching on. */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  critical_alert_frequency: 'immediate',
  high_alert_frequency: 'hourly',
  medium_alert_frequency: 'daily',
  low_alert_frequency: 'daily',
  enable_smart_batching: true,
};

const FIELD_OF: Readonly<Record<AlertPriority, keyof AlertPreferences>> = {
  1: 'critical_alert_frequency',
  2: 'high_alert_frequency',
  3: 'medium_alert_frequency',
  4: 'low_alert_frequency',
};

const asDelivery = (value: unknown): AlertDelivery =>
  (ALERT_DELIVERIES as readonly unknown[]).includes(value) ? (value as AlertDelivery) : 'daily';

/** The delivery of an alert: `force_immediate` wins, else the person's choice for its priority. */
export function deliveryFor(
  preferences: AlertPreferences,
  priority: AlertPriority,
  forceImmediate: boolean,
): AlertDelivery {
  if (forceImmediate) return 'immediate';
  return asDelivery(preferences[FIELD_OF[priority]]);
}

/** Hour at which daily batches go out (UTC): a morning read in the Americas and Europe alike. */
export const DAILY_BATCH_HOUR_UTC = 13;

/**
 * When a batched alert is delivered: hourly at the top of the next hour, daily at the next
 * DAILY_BATCH_HOUR_UTC. The hourly delivery job sends every queued alert whose time has come, so a
 * person's alerts of one window leave together.
 */
export function batchDueAt(delivery: Exclude<AlertDelivery, 'immediate'>, now: Date): Date {
  const due = new Date(now.getTime());
  due.setUTCMinutes(0, 0, 0);
  if (delivery === 'hourly') {
    due.setUTCHours(due.getUTCHours() + 1);
    return due;
  }
  due.setUTCHours(DAILY_BATCH_HOUR_UTC);
  if (due.getTime() <= now.getTime()) due.setUTCDate(due.getUTCDate() + 1);
  return due;
}

export interface QueuedAlert {
  readonly id: string;
  readonly kind: string;
  readonly priority: AlertPriority;
  readonly title: string;
  readonly body: string;
  readonly created_at: string;
}

export interface AlertGroup {
  readonly kind: string;
  readonly priority: AlertPriority;
  /** The newest alert's title; the others are counted in `count`. */
  readonly title: string;
  readonly bodies: readonly string[];
  readonly count: number;
  readonly alert_ids: readonly string[];
}

/**
 * One batched message's sections, most urgent first. With smart batching, alerts of the same kind
 * become one section (newest first inside); without it every alert is its own section.
 */
export function groupAlerts(alerts: readonly QueuedAlert[], smart: boolean): AlertGroup[] {
  const sorted = [...alerts].sort(
    (a, b) => a.priority - b.priority || b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  );
  if (!smart)
    return sorted.map((a) => ({
      kind: a.kind,
      priority: a.priority,
      title: a.title,
      bodies: [a.body],
      count: 1,
      alert_ids: [a.id],
    }));
  const groups = new Map<string, QueuedAlert[]>();
  for (const alert of sorted) groups.set(alert.kind, [...(groups.get(alert.kind) ?? []), alert]);
  return [...groups.values()].map((members) => {
    const first = members[0] as QueuedAlert;
    return {
      kind: first.kind,
      priority: Math.min(...members.map((m) => m.priority)) as AlertPriority,
      title: members.length > 1 ? `${first.title} (+${members.length - 1} more)` : first.title,
      bodies: members.map((m) => m.body),
      count: members.length,
      alert_ids: members.map((m) => m.id),
    };
  });
}

/** The low-balance alert looks this far ahead in the forecast. */
export const LOW_BALANCE_WINDOW_DAYS = 30;

export interface BalancePoint {
  readonly balance_date: string;
  readonly closing_balance: number;
}

/**
 * The forecast's lowest closing balance from `today` through today + 30 days when it is under the
 * threshold (the first such day if the low repeats), else null. The alert is keyed by this date, so
 * regenerations that keep the same low point raise it once.
 */
export function lowBalancePoint(
  rows: readonly BalancePoint[],
  today: string,
  lastDay: string,
  thresholdCents: number,
): BalancePoint | null {
  let lowest: BalancePoint | null = null;
  for (const row of rows) {
    if (row.balance_date < today || row.balance_date > lastDay) continue;
    if (!lowest || row.closing_balance < lowest.closing_balance) lowest = row;
  }
  return lowest && lowest.closing_balance < thresholdCents ? lowest : null;
}

/** A spending transaction counts as large and unusual above both $500 and 3× the account's typical one. */
export const UNUSUAL_MIN_CENTS = 50_000;
export const UNUSUAL_FACTOR = 3;

/** Whether a spending of `amountCents` is large and unusual against the account's past spendings. */
export function isUnusualSpending(amountCents: number, pastSpendingCents: readonly number[]): boolean {
  if (amountCents < UNUSUAL_MIN_CENTS) return false;
  // Too little history to call anything unusual by comparison: the absolute floor alone decides.
  if (pastSpendingCents.length < 10) return true;
  return amountCents > UNUSUAL_FACTOR * median(pastSpendingCents);
}

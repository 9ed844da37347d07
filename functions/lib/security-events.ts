// The security log (spec §3 security_events): every sign-in, 2FA and sharing change a person may review.
import { randomUUID } from 'node:crypto';
import type { Data } from './data/index.ts';

export type SecurityEventType = Parameters<Data['securityEvents']['create']>[0]['event_type'];

/** spec §7 log_security_event: append-only, severity INFO unless said otherwise. */
export async function logSecurityEvent(
  data: Data,
  userId: string,
  eventType: SecurityEventType,
  eventData: Record<string, unknown>,
  severity: 'INFO' | 'WARN' | 'ERROR' = 'INFO',
) {
  const { data: event } = await data.securityEvents
    .create({ id: randomUUID(), user_id: userId, event_type: eventType, event_data: eventData, severity })
    .go();
  return event;
}

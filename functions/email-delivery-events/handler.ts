// SES configuration-set events through EventBridge (locally the outbox simulates them):
// an e-mail's delivery, open, click, bounce and complaint set its email_sends status, and a hard bounce
// or a complaint stops non-essential mail to that person.
import { dataFor } from '../lib/data/index.ts';
import { getDeps } from '../lib/deps.ts';
import { applyDeliveryEvent, sesEventSchema } from '../lib/email/events.ts';

export async function handler(event: unknown) {
  const deps = getDeps();
  const parsed = sesEventSchema.safeParse(event);
  if (!parsed.success) {
    deps.logger.warn('email delivery event ignored', { reason: 'not an SES event' });
    return { outcome: 'ignored: not an SES event' };
  }
  const result = await applyDeliveryEvent(deps, dataFor(deps), parsed.data);
  deps.logger.info('email delivery event', { eventType: parsed.data.detail.eventType, ...result });
  return result;
}

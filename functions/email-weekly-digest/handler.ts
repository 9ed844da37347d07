// spec §7 weekly_digest: each person's week from the calendar's own figures, once a week. The schedule
// enqueues one message per person; sendgrid-email-automation sends each (the scheduled-email queue).
import { dataFor } from '../lib/data/index.ts';
import { enqueueEveryone } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: (deps) => enqueueEveryone(deps, dataFor(deps), 'weekly_digest'),
});

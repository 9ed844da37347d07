// spec §7 monthly_report: on the 1st, last month's income and spending, once a month. The schedule
// enqueues one message per person; sendgrid-email-automation sends each (the scheduled-email queue).
import { dataFor } from '../lib/data/index.ts';
import { enqueueEveryone } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: (deps) => enqueueEveryone(deps, dataFor(deps), 'monthly_report'),
});

// spec §7 monthly_report (issue 15 item 4): on the 1st, last month's income and spending, once a month.
import { dataFor } from '../lib/data/index.ts';
import { sendToEveryone } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: (deps) => sendToEveryone(deps, dataFor(deps), 'monthly_report'),
});

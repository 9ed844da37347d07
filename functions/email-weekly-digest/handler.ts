// spec §7 weekly_digest (issue 15 item 4): each person's week from the calendar's own figures, once a week.
import { dataFor } from '../lib/data/index.ts';
import { sendToEveryone } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: (deps) => sendToEveryone(deps, dataFor(deps), 'weekly_digest'),
});

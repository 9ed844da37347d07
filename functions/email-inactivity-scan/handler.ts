// spec §7 inactive_7_days / inactive_30_days (issue 15 item 4): the daily scan of who was last active
// 7 and 30 days ago; each stretch away gets its e-mail once, by e-mail preferences.
import { dataFor } from '../lib/data/index.ts';
import { inactivityScan } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, { onSchedule: (deps) => inactivityScan(deps, dataFor(deps)) });

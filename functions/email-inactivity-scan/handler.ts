// spec §7 inactive_7_days / inactive_30_days (issue 15 item 4): the daily scan of who was last active
// 7 and 30 days ago; each stretch away gets its e-mail once, by e-mail preferences. The same daily pass
// raises the "trial ending in 3 days" alert of card-free trials (issue 15 item 3), which no Stripe
// webhook announces.
import { dataFor } from '../lib/data/index.ts';
import { everyone, inactivityScan } from '../lib/email/events.ts';
import { alertCardFreeTrialsEnding } from '../lib/subscriptions/trial-ending.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: async (deps) => {
    const data = dataFor(deps);
    const inactivity = await inactivityScan(deps, data);
    const trialsEnding = await alertCardFreeTrialsEnding(deps, data, await everyone(data));
    return { ...inactivity, trials_ending: trialsEnding };
  },
});

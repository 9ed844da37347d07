// spec §7 inactive_7_days / inactive_30_days: the daily scan of who was last active 7 and 30 days ago;
// each stretch away gets its e-mail once, by e-mail preferences. The same daily pass raises the "trial
// ending in 3 days" alert of card-free trials, which no Stripe webhook announces. The schedule only
// enqueues, one message per person; sendgrid-email-automation works each (the scheduled-email queue).
import { dataFor } from '../lib/data/index.ts';
import { enqueueEveryone, enqueueInactivity } from '../lib/email/events.ts';
import { withTriggers } from '../lib/triggers.ts';

const noHttp = async () => ({ statusCode: 404, body: '' });

export const handler = withTriggers(noHttp, {
  onSchedule: async (deps) => {
    const data = dataFor(deps);
    const inactivity = await enqueueInactivity(deps, data);
    const trialsEnding = await enqueueEveryone(deps, data, 'trial_ending');
    return { inactivity: inactivity.enqueued, trials_ending: trialsEnding.enqueued };
  },
});

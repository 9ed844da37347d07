// spec §7 sendgrid-email-automation {trigger_event, user_id, user_data}: sends the
// event's e-mail to the caller through the e-mail port (the spec's name is kept; SES sends it), by their
// e-mail preferences, recorded in email_sends. The product fires it itself on its events: a first
// profile (user_signup), a linked bank (account_linked), a plan (money_plan_created), the coach's
// answer (ai_coach_used). As the scheduled-email queue's worker it sends what the schedules enqueue, one
// person per message: the inactivity mail, the digest, the report and the trial-ending alert.
import type { EmailEvent } from '../../domain/email-events.ts';
import type { EventDetail } from '../../events/contracts.ts';
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { sendEventEmail, sendScheduledEmail } from '../lib/email/events.ts';
import { httpHandler, route } from '../lib/http.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

const http = httpHandler('sendgrid-email-automation', {
  'POST /functions/sendgrid-email-automation': route({
    body: functionBodies['sendgrid-email-automation'],
    // user_data is accepted for the spec's shape; the mail is built from stored data only.
    run: async ({ deps, caller, body }) =>
      sendEventEmail(deps, dataFor(deps), body.trigger_event, caller.userId),
  }),
});

const EVENT_OF: Readonly<Record<string, EmailEvent>> = {
  UserRegistered: 'user_signup',
  AccountLinked: 'account_linked',
  PlanChanged: 'money_plan_created',
  CoachUsed: 'ai_coach_used',
};

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    const emailEvent = EVENT_OF[event['detail-type']];
    if (!emailEvent) return { ignored: event['detail-type'] };
    const { userId } = event.detail as EventDetail<'UserRegistered'>;
    const result = await sendEventEmail(deps, dataFor(deps), emailEvent, userId);
    return { event: emailEvent, status: result.status };
  },
  onMessage: queueWorker('scheduledEmail', (message, deps) =>
    sendScheduledEmail(deps, dataFor(deps), message),
  ),
});

// spec §7 smart-alert-batching {user_id, alert_type, alert_data, priority 1 to 4, force_immediate}
//: raises an alert for the caller, delivered by their alert preferences. Also the
// product's own alerts: the low-balance check on every regenerated forecast, the unusual-transaction
// check after each sync, alerts other modules request (a bank needing re-login, a trial ending), and
// the hourly delivery of due batches: the schedule enqueues each person with a due batch, the
// alert-delivery queue's worker delivers it. spec §8: the helper answers {success: false, error} on failure.
import { z } from 'zod';
import { PRIORITY_OF, type AlertPriority } from '../../domain/alerts.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { EventDetail } from '../../events/contracts.ts';
import { functionBodies } from '../catalog.ts';
import { deliverDueAlerts, enqueueDueAlerts, raiseAlert } from '../lib/alerts/alerts.ts';
import { checkLowBalance, checkUnusualTransactions, raiseReloginAlert } from '../lib/alerts/monitors.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

/** What the caller's alert_data may say: a title and a message, shown as plain text. */
const alertData = z
  .object({
    title: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(1000),
    kind: z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'must be a lower-case kind like budget_reminder')
      .optional(),
  })
  .strict();

const http = httpHandler('smart-alert-batching', {
  'POST /functions/smart-alert-batching': route({
    body: functionBodies['smart-alert-batching'],
    run: async ({ deps, caller, body }) => {
      // The type names the priority (spec §7); a body where they disagree is refused, not guessed.
      if (PRIORITY_OF[body.alert_type] !== body.priority)
        throw new ValidationError([
          { field: 'priority', message: `must be ${PRIORITY_OF[body.alert_type]} for ${body.alert_type}` },
        ]);
      const parsed = alertData.safeParse(body.alert_data);
      if (!parsed.success)
        throw new ValidationError(
          parsed.error.issues.map((issue) => ({
            field: ['alert_data', ...issue.path.map(String)].join('.'),
            message: issue.message,
          })),
        );
      const result = await raiseAlert(deps, dataFor(deps), {
        userId: caller.userId,
        kind: parsed.data.kind ?? 'custom',
        priority: body.priority as AlertPriority,
        alertType: body.alert_type,
        title: parsed.data.title,
        body: parsed.data.message,
        forceImmediate: body.force_immediate,
      });
      return { success: true, ...result };
    },
  }),
});

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    const data = dataFor(deps);
    switch (event['detail-type']) {
      case 'ForecastUpdated': {
        const detail = event.detail as EventDetail<'ForecastUpdated'>;
        const results = await checkLowBalance(deps, data, detail.profileId);
        return { lowBalance: results.map((r) => r.result?.status ?? 'none') };
      }
      case 'TransactionsChanged': {
        const detail = event.detail as EventDetail<'TransactionsChanged'>;
        if (!detail.profileId || detail.added === 0) return { ignored: 'nothing added' };
        return { unusual: await checkUnusualTransactions(deps, data, detail.profileId, detail.accountIds) };
      }
      case 'ItemLoginRequired': {
        const detail = event.detail as EventDetail<'ItemLoginRequired'>;
        return { relogin: (await raiseReloginAlert(deps, data, detail.itemId)).status };
      }
      case 'AlertRequested': {
        const detail = event.detail as EventDetail<'AlertRequested'>;
        const result = await raiseAlert(deps, data, {
          userId: detail.userId,
          kind: detail.kind,
          priority: detail.priority as AlertPriority,
          title: detail.title,
          body: detail.body,
          link: detail.link,
          once: detail.once,
          forceImmediate: detail.forceImmediate,
        });
        return { status: result.status };
      }
      default:
        return { ignored: event['detail-type'] };
    }
  },
  onSchedule: (deps) => enqueueDueAlerts(deps, dataFor(deps)),
  onMessage: queueWorker('alertDelivery', ({ userId }, deps) =>
    deliverDueAlerts(deps, dataFor(deps), userId),
  ),
});

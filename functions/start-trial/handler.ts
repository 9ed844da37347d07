// spec §7 start-trial (§4 trial start, §9 7 days): without a session, the card-free trial of the first
// account connection; with the Checkout Session id of a returned checkout, that checkout's subscription
// (trialing if the trial was still unused) is read from Stripe at once rather than waiting for its
// webhook. One trial per person, ever: a second is a 409. A session that is not the caller's is a 404.
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { syncFromStripe, subscriberOf, viewOf } from '../lib/subscriptions/record.ts';
import { startCardFreeTrial } from '../lib/subscriptions/trial.ts';

const SESSION_NOT_FOUND = 'Checkout session not found';

export const handler = httpHandler('start-trial', {
  'POST /functions/start-trial': route({
    body: functionBodies['start-trial'],
    run: async ({ caller, deps, body }) => {
      const data = dataFor(deps);
      if (!body.sessionId) {
        const outcome = await startCardFreeTrial(deps, data, caller.userId);
        if (outcome.started) await deps.events.publish('SubscriptionChanged', { userId: caller.userId });
        return { trial_started: outcome.started, ...viewOf(outcome.record, deps) };
      }
      const { client } = await deps.stripe();
      const session = await client.checkout.sessions.retrieve(body.sessionId).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'resource_missing')
          throw new NotFoundError(SESSION_NOT_FOUND, { cause: error });
        throw error;
      });
      const record = await subscriberOf(data, caller.userId);
      const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
      // Never trust the id alone: the session must be for the caller's own customer.
      if (
        !customerId ||
        session.client_reference_id !== caller.userId ||
        record?.stripe_customer_id !== customerId
      )
        throw new NotFoundError(SESSION_NOT_FOUND);
      if (session.status !== 'complete')
        throw new ConflictError('This checkout is not complete yet. Finish it on the payment page first.');
      const synced = await syncFromStripe(deps, data, caller.userId, customerId);
      const view = viewOf(synced, deps);
      // The checkout's own trial, whether its webhooks arrived first or not (retries answer the same).
      return { trial_started: view.is_trialing && synced.trial_source === 'checkout', ...view };
    },
  }),
});

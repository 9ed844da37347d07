// The sandbox clock's work: whatever fell due (a trial's notice and end, a renewal, a retry, a
// cancellation at a date, a Checkout Session's expiry) runs in time order, each at the instant it was
// due, so events carry that time.
import type { Billing } from './billing.ts';
import { errors, StripeApiError } from './errors.ts';
import { renderCheckoutSession } from './render-billing.ts';
import type { RenderContext } from './render.ts';
import type { SandboxState } from './state.ts';

type Due = { at: number; run: () => void };

/** The next piece of due work at or before `until`, earliest first. */
function nextDue(billing: Billing, state: SandboxState, ctx: RenderContext, until: number): Due | null {
  let best: Due | null = null;
  const consider = (at: number, run: () => void) => {
    if (at <= until && (!best || at < best.at)) best = { at, run };
  };
  for (const subscription of state.subscriptions.values()) {
    const { status } = subscription;
    if (status === 'canceled' || status === 'incomplete_expired') continue;
    if (status === 'incomplete') {
      // Stripe gives the first payment 23 hours before the subscription expires.
      consider(subscription.created + 23 * 3600, () => billing.cancelNow(subscription, 'payment_failed'));
      continue;
    }
    if (status === 'trialing' && subscription.trialEnd !== null && !subscription.trialWillEndSent) {
      const at = Math.max(
        subscription.trialStart ?? 0,
        subscription.trialEnd - billing.rules.trialWillEndSeconds,
      );
      consider(at, () => {
        subscription.trialWillEndSent = true;
        billing.emitSubscription('customer.subscription.trial_will_end', subscription);
      });
    }
    if (subscription.cancelAt !== null && subscription.cancelAt < subscription.currentPeriodEnd) {
      consider(subscription.cancelAt, () => billing.cancelNow(subscription, 'cancellation_requested'));
    }
    consider(subscription.currentPeriodEnd, () => billing.renew(subscription));
  }
  for (const invoice of state.invoices.values()) {
    if (invoice.status === 'open' && invoice.nextPaymentAttempt !== null) {
      consider(invoice.nextPaymentAttempt, () => billing.retry(invoice));
    }
  }
  for (const session of state.checkoutSessions.values()) {
    if (session.status === 'open') {
      consider(session.expiresAt, () => {
        session.status = 'expired';
        state.emit('checkout.session.expired', renderCheckoutSession(ctx, session));
      });
    }
  }
  return best;
}

/** Runs everything due up to `until` (unix seconds) in time order, each at the instant it was due. */
export function runDue(billing: Billing, state: SandboxState, ctx: RenderContext, until: number): number {
  let steps = 0;
  for (;;) {
    const due = nextDue(billing, state, ctx, until);
    if (!due) return steps;
    steps += 1;
    if (steps > 100_000) throw new StripeApiError(500, errors.internal().body);
    state.clock.pinAt(due.at, due.run);
  }
}

/** Moves the clock to `to`, processing trial ends, renewals, retries and cancellations on the way. */
export function advanceTo(billing: Billing, state: SandboxState, ctx: RenderContext, to: number): void {
  runDue(billing, state, ctx, to);
  state.clock.moveTo(to);
}

// A renewal that needs the person to authenticate (3-D Secure; Stripe's invoice.payment_action_required):
// only the person can confirm it, so they are told at once, in the app's alerts and by e-mail, with a
// link to the invoice's hosted page where the bank's challenge runs. The invoice is read from Stripe
// when the event is handled, so a delivery that arrives after the invoice was paid tells no one; each
// invoice is announced once however often the event is delivered.
import type Stripe from 'stripe';
import { formatCents } from '../../../domain/money/cents.ts';
import { PLANS } from '../../../domain/subscription.ts';
import { raiseAlert } from '../alerts/alerts.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { paymentActionRequiredContent } from '../email/templates.ts';
import type { SubscriberRecord } from './record.ts';

const longDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

export async function announcePaymentActionRequired(
  deps: Deps,
  data: Data,
  userId: string,
  invoiceId: string,
  record: SubscriberRecord,
): Promise<'announced' | 'already announced' | 'nothing to confirm'> {
  const { client } = await deps.stripe();
  let invoice: Stripe.Invoice;
  try {
    invoice = await client.invoices.retrieve(invoiceId);
  } catch (error) {
    if (error instanceof client.errors.StripeInvalidRequestError && error.statusCode === 404)
      return 'nothing to confirm';
    throw error;
  }
  if (invoice.status !== 'open' || !invoice.hosted_invoice_url) return 'nothing to confirm';
  const amount = formatCents(invoice.amount_remaining);
  const plan = PLANS.find((p) => p.lookup_key === record.plan);
  const planName = plan ? `${plan.name} (${plan.label.toLowerCase()})` : 'your plan';
  const graceEnds = record.grace_expires_at ? longDay(record.grace_expires_at) : null;
  const invoiceUrl = invoice.hosted_invoice_url;
  const result = await raiseAlert(deps, data, {
    userId,
    kind: 'payment_action_required',
    priority: 1,
    title: 'Confirm your payment',
    body: `Your bank asks you to confirm the ${amount} payment for ${planName}. Open this notice to confirm it on Stripe's secure page (or use the e-mail we sent).`,
    // Stripe's hosted page for this invoice, where the bank's challenge runs (the e-mail's button too).
    link: invoiceUrl,
    data: { invoice_id: invoice.id, hosted_invoice_url: invoiceUrl },
    // Only the person can confirm, and access ends with the grace period: never wait for a batch.
    forceImmediate: true,
    once: `payment_action_required:${invoice.id}`,
    email: (links) => paymentActionRequiredContent({ amount, plan: planName, invoiceUrl, graceEnds }, links),
  });
  return result.status === 'duplicate' ? 'already announced' : 'announced';
}

// Invoices and their payment attempts: an invoice is created with the subscription's lines (or a price
// change's proration lines), finalized, and charged to the card on file at once. A charge succeeds, is
// refused with the test card's decline, or needs 3-D Secure (`requires_action`): then the invoice stays
// open, `invoice.payment_failed` and `invoice.payment_action_required` go out, and the person pays it
// by authenticating on its hosted page (docs/stripe-sandbox.md, "Billing rules").
import { errors } from './errors.ts';
import { newId, randomChars } from './ids.ts';
import { renderInvoice } from './render-billing.ts';
import type { RenderContext } from './render.ts';
import type {
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  PaymentMethodRecord,
  PriceRecord,
  SandboxState,
  SubscriptionRecord,
} from './state.ts';

export const DAY = 86_400;

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const every = (price: PriceRecord) =>
  price.intervalCount === 1 ? price.interval : `${price.intervalCount} ${price.interval}s`;

export type AttemptOutcome = 'paid' | 'failed' | 'requires_action';

/** What Stripe says when an off-session charge of a card that always asks for 3-D Secure is tried. */
const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export class Invoices {
  constructor(
    private readonly state: SandboxState,
    private readonly ctx: RenderContext,
    private readonly retryDays: readonly number[],
  ) {}

  price(id: string): PriceRecord {
    const price = this.state.prices.get(id);
    if (!price) throw errors.noSuch('price', id);
    return price;
  }

  /** The line for one period of a subscription item at its price (or a trial's free line). */
  periodLine(subscription: SubscriptionRecord, itemIndex: number, trial: boolean): InvoiceLineRecord {
    const item = subscription.items[itemIndex];
    if (!item) throw errors.internal();
    const price = this.price(item.price);
    const product = this.state.products.get(price.product);
    return {
      id: newId('invoiceLine'),
      price: price.id,
      subscriptionItem: item.id,
      quantity: item.quantity,
      amount: trial ? 0 : price.unitAmount * item.quantity,
      description: trial
        ? `Trial period for ${product?.name ?? price.id}`
        : `${item.quantity} × ${product?.name ?? price.id} (at ${money(price.unitAmount, price.currency)} / ${every(price)})`,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      proration: false,
    };
  }

  create(
    subscription: SubscriptionRecord,
    reason: InvoiceRecord['billingReason'],
    lines: InvoiceLineRecord[],
  ): InvoiceRecord {
    const now = this.state.now();
    const id = newId('invoice');
    const currency = this.price(subscription.items[0]?.price ?? '').currency;
    // A credit larger than the charge leaves nothing to pay (Stripe would keep the rest as balance).
    const amountDue = Math.max(
      0,
      lines.reduce((sum, line) => sum + line.amount, 0),
    );
    const invoice: InvoiceRecord = {
      id,
      number: this.state.nextInvoiceNumber(subscription.customer),
      customer: subscription.customer,
      subscription: subscription.id,
      subscriptionMetadata: { ...subscription.metadata },
      status: 'draft',
      billingReason: reason,
      currency,
      lines,
      amountDue,
      amountPaid: 0,
      // Stripe bills a period in advance: a renewal invoice's own period is the one that just ended.
      periodStart: reason === 'subscription_cycle' ? subscription.currentPeriodStart : now,
      periodEnd: now,
      attemptCount: 0,
      attempted: false,
      nextPaymentAttempt: null,
      firstFailureAt: null,
      lastPaymentError: null,
      requiresAction: false,
      hostedToken: `test_${randomChars(40)}`,
      paymentIntent: null,
      created: now,
      finalizedAt: null,
      paidAt: null,
      markedUncollectibleAt: null,
      voidedAt: null,
    };
    this.state.invoices.set(id, invoice);
    this.state.emit('invoice.created', renderInvoice(this.ctx, invoice));
    return invoice;
  }

  finalize(invoice: InvoiceRecord) {
    invoice.status = 'open';
    invoice.finalizedAt = this.state.now();
    this.state.emit('invoice.finalized', renderInvoice(this.ctx, invoice));
  }

  markPaid(invoice: InvoiceRecord) {
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.paidAt = this.state.now();
    invoice.nextPaymentAttempt = null;
    invoice.requiresAction = false;
    const rendered = renderInvoice(this.ctx, invoice);
    this.state.emit('invoice.paid', rendered);
    this.state.emit('invoice.payment_succeeded', rendered);
  }

  paymentMethodFor(invoice: InvoiceRecord): PaymentMethodRecord | undefined {
    const subscription = invoice.subscription
      ? this.state.subscriptions.get(invoice.subscription)
      : undefined;
    const customer = this.state.customers.get(invoice.customer);
    const id = subscription?.defaultPaymentMethod ?? customer?.defaultPaymentMethod ?? null;
    return id ? this.state.paymentMethods.get(id) : undefined;
  }

  /**
   * One payment attempt. `authenticated`: the person has just passed 3-D Secure for this payment (at
   * Checkout or on the hosted invoice page). A failure schedules the next retry.
   */
  attempt(invoice: InvoiceRecord, options: { authenticated?: boolean } = {}): AttemptOutcome {
    const now = this.state.now();
    invoice.attempted = true;
    invoice.attemptCount += 1;
    const method = this.paymentMethodFor(invoice);
    let failure: InvoiceRecord['lastPaymentError'] = null;
    let needsAction = false;
    if (!method)
      failure = {
        code: 'invoice_no_payment_method_types',
        declineCode: null,
        message: 'The customer has no payment method.',
      };
    else if (method.card.behaviour !== 'succeeds') {
      const refusal = method.card.refusal;
      failure = {
        code: refusal?.code ?? 'card_declined',
        declineCode: refusal?.declineCode ?? null,
        message: refusal?.message ?? 'Your card was declined.',
      };
    } else if (method.card.threeDSecure === 'always' && options.authenticated !== true) {
      failure = AUTHENTICATION_REQUIRED;
      needsAction = true;
    }
    const intent = this.intentOf(invoice);
    intent.paymentMethod = method?.id ?? null;
    intent.lastPaymentError = needsAction ? null : failure;
    intent.status = !failure ? 'succeeded' : needsAction ? 'requires_action' : 'requires_payment_method';
    if (!failure) {
      intent.amountReceived = intent.amount;
      intent.succeededAt = now;
      invoice.lastPaymentError = null;
      this.markPaid(invoice);
      return 'paid';
    }
    invoice.lastPaymentError = failure;
    invoice.requiresAction = needsAction;
    invoice.firstFailureAt ??= now;
    const retryDay = this.retryDays[invoice.attemptCount - 1];
    invoice.nextPaymentAttempt = retryDay === undefined ? null : invoice.firstFailureAt + retryDay * DAY;
    const rendered = renderInvoice(this.ctx, invoice);
    // Stripe sends both: the attempt failed, and the payment needs the customer to act.
    this.state.emit('invoice.payment_failed', rendered);
    if (needsAction) this.state.emit('invoice.payment_action_required', rendered);
    return needsAction ? 'requires_action' : 'failed';
  }

  /** The invoice's PaymentIntent, made at its first attempt (as Stripe makes it at finalization). */
  private intentOf(invoice: InvoiceRecord): PaymentIntentRecord {
    const existing = invoice.paymentIntent ? this.state.paymentIntents.get(invoice.paymentIntent) : undefined;
    if (existing) return existing;
    const intent: PaymentIntentRecord = {
      id: newId('paymentIntent'),
      invoice: invoice.id,
      invoicePayment: newId('invoicePayment'),
      customer: invoice.customer,
      amount: invoice.amountDue,
      amountReceived: 0,
      currency: invoice.currency,
      paymentMethod: null,
      status: 'requires_payment_method',
      lastPaymentError: null,
      created: this.state.now(),
      succeededAt: null,
    };
    this.state.paymentIntents.set(intent.id, intent);
    invoice.paymentIntent = intent.id;
    return intent;
  }

  /** The open invoice a hosted invoice page's token names. */
  byHostedToken(token: string): InvoiceRecord | undefined {
    return [...this.state.invoices.values()].find((invoice) => invoice.hostedToken === token);
  }
}

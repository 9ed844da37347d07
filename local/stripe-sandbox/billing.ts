// The subscription engine: checkout completion, trials, renewals, invoices and their payment attempts,
// retries, and cancellations, all driven by the sandbox clock. Stripe's rules, simplified where noted
// (docs/stripe-sandbox.md, "Billing rules").
import type { CardDetails } from './cards.ts';
import { errors, StripeApiError } from './errors.ts';
import { newId } from './ids.ts';
import {
  renderCheckoutSession,
  renderCustomer,
  renderInvoice,
  renderPaymentMethod,
  renderSubscription,
  type RenderContext,
} from './render.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  Interval,
  InvoiceRecord,
  Metadata,
  PaymentMethodRecord,
  PriceRecord,
  SandboxState,
  SubscriptionRecord,
} from './state.ts';

const DAY = 86_400;

export interface BillingRules {
  /**
   * Smart Retries, simplified: after a failed renewal the invoice is tried again this many days after
   * the first failure (default 3, 5 and 7: four attempts in all).
   */
  retryDays: readonly number[];
  /** What happens to the subscription when the last retry fails (Stripe's default is to cancel). */
  afterFinalFailure: 'cancel' | 'unpaid' | 'past_due';
  /** `customer.subscription.trial_will_end` goes out this long before the trial ends (Stripe: 3 days). */
  trialWillEndSeconds: number;
}

export const DEFAULT_BILLING_RULES: BillingRules = {
  retryDays: [3, 5, 7],
  afterFinalFailure: 'cancel',
  trialWillEndSeconds: 3 * DAY,
};

/** Adds calendar months in UTC, keeping the anchor's day of month where the month has it. */
export function addInterval(from: number, interval: Interval, count: number, anchor: number): number {
  if (interval === 'day') return from + count * DAY;
  if (interval === 'week') return from + count * 7 * DAY;
  const months = interval === 'year' ? 12 * count : count;
  const start = new Date(from * 1000);
  const anchorDate = new Date(anchor * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDate.getUTCDate(), lastDay);
  return Math.floor(
    Date.UTC(
      year,
      month,
      day,
      anchorDate.getUTCHours(),
      anchorDate.getUTCMinutes(),
      anchorDate.getUTCSeconds(),
    ) / 1000,
  );
}

/** Top-level fields whose value changed, with their old values (an event's previous_attributes). */
function changed(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
  }
  return previous;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export class Billing {
  constructor(
    private readonly state: SandboxState,
    private readonly ctx: RenderContext,
    private readonly rules: BillingRules,
  ) {}

  private now() {
    return this.state.now();
  }

  price(id: string): PriceRecord {
    const price = this.state.prices.get(id);
    if (!price) throw errors.noSuch('price', id);
    return price;
  }

  // ---- customers and cards ----

  createCustomer(
    fields: Partial<Pick<CustomerRecord, 'email' | 'name' | 'phone' | 'description' | 'metadata'>>,
  ) {
    const customer: CustomerRecord = {
      id: newId('customer'),
      email: fields.email ?? null,
      name: fields.name ?? null,
      phone: fields.phone ?? null,
      description: fields.description ?? null,
      metadata: fields.metadata ?? {},
      defaultPaymentMethod: null,
      created: this.now(),
    };
    this.state.customers.set(customer.id, customer);
    this.state.emit('customer.created', renderCustomer(customer));
    return customer;
  }

  updateCustomer(customer: CustomerRecord, mutate: (customer: CustomerRecord) => void) {
    const before = renderCustomer(customer);
    mutate(customer);
    const previous = changed(before, renderCustomer(customer));
    if (Object.keys(previous).length > 0)
      this.state.emit('customer.updated', renderCustomer(customer), previous);
  }

  /** Attaches a card to the customer; a card that always declines cannot be attached. */
  attachCard(
    customer: CustomerRecord,
    details: CardDetails,
    billing: { name: string | null; email: string | null },
  ) {
    if (details.card.behaviour === 'declines') throw errors.cardDeclined(details.card.declineCode);
    const method: PaymentMethodRecord = {
      id: newId('paymentMethod'),
      customer: customer.id,
      card: details.card,
      expMonth: details.expMonth,
      expYear: details.expYear,
      billingName: billing.name,
      billingEmail: billing.email,
      created: this.now(),
    };
    this.state.paymentMethods.set(method.id, method);
    this.state.emit('payment_method.attached', renderPaymentMethod(method));
    return method;
  }

  // ---- checkout ----

  /**
   * What the hosted page's Pay / Start trial button does. Throws the card error Stripe would show on
   * the page; on success the session is complete and the subscription exists.
   */
  completeCheckout(
    session: CheckoutSessionRecord,
    details: CardDetails,
    person: { email: string | null; name: string | null },
  ): void {
    if (session.status !== 'open') throw errors.invalidRequest('This Checkout Session is no longer active.');
    const trialing = session.trialPeriodDays !== null && session.trialPeriodDays > 0;
    // Checkout charges a subscription without a trial before anything is created.
    if (
      details.card.behaviour === 'declines' ||
      (!trialing && details.card.behaviour === 'attaches_then_fails')
    )
      throw errors.cardDeclined(details.card.declineCode);

    const existing = session.customer ? this.state.customers.get(session.customer) : undefined;
    const email = existing?.email ?? session.customerEmail ?? person.email;
    const customer = existing ?? this.createCustomer({ email, name: person.name });
    const method = this.attachCard(customer, details, { name: person.name, email });
    const subscription = this.createSubscription({
      customer,
      items: session.lineItems,
      trialDays: session.trialPeriodDays,
      metadata: session.subscriptionMetadata,
      description: session.subscriptionDescription,
      defaultPaymentMethod: method.id,
    });
    session.status = 'complete';
    session.paymentStatus = trialing ? 'no_payment_required' : 'paid';
    session.customer = customer.id;
    session.customerDetails = { email, name: person.name };
    session.subscription = subscription.id;
    session.invoice = subscription.latestInvoice;
    this.state.emit('checkout.session.completed', renderCheckoutSession(this.ctx, session));
  }

  // ---- subscriptions ----

  createSubscription(input: {
    customer: CustomerRecord;
    items: ReadonlyArray<{ price: string; quantity: number }>;
    trialDays: number | null;
    metadata: Metadata;
    description: string | null;
    defaultPaymentMethod: string | null;
  }): SubscriptionRecord {
    const now = this.now();
    const first = this.price(input.items[0]?.price ?? '');
    const trialEnd = input.trialDays ? now + input.trialDays * DAY : null;
    const subscription: SubscriptionRecord = {
      id: newId('subscription'),
      customer: input.customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      items: input.items.map((item) => ({
        id: newId('subscriptionItem'),
        price: item.price,
        quantity: item.quantity,
        created: now,
      })),
      description: input.description,
      metadata: { ...input.metadata },
      created: now,
      startDate: now,
      billingCycleAnchor: trialEnd ?? now,
      trialStart: trialEnd ? now : null,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? addInterval(now, first.interval, first.intervalCount, now),
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      cancellation: null,
      defaultPaymentMethod: input.defaultPaymentMethod,
      latestInvoice: null,
      trialWillEndSent: false,
    };
    this.state.subscriptions.set(subscription.id, subscription);
    this.emitSubscription('customer.subscription.created', subscription);

    const invoice = this.createInvoice(subscription, 'subscription_create', trialEnd !== null);
    subscription.latestInvoice = invoice.id;
    this.finalize(invoice);
    if (invoice.amountDue === 0) this.markPaid(invoice);
    else if (this.attempt(invoice)) {
      this.changeSubscription(subscription, (s) => {
        s.status = 'active';
      });
    }
    return subscription;
  }

  /** Applies a change and sends customer.subscription.updated with previous_attributes if anything changed. */
  changeSubscription(subscription: SubscriptionRecord, mutate: (subscription: SubscriptionRecord) => void) {
    const before = renderSubscription(this.ctx, subscription);
    mutate(subscription);
    const after = renderSubscription(this.ctx, subscription);
    const previous = changed(before, after);
    if (Object.keys(previous).length > 0) this.state.emit('customer.subscription.updated', after, previous);
  }

  private emitSubscription(type: string, subscription: SubscriptionRecord) {
    this.state.emit(type, renderSubscription(this.ctx, subscription));
  }

  /** Ends the subscription now (DELETE /v1/subscriptions/:id, the end of a period it was set to cancel at, or failed payment). */
  cancelNow(
    subscription: SubscriptionRecord,
    reason: 'cancellation_requested' | 'payment_failed',
    comment: string | null = null,
  ): void {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    const now = this.now();
    subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
    subscription.canceledAt ??= now;
    subscription.endedAt = now;
    subscription.cancellation = { reason, comment: comment ?? subscription.cancellation?.comment ?? null };
    this.emitSubscription('customer.subscription.deleted', subscription);
  }

  /** A card update from the Billing Portal: it becomes the default, and open invoices are paid with it at once. */
  replaceDefaultCard(customer: CustomerRecord, method: PaymentMethodRecord): void {
    this.updateCustomer(customer, (c) => {
      c.defaultPaymentMethod = method.id;
    });
    for (const subscription of this.subscriptionsOf(customer.id)) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      this.changeSubscription(subscription, (s) => {
        s.defaultPaymentMethod = method.id;
      });
      for (const invoice of this.state.invoices.values()) {
        if (invoice.subscription === subscription.id && invoice.status === 'open') this.retry(invoice);
      }
    }
  }

  subscriptionsOf(customer: string): SubscriptionRecord[] {
    return [...this.state.subscriptions.values()].filter((s) => s.customer === customer);
  }

  // ---- invoices and payments ----

  private createInvoice(
    subscription: SubscriptionRecord,
    reason: InvoiceRecord['billingReason'],
    trial: boolean,
  ): InvoiceRecord {
    const now = this.now();
    const id = newId('invoice');
    const currency = this.price(subscription.items[0]?.price ?? '').currency;
    const lines = subscription.items.map((item) => {
      const price = this.price(item.price);
      const product = this.state.products.get(price.product);
      const amount = trial ? 0 : price.unitAmount * item.quantity;
      const every = price.intervalCount === 1 ? price.interval : `${price.intervalCount} ${price.interval}s`;
      return {
        id: newId('invoiceLine'),
        price: price.id,
        subscriptionItem: item.id,
        quantity: item.quantity,
        amount,
        description: trial
          ? `Trial period for ${product?.name ?? price.id}`
          : `${item.quantity} × ${product?.name ?? price.id} (at ${money(price.unitAmount, price.currency)} / ${every})`,
        periodStart: subscription.currentPeriodStart,
        periodEnd: subscription.currentPeriodEnd,
      };
    });
    const amountDue = lines.reduce((sum, line) => sum + line.amount, 0);
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
      // Stripe bills a period in advance: the invoice's own period is the one that just ended.
      periodStart: reason === 'subscription_create' ? now : subscription.currentPeriodStart,
      periodEnd: now,
      attemptCount: 0,
      attempted: false,
      nextPaymentAttempt: null,
      firstFailureAt: null,
      lastPaymentError: null,
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

  private finalize(invoice: InvoiceRecord) {
    invoice.status = 'open';
    invoice.finalizedAt = this.now();
    this.state.emit('invoice.finalized', renderInvoice(this.ctx, invoice));
  }

  private markPaid(invoice: InvoiceRecord) {
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.paidAt = this.now();
    invoice.nextPaymentAttempt = null;
    const rendered = renderInvoice(this.ctx, invoice);
    this.state.emit('invoice.paid', rendered);
    this.state.emit('invoice.payment_succeeded', rendered);
  }

  private paymentMethodFor(invoice: InvoiceRecord): PaymentMethodRecord | undefined {
    const subscription = invoice.subscription
      ? this.state.subscriptions.get(invoice.subscription)
      : undefined;
    const customer = this.state.customers.get(invoice.customer);
    const id = subscription?.defaultPaymentMethod ?? customer?.defaultPaymentMethod ?? null;
    return id ? this.state.paymentMethods.get(id) : undefined;
  }

  /** One payment attempt; true if the invoice is now paid. A failure schedules the next retry. */
  private attempt(invoice: InvoiceRecord): boolean {
    const now = this.now();
    invoice.attempted = true;
    invoice.attemptCount += 1;
    const method = this.paymentMethodFor(invoice);
    const failure = !method
      ? {
          code: 'invoice_no_payment_method_types',
          declineCode: null,
          message: 'The customer has no payment method.',
        }
      : method.card.behaviour === 'succeeds'
        ? null
        : {
            code: 'card_declined',
            declineCode: method.card.declineCode ?? 'generic_decline',
            message: 'Your card was declined.',
          };
    if (!failure) {
      invoice.lastPaymentError = null;
      this.markPaid(invoice);
      return true;
    }
    invoice.lastPaymentError = failure;
    invoice.firstFailureAt ??= now;
    const retryDay = this.rules.retryDays[invoice.attemptCount - 1];
    invoice.nextPaymentAttempt = retryDay === undefined ? null : invoice.firstFailureAt + retryDay * DAY;
    this.state.emit('invoice.payment_failed', renderInvoice(this.ctx, invoice));
    return false;
  }

  /** A scheduled (or card-update) retry of an open invoice, and what it means for the subscription. */
  private retry(invoice: InvoiceRecord): void {
    const subscription = invoice.subscription
      ? this.state.subscriptions.get(invoice.subscription)
      : undefined;
    if (this.attempt(invoice)) {
      if (subscription && ['past_due', 'unpaid', 'incomplete'].includes(subscription.status)) {
        this.changeSubscription(subscription, (s) => {
          s.status = 'active';
        });
      }
      return;
    }
    if (!subscription || invoice.nextPaymentAttempt !== null) return;
    if (subscription.status === 'canceled' || subscription.status === 'incomplete') return;
    if (this.rules.afterFinalFailure === 'cancel') this.cancelNow(subscription, 'payment_failed');
    else if (this.rules.afterFinalFailure === 'unpaid')
      this.changeSubscription(subscription, (s) => {
        s.status = 'unpaid';
      });
  }

  /** The end of a period: cancel if asked to, else start the next period and bill it. */
  private renew(subscription: SubscriptionRecord): void {
    if (subscription.cancelAtPeriodEnd) {
      this.cancelNow(subscription, 'cancellation_requested');
      return;
    }
    const price = this.price(subscription.items[0]?.price ?? '');
    const start = subscription.currentPeriodEnd;
    const end = addInterval(start, price.interval, price.intervalCount, subscription.billingCycleAnchor);
    const wasUnpaid = subscription.status === 'unpaid';
    const before = renderSubscription(this.ctx, subscription);
    subscription.currentPeriodStart = start;
    subscription.currentPeriodEnd = end;
    const invoice = this.createInvoice(subscription, 'subscription_cycle', false);
    subscription.latestInvoice = invoice.id;
    // Stripe leaves the invoices of an unpaid subscription as drafts and does not try them.
    if (!wasUnpaid) {
      this.finalize(invoice);
      const paid = invoice.amountDue === 0 ? (this.markPaid(invoice), true) : this.attempt(invoice);
      subscription.status = paid ? 'active' : 'past_due';
    }
    const after = renderSubscription(this.ctx, subscription);
    this.state.emit('customer.subscription.updated', after, changed(before, after));
  }

  // ---- the clock ----

  /** The next piece of due work at or before `until`, earliest first. */
  private nextDue(until: number): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    const consider = (at: number, run: () => void) => {
      if (at <= until && (!best || at < best.at)) best = { at, run };
    };
    for (const subscription of this.state.subscriptions.values()) {
      const { status } = subscription;
      if (status === 'canceled' || status === 'incomplete_expired') continue;
      if (status === 'incomplete') {
        // Stripe gives the first payment 23 hours before the subscription expires.
        consider(subscription.created + 23 * 3600, () => this.cancelNow(subscription, 'payment_failed'));
        continue;
      }
      if (status === 'trialing' && subscription.trialEnd !== null && !subscription.trialWillEndSent) {
        const at = Math.max(
          subscription.trialStart ?? 0,
          subscription.trialEnd - this.rules.trialWillEndSeconds,
        );
        consider(at, () => {
          subscription.trialWillEndSent = true;
          this.emitSubscription('customer.subscription.trial_will_end', subscription);
        });
      }
      if (subscription.cancelAt !== null && subscription.cancelAt < subscription.currentPeriodEnd) {
        consider(subscription.cancelAt, () => this.cancelNow(subscription, 'cancellation_requested'));
      }
      consider(subscription.currentPeriodEnd, () => this.renew(subscription));
    }
    for (const invoice of this.state.invoices.values()) {
      if (invoice.status === 'open' && invoice.nextPaymentAttempt !== null) {
        consider(invoice.nextPaymentAttempt, () => this.retry(invoice));
      }
    }
    for (const session of this.state.checkoutSessions.values()) {
      if (session.status === 'open') {
        consider(session.expiresAt, () => {
          session.status = 'expired';
          this.state.emit('checkout.session.expired', renderCheckoutSession(this.ctx, session));
        });
      }
    }
    return best;
  }

  /** Runs everything due up to `until` (unix seconds) in time order, each at the instant it was due. */
  runDue(until: number): number {
    let steps = 0;
    for (;;) {
      const due = this.nextDue(until);
      if (!due) return steps;
      steps += 1;
      if (steps > 100_000) throw new StripeApiError(500, errors.internal().body);
      this.state.clock.pinAt(due.at, due.run);
    }
  }

  /** Moves the clock to `to`, processing trial ends, renewals, retries and cancellations on the way. */
  advanceTo(to: number): void {
    this.runDue(to);
    this.state.clock.moveTo(to);
  }
}

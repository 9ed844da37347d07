// The subscription engine: checkout completion (with 3-D Secure), trials, renewals, price changes with
// proration, retries and cancellations. Invoices and payment attempts are invoices.ts's; the clock that
// runs what falls due is billing-clock.ts's. Stripe's rules, simplified where noted
// (docs/stripe-sandbox.md, "Billing rules").
import type { CardDetails } from './cards.ts';
import { errors } from './errors.ts';
import { newId } from './ids.ts';
import { DAY, Invoices, money } from './invoices.ts';
import { renderCheckoutSession, renderSubscription } from './render-billing.ts';
import { renderCustomer, renderPaymentMethod, type RenderContext } from './render.ts';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  Interval,
  InvoiceLineRecord,
  InvoiceRecord,
  Metadata,
  PaymentMethodRecord,
  PriceRecord,
  SandboxState,
  SubscriptionRecord,
} from './state.ts';

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

export type ProrationBehavior = 'create_prorations' | 'none' | 'always_invoice';

export class Billing {
  readonly invoices: Invoices;

  constructor(
    private readonly state: SandboxState,
    private readonly ctx: RenderContext,
    readonly rules: BillingRules,
  ) {
    this.invoices = new Invoices(state, ctx, rules.retryDays);
  }

  private now() {
    return this.state.now();
  }

  price(id: string): PriceRecord {
    return this.invoices.price(id);
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
    if (details.card.behaviour === 'declines' && details.card.refusal)
      throw errors.cardRefused(details.card.refusal);
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
   * What the hosted page's Pay / Start trial button does, once any 3-D Secure challenge was passed
   * (`authenticated`). Throws the card error Stripe would show on the page; on success the session is
   * complete and the subscription exists.
   */
  completeCheckout(
    session: CheckoutSessionRecord,
    details: CardDetails,
    person: { email: string | null; name: string | null },
    options: { authenticated?: boolean } = {},
  ): void {
    if (session.status !== 'open') throw errors.invalidRequest('This Checkout Session is no longer active.');
    const trialing = session.trialPeriodDays !== null && session.trialPeriodDays > 0;
    const { refusal } = details.card;
    // Checkout charges a subscription without a trial before anything is created.
    if (
      refusal &&
      (details.card.behaviour === 'declines' ||
        (!trialing && details.card.behaviour === 'attaches_then_fails'))
    )
      throw errors.cardRefused(refusal);
    if (details.card.threeDSecure && options.authenticated !== true) throw errors.authenticationFailed();
    session.pendingAuthentication = null;

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
      authenticated: options.authenticated === true,
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
    authenticated?: boolean;
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
      pendingProrations: [],
    };
    this.state.subscriptions.set(subscription.id, subscription);
    this.emitSubscription('customer.subscription.created', subscription);

    const invoice = this.invoices.create(
      subscription,
      'subscription_create',
      subscription.items.map((_, index) => this.invoices.periodLine(subscription, index, trialEnd !== null)),
    );
    subscription.latestInvoice = invoice.id;
    this.invoices.finalize(invoice);
    if (invoice.amountDue === 0) this.invoices.markPaid(invoice);
    else if (this.invoices.attempt(invoice, { authenticated: input.authenticated === true }) === 'paid') {
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

  emitSubscription(type: string, subscription: SubscriptionRecord) {
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

  /**
   * A scheduled (or card-update, or hosted-page) retry of an open invoice, and what it means for the
   * subscription. `authenticated`: the person passed 3-D Secure on the invoice's hosted page.
   */
  retry(invoice: InvoiceRecord, options: { authenticated?: boolean } = {}): void {
    const subscription = invoice.subscription
      ? this.state.subscriptions.get(invoice.subscription)
      : undefined;
    if (this.invoices.attempt(invoice, options) === 'paid') {
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
  renew(subscription: SubscriptionRecord): void {
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
    const lines = [
      ...subscription.pendingProrations,
      ...subscription.items.map((_, index) => this.invoices.periodLine(subscription, index, false)),
    ];
    subscription.pendingProrations = [];
    const invoice = this.invoices.create(subscription, 'subscription_cycle', lines);
    subscription.latestInvoice = invoice.id;
    // Stripe leaves the invoices of an unpaid subscription as drafts and does not try them.
    if (!wasUnpaid) {
      this.invoices.finalize(invoice);
      const paid =
        invoice.amountDue === 0
          ? (this.invoices.markPaid(invoice), true)
          : this.invoices.attempt(invoice) === 'paid';
      subscription.status = paid ? 'active' : 'past_due';
    }
    const after = renderSubscription(this.ctx, subscription);
    this.state.emit('customer.subscription.updated', after, changed(before, after));
  }

  // ---- price changes ----

  /**
   * What changing the subscription's price now would bill: the credit for the old price's unused time
   * and, for the same interval, the charge for the rest of the period at the new price; a change of
   * interval starts a new period at once and bills it whole (Stripe resets the billing cycle then).
   */
  priceChange(subscription: SubscriptionRecord, priceId: string, behavior: ProrationBehavior) {
    const item = subscription.items[0];
    if (!item) throw errors.internal();
    const from = this.price(item.price);
    const to = this.price(priceId);
    const now = this.now();
    const newCycle = from.interval !== to.interval || from.intervalCount !== to.intervalCount;
    const prorate = behavior !== 'none' && subscription.status !== 'trialing';
    const length = Math.max(1, subscription.currentPeriodEnd - subscription.currentPeriodStart);
    const share = Math.max(0, subscription.currentPeriodEnd - now) / length;
    const name = this.state.products.get(to.product)?.name ?? to.id;
    const after = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(now * 1000),
    );
    const line = (price: PriceRecord, amount: number, description: string): InvoiceLineRecord => ({
      id: newId('invoiceLine'),
      price: price.id,
      subscriptionItem: item.id,
      quantity: item.quantity,
      amount,
      description,
      periodStart: now,
      periodEnd: subscription.currentPeriodEnd,
      proration: true,
    });
    const prorations = prorate
      ? [
          line(
            from,
            -Math.round(from.unitAmount * item.quantity * share),
            `Unused time on ${name} after ${after}`,
          ),
          ...(newCycle
            ? []
            : [
                line(
                  to,
                  Math.round(to.unitAmount * item.quantity * share),
                  `Remaining time on ${name} after ${after}`,
                ),
              ]),
        ]
      : [];
    const periodEnd = newCycle ? addInterval(now, to.interval, to.intervalCount, now) : null;
    const fullPeriod =
      newCycle && subscription.status !== 'trialing'
        ? {
            ...line(
              to,
              to.unitAmount * item.quantity,
              `${item.quantity} × ${name} (at ${money(to.unitAmount, to.currency)} / ${to.interval})`,
            ),
            proration: false,
            periodEnd: periodEnd ?? now,
          }
        : null;
    const invoiceNow = fullPeriod !== null || behavior === 'always_invoice';
    const lines = [...prorations, ...(fullPeriod ? [fullPeriod] : [])];
    const dueNow = invoiceNow
      ? Math.max(
          0,
          lines.reduce((sum, l) => sum + l.amount, 0),
        )
      : 0;
    return { to, newCycle, periodEnd, lines, invoiceNow, dueNow };
  }

  /** Changes the subscription's price (subscriptions.update `items`, or the portal's plan switch). */
  changePrice(subscription: SubscriptionRecord, priceId: string, behavior: ProrationBehavior): void {
    const item = subscription.items[0];
    if (!item || item.price === priceId) return;
    const change = this.priceChange(subscription, priceId, behavior);
    const now = this.now();
    this.changeSubscription(subscription, (s) => {
      const changedItem = s.items[0];
      if (changedItem) changedItem.price = priceId;
      if (change.periodEnd !== null && s.status !== 'trialing') {
        s.currentPeriodStart = now;
        s.currentPeriodEnd = change.periodEnd;
        s.billingCycleAnchor = now;
      }
      if (s.cancelAt !== null && s.cancelAtPeriodEnd) s.cancelAt = s.currentPeriodEnd;
      if (!change.invoiceNow) s.pendingProrations.push(...change.lines);
    });
    if (!change.invoiceNow) return;
    const invoice = this.invoices.create(subscription, 'subscription_update', change.lines);
    subscription.latestInvoice = invoice.id;
    this.invoices.finalize(invoice);
    const paid =
      invoice.amountDue === 0
        ? (this.invoices.markPaid(invoice), true)
        : this.invoices.attempt(invoice) === 'paid';
    if (!paid)
      this.changeSubscription(subscription, (s) => {
        s.status = 'past_due';
      });
  }
}

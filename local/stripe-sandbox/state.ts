// The sandbox's memory: the objects as plain records (rendered into Stripe's shapes by render.ts),
// the clock, and the event log. Everything is in memory and gone when the sandbox stops.
import type { CardDetails, TestCard } from './cards.ts';
import { newId } from './ids.ts';

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Metadata;
  marketingFeatures: string[];
  defaultPrice: string | null;
  created: number;
  updated: number;
}

export interface PriceRecord {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: Interval;
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  active: boolean;
  metadata: Metadata;
  created: number;
}

export interface CustomerRecord {
  id: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  defaultPaymentMethod: string | null;
  created: number;
}

export interface PaymentMethodRecord {
  id: string;
  customer: string | null;
  card: TestCard;
  expMonth: number;
  expYear: number;
  billingName: string | null;
  billingEmail: string | null;
  created: number;
}

export interface CheckoutSessionRecord {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customerEmail: string | null;
  customerDetails: { email: string | null; name: string | null } | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  lineItems: Array<{ price: string; quantity: number }>;
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  metadata: Metadata;
  subscription: string | null;
  invoice: string | null;
  allowPromotionCodes: boolean | null;
  created: number;
  expiresAt: number;
  /** A 3-D Secure card waiting on its challenge page: what was typed, kept until it is passed or failed. */
  pendingAuthentication: {
    details: CardDetails;
    person: { email: string | null; name: string | null };
  } | null;
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface SubscriptionItemRecord {
  id: string;
  price: string;
  quantity: number;
  created: number;
}

export interface SubscriptionRecord {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  items: SubscriptionItemRecord[];
  description: string | null;
  metadata: Metadata;
  created: number;
  startDate: number;
  billingCycleAnchor: number;
  trialStart: number | null;
  trialEnd: number | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellation: { reason: 'cancellation_requested' | 'payment_failed' | null; comment: string | null } | null;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  trialWillEndSent: boolean;
  /** Proration lines of a mid-period price change, billed with the next renewal. */
  pendingProrations: InvoiceLineRecord[];
}

export interface InvoiceLineRecord {
  id: string;
  price: string;
  subscriptionItem: string;
  quantity: number;
  amount: number;
  description: string;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface InvoiceRecord {
  id: string;
  number: string;
  customer: string;
  subscription: string | null;
  subscriptionMetadata: Metadata;
  status: InvoiceStatus;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  currency: string;
  lines: InvoiceLineRecord[];
  amountDue: number;
  amountPaid: number;
  periodStart: number;
  periodEnd: number;
  attemptCount: number;
  attempted: boolean;
  nextPaymentAttempt: number | null;
  /** The first failed attempt, from which the retry schedule counts. */
  firstFailureAt: number | null;
  lastPaymentError: { code: string; declineCode: string | null; message: string } | null;
  /** The last attempt asked for 3-D Secure: the person must authenticate on the hosted invoice page. */
  requiresAction: boolean;
  /** The secret part of hosted_invoice_url. */
  hostedToken: string;
  paymentIntent: string | null;
  created: number;
  finalizedAt: number | null;
  paidAt: number | null;
  markedUncollectibleAt: number | null;
  voidedAt: number | null;
}

/** The invoice's PaymentIntent: one per invoice, confirmed again at each attempt (Stripe reuses it). */
export interface PaymentIntentRecord {
  id: string;
  invoice: string;
  /** The invoice_payment that ties it to the invoice. */
  invoicePayment: string;
  customer: string;
  amount: number;
  amountReceived: number;
  currency: string;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  lastPaymentError: InvoiceRecord['lastPaymentError'];
  created: number;
  succeededAt: number | null;
}

export interface PortalSessionRecord {
  id: string;
  /** The secret part of the portal URL. */
  token: string;
  customer: string;
  returnUrl: string | null;
  created: number;
}

export interface EventRecord {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
  request: { id: string | null; idempotency_key: string | null };
  pendingWebhooks: number;
}

export class SandboxClock {
  private offsetSeconds = 0;
  /** While due work is processed, the instant it was due at (so events carry that time). */
  private pinned: number | null = null;

  constructor(private readonly wall: () => Date) {}

  /** Unix seconds on the sandbox clock. */
  now(): number {
    return this.pinned ?? Math.floor(this.wall().getTime() / 1000) + this.offsetSeconds;
  }

  /** Moves the clock forward to `to` (unix seconds); it never goes back. */
  moveTo(to: number): void {
    const current = Math.floor(this.wall().getTime() / 1000) + this.offsetSeconds;
    if (to > current) this.offsetSeconds += to - current;
  }

  pinAt<T>(at: number, work: () => T): T {
    const previous = this.pinned;
    this.pinned = at;
    try {
      return work();
    } finally {
      this.pinned = previous;
    }
  }
}

export class SandboxState {
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly checkoutSessions = new Map<string, CheckoutSessionRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  readonly events = new Map<string, EventRecord>();
  private invoiceSequence = 0;
  /** The API request under way, recorded on the events it causes (Stripe's event.request). */
  currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  constructor(
    readonly clock: SandboxClock,
    /** Renders a record into its Stripe object for an event snapshot; set by the sandbox. */
    private readonly publish: (event: EventRecord) => void,
  ) {}

  now(): number {
    return this.clock.now();
  }

  nextInvoiceNumber(customer: string): string {
    this.invoiceSequence += 1;
    return `${customer.slice(4, 12).toUpperCase()}-${String(this.invoiceSequence).padStart(4, '0')}`;
  }

  /** Records an event with a snapshot of the object as it is now, and hands it to delivery. */
  emit(
    type: string,
    object: Record<string, unknown>,
    previousAttributes?: Record<string, unknown>,
  ): EventRecord {
    const event: EventRecord = {
      id: newId('event'),
      type,
      created: this.now(),
      object: structuredClone(object),
      previousAttributes:
        previousAttributes && Object.keys(previousAttributes).length > 0 ? previousAttributes : null,
      request: { ...this.currentRequest },
      pendingWebhooks: 0,
    };
    this.events.set(event.id, event);
    this.publish(event);
    return event;
  }
}

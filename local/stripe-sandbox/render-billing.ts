// Subscriptions, invoices and Checkout Sessions in the API version the stripe client (v23) speaks, each
// checked against the client's own type (`satisfies`), as render.ts does for the simpler objects.
import type Stripe from 'stripe';
import { decimal, list, renderPlan, renderPrice, type RenderContext } from './render.ts';
import type {
  CheckoutSessionRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentIntentRecord,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from './state.ts';

function renderSubscriptionItem(
  ctx: RenderContext,
  subscription: SubscriptionRecord,
  item: SubscriptionItemRecord,
) {
  const price = ctx.state.prices.get(item.price);
  if (!price) throw new Error(`subscription ${subscription.id} names unknown price ${item.price}`);
  return {
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: item.created,
    current_period_end: subscription.currentPeriodEnd,
    current_period_start: subscription.currentPeriodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: renderPlan(price),
    price: renderPrice(price),
    quantity: item.quantity,
    subscription: subscription.id,
    tax_rates: [],
  } satisfies Stripe.SubscriptionItem;
}

export function renderSubscription(ctx: RenderContext, subscription: SubscriptionRecord) {
  const firstPrice = ctx.state.prices.get(subscription.items[0]?.price ?? '');
  return {
    id: subscription.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: subscription.billingCycleAnchor,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: subscription.cancelAt,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    cancellation_details: {
      comment: subscription.cancellation?.comment ?? null,
      feedback: null,
      feedback_option: null,
      reason: subscription.cancellation?.reason ?? null,
    },
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: firstPrice?.currency ?? 'usd',
    customer: subscription.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: subscription.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: subscription.description,
    discounts: [],
    ended_at: subscription.endedAt,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list(
      subscription.items.map((item) => renderSubscriptionItem(ctx, subscription, item)),
      `/v1/subscription_items?subscription=${subscription.id}`,
    ),
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: { ...subscription.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.startDate,
    status: subscription.status,
    test_clock: null,
    transfer_data: null,
    trial_end: subscription.trialEnd,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: subscription.trialStart,
  } satisfies Stripe.Subscription;
}

function renderInvoiceLine(ctx: RenderContext, invoice: InvoiceRecord, line: InvoiceLineRecord) {
  const price = ctx.state.prices.get(line.price);
  return {
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: invoice.currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent: invoice.subscription
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration,
            proration_details: { credited_items: null },
            subscription: invoice.subscription,
            subscription_item: line.subscriptionItem,
          },
          type: 'subscription_item_details',
        }
      : null,
    period: { end: line.periodEnd, start: line.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: line.price, product: price?.product ?? '' },
      type: 'price_details',
      unit_amount_decimal: decimal(price?.unitAmount ?? 0),
    },
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription: invoice.subscription,
    subtotal: line.amount,
    taxes: [],
  } satisfies Stripe.InvoiceLineItem;
}

export function renderInvoice(ctx: RenderContext, invoice: InvoiceRecord) {
  const customer = ctx.state.customers.get(invoice.customer);
  const subscription = invoice.subscription ? ctx.state.subscriptions.get(invoice.subscription) : undefined;
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const finalized = invoice.status !== 'draft';
  return {
    id: invoice.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Tallywise (local sandbox)',
    account_tax_ids: null,
    amount_due: invoice.amountDue,
    amount_overpaid: 0,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.amountDue - invoice.amountPaid,
    amount_shipping: 0,
    application: null,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attempted,
    auto_advance: invoice.status === 'draft' || invoice.status === 'open',
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    custom_fields: null,
    customer: invoice.customer,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: customer?.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: invoice.finalizedAt,
    ending_balance: finalized ? 0 : null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `${ctx.baseUrl}/i/${invoice.hostedToken}` : null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(
      invoice.lines.map((line) => renderInvoiceLine(ctx, invoice, line)),
      `/v1/invoices/${invoice.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.nextPaymentAttempt,
    number: finalized ? invoice.number : null,
    on_behalf_of: null,
    parent: invoice.subscription
      ? {
          quote_details: null,
          subscription_details: {
            metadata: { ...(subscription?.metadata ?? invoice.subscriptionMetadata) },
            subscription: invoice.subscription,
          },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.finalizedAt,
      marked_uncollectible_at: invoice.markedUncollectibleAt,
      paid_at: invoice.paidAt,
      voided_at: invoice.voidedAt,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: invoice.finalizedAt,
  } satisfies Stripe.Invoice;
}

export function renderCheckoutSession(ctx: RenderContext, session: CheckoutSessionRecord) {
  const amount = session.lineItems.reduce(
    (sum, item) => sum + (ctx.state.prices.get(item.price)?.unitAmount ?? 0) * item.quantity,
    0,
  );
  const dueNow = session.trialPeriodDays ? 0 : amount;
  const currency = ctx.state.prices.get(session.lineItems[0]?.price ?? '')?.currency ?? 'usd';
  return {
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: session.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: dueNow,
    amount_total: dueNow,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: session.customer,
    customer_account: null,
    customer_creation: session.customer ? null : 'always',
    customer_details: session.customerDetails
      ? {
          address: null,
          business_name: null,
          email: session.customerDetails.email,
          individual_name: null,
          name: session.customerDetails.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: session.customerEmail,
    discounts: [],
    expires_at: session.expiresAt,
    integration_identifier: null,
    invoice: session.invoice,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: { ...session.metadata },
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: session.paymentStatus,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: session.status === 'open' ? `${ctx.baseUrl}/c/pay/${session.id}` : null,
    wallet_options: null,
  } satisfies Stripe.Checkout.Session;
}

/**
 * An invoice's PaymentIntent. A renewal that needs 3-D Secure is `requires_action`, with the bank's
 * challenge as `next_action.redirect_to_url` (the hosted invoice page's, in the sandbox).
 */
export function renderPaymentIntent(ctx: RenderContext, intent: PaymentIntentRecord) {
  const invoice = ctx.state.invoices.get(intent.invoice);
  const error = intent.lastPaymentError;
  return {
    id: intent.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: intent.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: intent.amountReceived,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${intent.id}_secret_${intent.invoicePayment.slice(6)}`,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    customer_account: null,
    description:
      invoice?.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    excluded_payment_method_types: null,
    last_payment_error: error
      ? {
          type: 'card_error',
          code: error.code as Stripe.PaymentIntent.LastPaymentError.Code,
          ...(error.declineCode ? { decline_code: error.declineCode } : {}),
          message: error.message,
        }
      : null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action:
      intent.status === 'requires_action' && invoice
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              return_url: null,
              url: `${ctx.baseUrl}/i/${invoice.hostedToken}/authenticate`,
            },
          }
        : null,
    on_behalf_of: null,
    payment_method: intent.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: intent.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

/** The invoice_payment tying an invoice to its PaymentIntent (the invoice's includable `payments`). */
export function renderInvoicePayment(invoice: InvoiceRecord, intent: PaymentIntentRecord) {
  return {
    id: intent.invoicePayment,
    object: 'invoice_payment',
    amount_paid: intent.status === 'succeeded' ? intent.amountReceived : null,
    amount_requested: intent.amount,
    created: intent.created,
    currency: intent.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.id, type: 'payment_intent' },
    status: intent.status === 'succeeded' ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: intent.succeededAt },
  } satisfies Stripe.InvoicePayment;
}

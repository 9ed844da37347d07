// Records → the JSON Stripe returns, in the API version the stripe client (v23) speaks. Each object is
// checked against the client's own type (`satisfies`), so a field the version requires cannot be left
// out; the contract test checks the same objects against Stripe's OpenAPI schema.
import type Stripe from 'stripe';
import type {
  CheckoutSessionRecord,
  CustomerRecord,
  EventRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  SandboxState,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from './state.ts';

/** The API version the sandbox answers in: the one the stripe package pins. */
export const API_VERSION = '2026-10-28.endive';

/** Decimals travel as strings on the wire; the client wraps them in its Decimal type. */
const decimal = (value: number) => String(value) as unknown as Stripe.Decimal;

export interface RenderContext {
  state: SandboxState;
  /** The sandbox's base URL, for hosted page URLs. */
  baseUrl: string;
}

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function renderProduct(product: ProductRecord) {
  return {
    id: product.id,
    object: 'product',
    active: product.active,
    created: product.created,
    default_price: product.defaultPrice,
    description: product.description,
    images: [],
    livemode: false,
    marketing_features: product.marketingFeatures.map((name) => ({ name })),
    metadata: { ...product.metadata },
    name: product.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: product.updated,
    url: null,
  } satisfies Stripe.Product;
}

export function renderPrice(price: PriceRecord) {
  return {
    id: price.id,
    object: 'price',
    active: price.active,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookupKey,
    metadata: { ...price.metadata },
    nickname: price.nickname,
    product: price.product,
    recurring: {
      interval: price.interval,
      interval_count: price.intervalCount,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: decimal(price.unitAmount),
  } satisfies Stripe.Price;
}

/** The legacy Plan view of a price that subscription items still carry. */
function renderPlan(price: PriceRecord) {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unitAmount,
    amount_decimal: decimal(price.unitAmount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.interval,
    interval_count: price.intervalCount,
    livemode: false,
    metadata: { ...price.metadata },
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  } satisfies Stripe.Plan;
}

export function renderCustomer(customer: CustomerRecord) {
  return {
    id: customer.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: customer.created,
    currency: 'usd',
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: customer.description,
    discount: null,
    email: customer.email,
    invoice_prefix: customer.id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: customer.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ...customer.metadata },
    name: customer.name,
    next_invoice_sequence: 1,
    phone: customer.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Stripe.Customer;
}

export function renderPaymentMethod(method: PaymentMethodRecord) {
  const last4 = method.card.number.slice(-4);
  return {
    id: method.id,
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: method.billingEmail,
      name: method.billingName,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: method.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: method.card.brand,
      exp_month: method.expMonth,
      exp_year: method.expYear,
      fingerprint: `fp${method.card.number.slice(-8)}`,
      funding: method.card.funding,
      generated_from: null,
      last4,
      networks: { available: [method.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: method.created,
    customer: method.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  } satisfies Stripe.PaymentMethod;
}

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
            proration: false,
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
    hosted_invoice_url: null,
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

export function renderPortalSession(ctx: RenderContext, session: PortalSessionRecord) {
  return {
    id: session.id,
    object: 'billing_portal.session',
    configuration: 'bpc_sandboxdefault0',
    created: session.created,
    customer: session.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.returnUrl,
    url: `${ctx.baseUrl}/p/session/${session.token}`,
  } satisfies Stripe.BillingPortal.Session;
}

export function renderEvent(event: EventRecord) {
  return {
    id: event.id,
    object: 'event',
    api_version: API_VERSION,
    created: event.created,
    data: {
      object: event.object,
      ...(event.previousAttributes ? { previous_attributes: event.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: event.pendingWebhooks,
    request: event.request,
    type: event.type,
  };
}

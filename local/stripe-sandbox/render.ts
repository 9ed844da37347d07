// Records → the JSON Stripe returns, in the API version the stripe client (v23) speaks. Each object is
// checked against the client's own type (`satisfies`), so a field the version requires cannot be left
// out; the contract test checks the same objects against Stripe's OpenAPI schema.
import type Stripe from 'stripe';
import type {
  CustomerRecord,
  EventRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  PriceRecord,
  ProductRecord,
  SandboxState,
} from './state.ts';

/** The API version the sandbox answers in: the one the stripe package pins. */
export const API_VERSION = '2026-10-28.endive';

/** Decimals travel as strings on the wire; the client wraps them in its Decimal type. */
export const decimal = (value: number) => String(value) as unknown as Stripe.Decimal;

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
export function renderPlan(price: PriceRecord) {
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

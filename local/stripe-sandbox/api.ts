// The /v1 endpoints the product calls, with Stripe's parameter checks, list paging and `expand[]`.
// Each route names the path of Stripe's OpenAPI document it answers for (the contract test uses it).
import type { Billing } from './billing.ts';
import { errors } from './errors.ts';
import type { Params } from './form.ts';
import { newId, randomChars } from './ids.ts';
import {
  list,
  renderCheckoutSession,
  renderCustomer,
  renderEvent,
  renderInvoice,
  renderPaymentMethod,
  renderPortalSession,
  renderPrice,
  renderProduct,
  renderSubscription,
  type RenderContext,
} from './render.ts';
import type { CheckoutSessionRecord, SandboxState, SubscriptionStatus } from './state.ts';

export interface ApiContext extends RenderContext {
  billing: Billing;
  params: Params;
}

type Handler = (c: ApiContext, ids: string[]) => unknown;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The operation's path in Stripe's OpenAPI document. */
  openapiPath: string;
  handler: Handler;
}

const PAGING = ['limit', 'starting_after', 'ending_before', 'expand'] as const;

// ---- helpers ----

/** Stripe's list paging: newest first, `limit` 1–100 (default 10), cursors by object id. */
function page<T extends { id: string }>(c: ApiContext, items: T[], url: string) {
  const limit = c.params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw errors.invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
    );
  const after = c.params.string('starting_after');
  const before = c.params.string('ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw errors.noSuch(objectName(after), after, 'starting_after');
    start = index + 1;
  }
  if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw errors.noSuch(objectName(before), before, 'ending_before');
    end = index;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return list(data, url, before ? start > 0 : start + limit < end);
}

const newestFirst = <T extends { created: number }>(items: Iterable<T>) => [...items].reverse();

function objectName(id: string): string {
  const names: Array<[string, string]> = [
    ['cus_', 'customer'],
    ['sub_', 'subscription'],
    ['in_', 'invoice'],
    ['price_', 'price'],
    ['prod_', 'product'],
    ['pm_', 'PaymentMethod'],
    ['cs_', 'checkout.session'],
    ['evt_', 'event'],
  ];
  return names.find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'object';
}

/** The object an id names, rendered, for `expand[]`. */
function lookup(c: RenderContext, id: string): Record<string, unknown> | undefined {
  const { state } = c;
  if (id.startsWith('cus_')) {
    const customer = state.customers.get(id);
    return customer ? renderCustomer(customer) : undefined;
  }
  if (id.startsWith('sub_')) {
    const subscription = state.subscriptions.get(id);
    return subscription ? renderSubscription(c, subscription) : undefined;
  }
  if (id.startsWith('in_')) {
    const invoice = state.invoices.get(id);
    return invoice ? renderInvoice(c, invoice) : undefined;
  }
  if (id.startsWith('price_')) {
    const price = state.prices.get(id);
    return price ? renderPrice(price) : undefined;
  }
  if (id.startsWith('prod_')) {
    const product = state.products.get(id);
    return product ? renderProduct(product) : undefined;
  }
  if (id.startsWith('pm_')) {
    const method = state.paymentMethods.get(id);
    return method ? renderPaymentMethod(method) : undefined;
  }
  if (id.startsWith('cs_')) {
    const session = state.checkoutSessions.get(id);
    return session ? renderCheckoutSession(c, session) : undefined;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `expand[]` paths (`customer`, `data.product`, `subscription.latest_invoice`; at most 4 deep). */
export function expand(c: RenderContext, value: unknown, paths: string[]): unknown {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4)
      throw errors.invalidRequest(
        `You cannot expand more than 4 levels of a property. Property: ${path}`,
        'expand',
      );
    expandAt(c, value, segments, path);
  }
  return value;
}

function expandAt(c: RenderContext, node: unknown, segments: string[], path: string): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (!isObject(node) || !(head in node)) throw errors.notExpandable(path);
  const resolve = (item: unknown) => {
    if (typeof item !== 'string') return item;
    const found = lookup(c, item);
    if (!found) throw errors.notExpandable(path);
    return found;
  };
  const current = node[head];
  if (current === null) return;
  if (Array.isArray(current)) {
    const items =
      rest.length === 0 || current.some((item) => typeof item === 'string') ? current.map(resolve) : current;
    node[head] = items;
    for (const item of items) expandAt(c, item, rest, path);
    return;
  }
  if (rest.length === 0) {
    if (typeof current !== 'string' && !isObject(current)) throw errors.notExpandable(path);
    node[head] = resolve(current);
    return;
  }
  const target = resolve(current);
  node[head] = target;
  expandAt(c, target, rest, path);
}

function customerOf(state: SandboxState, id: string, param = 'customer') {
  const customer = state.customers.get(id);
  if (!customer) throw errors.noSuch('customer', id, param);
  return customer;
}

function allowedUrl(value: string | undefined, param: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'placeholder'));
    if (!/^https?:$/.test(url.protocol)) throw new Error('not http');
  } catch {
    throw errors.invalidRequest('Not a valid URL', param);
  }
  return value;
}

// ---- products and prices ----

const listProducts: Handler = (c) => {
  c.params.only([...PAGING, 'active', 'ids', 'created', 'shippable', 'url']);
  const active = c.params.boolean('active');
  const ids = c.params.strings('ids');
  const products = newestFirst(c.state.products.values()).filter(
    (p) => (active === undefined || p.active === active) && (ids.length === 0 || ids.includes(p.id)),
  );
  return pageRendered(c, products, '/v1/products', renderProduct);
};

function pageRendered<T extends { id: string }>(
  c: ApiContext,
  items: T[],
  url: string,
  render: (item: T) => unknown,
) {
  const paged = page(c, items, url);
  return { ...paged, data: paged.data.map(render) };
}

const getProduct: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const product = c.state.products.get(id);
  if (!product) throw errors.noSuch('product', id);
  return renderProduct(product);
};

const listPrices: Handler = (c) => {
  c.params.only([...PAGING, 'active', 'lookup_keys', 'product', 'type', 'currency', 'recurring', 'created']);
  const active = c.params.boolean('active');
  const lookupKeys = c.params.strings('lookup_keys');
  if (lookupKeys.length > 10)
    throw errors.invalidRequest('You can pass at most 10 lookup_keys.', 'lookup_keys');
  const product = c.params.string('product');
  const type = c.params.enumOf('type', ['one_time', 'recurring'] as const);
  const currency = c.params.string('currency');
  const interval = c.params
    .object('recurring')
    ?.enumOf('interval', ['day', 'week', 'month', 'year'] as const);
  const prices = newestFirst(c.state.prices.values()).filter(
    (p) =>
      (active === undefined || p.active === active) &&
      (lookupKeys.length === 0 || (p.lookupKey !== null && lookupKeys.includes(p.lookupKey))) &&
      (product === undefined || p.product === product) &&
      (type === undefined || type === 'recurring') &&
      (currency === undefined || p.currency === currency) &&
      (interval === undefined || p.interval === interval),
  );
  return pageRendered(c, prices, '/v1/prices', renderPrice);
};

const getPrice: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const price = c.state.prices.get(id);
  if (!price) throw errors.noSuch('price', id);
  return renderPrice(price);
};

// ---- customers and payment methods ----

const CUSTOMER_FIELDS = ['email', 'name', 'phone', 'description', 'metadata', 'invoice_settings', 'expand'];

const createCustomer: Handler = (c) => {
  c.params.only(CUSTOMER_FIELDS);
  const customer = c.billing.createCustomer({
    email: c.params.string('email') ?? null,
    name: c.params.string('name') ?? null,
    phone: c.params.string('phone') ?? null,
    description: c.params.string('description') ?? null,
    metadata: c.params.metadata() ?? {},
  });
  const defaultMethod = c.params
    .object('invoice_settings')
    ?.only(['default_payment_method'])
    .string('default_payment_method');
  if (defaultMethod)
    throw errors.noSuch('PaymentMethod', defaultMethod, 'invoice_settings[default_payment_method]');
  return renderCustomer(customer);
};

const getCustomer: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  return renderCustomer(customerOf(c.state, id, 'id'));
};

const updateCustomer: Handler = (c, [id = '']) => {
  c.params.only(CUSTOMER_FIELDS);
  const customer = customerOf(c.state, id, 'id');
  const settings = c.params.object('invoice_settings')?.only(['default_payment_method']);
  const defaultMethod = settings?.string('default_payment_method');
  if (defaultMethod) {
    const method = c.state.paymentMethods.get(defaultMethod);
    if (!method || method.customer !== customer.id)
      throw errors.invalidRequest(
        `No such PaymentMethod: '${defaultMethod}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
        'invoice_settings[default_payment_method]',
      );
  }
  c.billing.updateCustomer(customer, (record) => {
    const email = c.params.string('email');
    if (email !== undefined) record.email = email === '' ? null : email;
    const name = c.params.string('name');
    if (name !== undefined) record.name = name === '' ? null : name;
    const phone = c.params.string('phone');
    if (phone !== undefined) record.phone = phone === '' ? null : phone;
    const description = c.params.string('description');
    if (description !== undefined) record.description = description === '' ? null : description;
    record.metadata = c.params.metadata(record.metadata) ?? record.metadata;
    if (defaultMethod !== undefined)
      record.defaultPaymentMethod = defaultMethod === '' ? null : defaultMethod;
  });
  return renderCustomer(customer);
};

const listCustomers: Handler = (c) => {
  c.params.only([...PAGING, 'email', 'created', 'test_clock']);
  const email = c.params.string('email');
  const customers = newestFirst(c.state.customers.values()).filter(
    (x) => email === undefined || x.email === email,
  );
  return pageRendered(c, customers, '/v1/customers', renderCustomer);
};

const listCustomerPaymentMethods: Handler = (c, [id = '']) => {
  c.params.only([...PAGING, 'type', 'allow_redisplay']);
  const customer = customerOf(c.state, id);
  c.params.enumOf('type', ['card'] as const);
  const methods = newestFirst(c.state.paymentMethods.values()).filter((m) => m.customer === customer.id);
  return pageRendered(c, methods, `/v1/customers/${customer.id}/payment_methods`, renderPaymentMethod);
};

const listPaymentMethods: Handler = (c) => {
  c.params.only([...PAGING, 'type', 'customer', 'allow_redisplay']);
  const customer = c.params.string('customer');
  if (customer !== undefined) customerOf(c.state, customer);
  c.params.enumOf('type', ['card'] as const);
  const methods = newestFirst(c.state.paymentMethods.values()).filter(
    (m) => customer === undefined || m.customer === customer,
  );
  return pageRendered(c, methods, '/v1/payment_methods', renderPaymentMethod);
};

const getPaymentMethod: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const method = c.state.paymentMethods.get(id);
  if (!method) throw errors.noSuch('PaymentMethod', id);
  return renderPaymentMethod(method);
};

// ---- checkout ----

const createCheckoutSession: Handler = (c) => {
  const p = c.params.only([
    'mode',
    'line_items',
    'subscription_data',
    'success_url',
    'cancel_url',
    'client_reference_id',
    'customer',
    'customer_email',
    'metadata',
    'allow_promotion_codes',
    'payment_method_types',
    'billing_address_collection',
    'locale',
    'expand',
  ]);
  const mode = p.enumOf('mode', ['payment', 'setup', 'subscription'] as const);
  if (!mode) throw errors.missingParameter('mode');
  if (mode !== 'subscription')
    throw errors.invalidRequest(
      `The local Stripe sandbox supports Checkout in subscription mode only (got mode=${mode}).`,
      'mode',
    );
  const lineItems = p.array('line_items').map((item, index) => {
    item.only(['price', 'quantity']);
    const priceId = item.requiredString('price');
    const price = c.state.prices.get(priceId);
    if (!price) throw errors.noSuch('price', priceId, `line_items[${index}][price]`);
    if (!price.active)
      throw errors.invalidRequest(
        `The price specified is inactive. This field only accepts active prices.`,
        `line_items[${index}][price]`,
      );
    const quantity = item.integer('quantity') ?? 1;
    if (quantity < 1)
      throw errors.invalidRequest('Quantity must be at least 1.', `line_items[${index}][quantity]`);
    return { price: priceId, quantity };
  });
  if (lineItems.length === 0) throw errors.missingParameter('line_items');
  const successUrl = allowedUrl(p.string('success_url'), 'success_url');
  if (!successUrl) throw errors.missingParameter('success_url');
  const customerId = p.string('customer');
  const customerEmail = p.string('customer_email');
  if (customerId && customerEmail)
    throw errors.invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer',
    );
  if (customerId) customerOf(c.state, customerId);
  const subscriptionData = p
    .object('subscription_data')
    ?.only(['trial_period_days', 'metadata', 'description', 'trial_settings']);
  const trialDays = subscriptionData?.integer('trial_period_days') ?? null;
  if (trialDays !== null && (trialDays < 1 || trialDays > 730))
    throw errors.invalidRequest(
      'The trial period must be between 1 and 730 days.',
      'subscription_data[trial_period_days]',
    );
  const clientReferenceId = p.string('client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200)
    throw errors.invalidRequest('client_reference_id must be at most 200 characters.', 'client_reference_id');
  const now = c.state.now();
  const session: CheckoutSessionRecord = {
    id: newId('checkoutSession'),
    status: 'open',
    paymentStatus: 'unpaid',
    customer: customerId ?? null,
    customerEmail: customerEmail ?? null,
    customerDetails: null,
    clientReferenceId,
    successUrl,
    cancelUrl: allowedUrl(p.string('cancel_url'), 'cancel_url'),
    lineItems,
    trialPeriodDays: trialDays,
    subscriptionMetadata: subscriptionData?.metadata() ?? {},
    subscriptionDescription: subscriptionData?.string('description') ?? null,
    metadata: p.metadata() ?? {},
    subscription: null,
    invoice: null,
    allowPromotionCodes: p.boolean('allow_promotion_codes') ?? null,
    created: now,
    expiresAt: now + 24 * 3600,
  };
  c.state.checkoutSessions.set(session.id, session);
  return renderCheckoutSession(c, session);
};

const getCheckoutSession: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const session = c.state.checkoutSessions.get(id);
  if (!session) throw errors.noSuch('checkout.session', id, 'session');
  return renderCheckoutSession(c, session);
};

// ---- subscriptions ----

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

const listSubscriptions: Handler = (c) => {
  c.params.only([...PAGING, 'customer', 'price', 'status', 'created', 'collection_method']);
  const customer = c.params.string('customer');
  const price = c.params.string('price');
  const status = c.params.enumOf('status', STATUSES);
  const ended: SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
  const subscriptions = newestFirst(c.state.subscriptions.values()).filter(
    (s) =>
      (customer === undefined || s.customer === customer) &&
      (price === undefined || s.items.some((item) => item.price === price)) &&
      (status === 'all' ||
        (status === undefined && s.status !== 'canceled') ||
        (status === 'ended' && ended.includes(s.status)) ||
        s.status === status),
  );
  return pageRendered(c, subscriptions, '/v1/subscriptions', (s) => renderSubscription(c, s));
};

function subscriptionOf(c: ApiContext, id: string) {
  const subscription = c.state.subscriptions.get(id);
  if (!subscription) throw errors.noSuch('subscription', id);
  return subscription;
}

const getSubscription: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  return renderSubscription(c, subscriptionOf(c, id));
};

const updateSubscription: Handler = (c, [id = '']) => {
  const p = c.params.only([
    'cancel_at_period_end',
    'cancel_at',
    'default_payment_method',
    'metadata',
    'description',
    'cancellation_details',
    'proration_behavior',
    'expand',
  ]);
  const subscription = subscriptionOf(c, id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    throw errors.invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
      p.has('cancel_at_period_end') ? 'cancel_at_period_end' : undefined,
    );
  const cancelAtPeriodEnd = p.boolean('cancel_at_period_end');
  const cancelAtRaw = p.string('cancel_at');
  const cancelAt = cancelAtRaw === undefined ? undefined : cancelAtRaw === '' ? null : p.integer('cancel_at');
  if (cancelAtPeriodEnd && cancelAt)
    throw errors.invalidRequest(
      'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
      'cancel_at',
    );
  if (cancelAt !== undefined && cancelAt !== null && cancelAt <= c.state.now())
    throw errors.invalidRequest('cancel_at must be in the future.', 'cancel_at');
  const method = p.string('default_payment_method');
  if (method) {
    const record = c.state.paymentMethods.get(method);
    if (!record || record.customer !== subscription.customer)
      throw errors.invalidRequest(
        `The customer does not have a payment method with the ID ${method}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
  }
  const comment = p.object('cancellation_details')?.only(['comment', 'feedback']).string('comment');
  c.billing.changeSubscription(subscription, (s) => {
    if (cancelAtPeriodEnd !== undefined) {
      s.cancelAtPeriodEnd = cancelAtPeriodEnd;
      s.cancelAt = cancelAtPeriodEnd ? s.currentPeriodEnd : null;
      s.canceledAt = cancelAtPeriodEnd ? c.state.now() : null;
      s.cancellation = cancelAtPeriodEnd
        ? { reason: 'cancellation_requested', comment: comment ?? null }
        : null;
    }
    if (cancelAt !== undefined) {
      s.cancelAt = cancelAt ?? null;
      s.cancelAtPeriodEnd = false;
      s.canceledAt = cancelAt ? c.state.now() : null;
      s.cancellation = cancelAt ? { reason: 'cancellation_requested', comment: comment ?? null } : null;
    }
    if (method !== undefined) s.defaultPaymentMethod = method === '' ? null : method;
    s.metadata = p.metadata(s.metadata) ?? s.metadata;
    const description = p.string('description');
    if (description !== undefined) s.description = description === '' ? null : description;
  });
  return renderSubscription(c, subscription);
};

const cancelSubscription: Handler = (c, [id = '']) => {
  const p = c.params.only(['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  const subscription = subscriptionOf(c, id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    throw errors.invalidRequest(`No such subscription: '${id}'`, 'id');
  const comment = p.object('cancellation_details')?.only(['comment', 'feedback']).string('comment') ?? null;
  c.billing.cancelNow(subscription, 'cancellation_requested', comment);
  return renderSubscription(c, subscription);
};

// ---- invoices ----

const listInvoices: Handler = (c) => {
  c.params.only([
    ...PAGING,
    'customer',
    'subscription',
    'status',
    'created',
    'collection_method',
    'due_date',
  ]);
  const customer = c.params.string('customer');
  const subscription = c.params.string('subscription');
  const status = c.params.enumOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const invoices = newestFirst(c.state.invoices.values()).filter(
    (i) =>
      (customer === undefined || i.customer === customer) &&
      (subscription === undefined || i.subscription === subscription) &&
      (status === undefined || i.status === status),
  );
  return pageRendered(c, invoices, '/v1/invoices', (i) => renderInvoice(c, i));
};

const getInvoice: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const invoice = c.state.invoices.get(id);
  if (!invoice) throw errors.noSuch('invoice', id, 'invoice');
  return renderInvoice(c, invoice);
};

// ---- billing portal ----

const createPortalSession: Handler = (c) => {
  c.params.only(['customer', 'return_url', 'configuration', 'locale', 'expand']);
  const customer = customerOf(c.state, c.params.requiredString('customer'));
  const configuration = c.params.string('configuration');
  if (configuration && configuration !== 'bpc_sandboxdefault0')
    throw errors.noSuch('billing_portal.configuration', configuration, 'configuration');
  const session = {
    id: newId('portalSession'),
    token: `test_${randomChars(32)}`,
    customer: customer.id,
    returnUrl: allowedUrl(c.params.string('return_url'), 'return_url'),
    created: c.state.now(),
  };
  c.state.portalSessions.set(session.token, session);
  return renderPortalSession(c, session);
};

// ---- events ----

const listEvents: Handler = (c) => {
  c.params.only([...PAGING, 'type', 'types', 'created', 'delivery_success']);
  const type = c.params.string('type');
  const types = c.params.strings('types');
  if (type && types.length > 0)
    throw errors.invalidRequest('You may only specify one of these parameters: type, types.', 'types');
  const matches = (eventType: string) => {
    if (types.length > 0) return types.includes(eventType);
    if (!type) return true;
    // Stripe allows one trailing wildcard: `customer.subscription.*`.
    return type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type;
  };
  const events = [...c.state.events.values()].reverse().filter((e) => matches(e.type));
  return pageRendered(c, events, '/v1/events', renderEvent);
};

const getEvent: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const event = c.state.events.get(id);
  if (!event) throw errors.noSuch('event', id);
  return renderEvent(event);
};

const ID = '([A-Za-z0-9_]+)';
const route = (method: Route['method'], path: string, openapiPath: string, handler: Handler): Route => ({
  method,
  pattern: new RegExp(`^${path.replaceAll(':id', ID)}$`),
  openapiPath,
  handler,
});

export const routes: Route[] = [
  route('GET', '/v1/products', '/v1/products', listProducts),
  route('GET', '/v1/products/:id', '/v1/products/{id}', getProduct),
  route('GET', '/v1/prices', '/v1/prices', listPrices),
  route('GET', '/v1/prices/:id', '/v1/prices/{price}', getPrice),
  route('GET', '/v1/customers', '/v1/customers', listCustomers),
  route('POST', '/v1/customers', '/v1/customers', createCustomer),
  route('GET', '/v1/customers/:id', '/v1/customers/{customer}', getCustomer),
  route('POST', '/v1/customers/:id', '/v1/customers/{customer}', updateCustomer),
  route(
    'GET',
    '/v1/customers/:id/payment_methods',
    '/v1/customers/{customer}/payment_methods',
    listCustomerPaymentMethods,
  ),
  route('GET', '/v1/payment_methods', '/v1/payment_methods', listPaymentMethods),
  route('GET', '/v1/payment_methods/:id', '/v1/payment_methods/{payment_method}', getPaymentMethod),
  route('POST', '/v1/checkout/sessions', '/v1/checkout/sessions', createCheckoutSession),
  route('GET', '/v1/checkout/sessions/:id', '/v1/checkout/sessions/{session}', getCheckoutSession),
  route('GET', '/v1/subscriptions', '/v1/subscriptions', listSubscriptions),
  route('GET', '/v1/subscriptions/:id', '/v1/subscriptions/{subscription_exposed_id}', getSubscription),
  route('POST', '/v1/subscriptions/:id', '/v1/subscriptions/{subscription_exposed_id}', updateSubscription),
  route('DELETE', '/v1/subscriptions/:id', '/v1/subscriptions/{subscription_exposed_id}', cancelSubscription),
  route('GET', '/v1/invoices', '/v1/invoices', listInvoices),
  route('GET', '/v1/invoices/:id', '/v1/invoices/{invoice}', getInvoice),
  route('POST', '/v1/billing_portal/sessions', '/v1/billing_portal/sessions', createPortalSession),
  route('GET', '/v1/events', '/v1/events', listEvents),
  route('GET', '/v1/events/:id', '/v1/events/{id}', getEvent),
];

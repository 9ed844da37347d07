// /v1 checkout sessions, subscriptions, invoices, billing portal sessions and events.
import { errors } from './errors.ts';
import { newId, randomChars } from './ids.ts';
import {
  allowedUrl,
  customerOf,
  newestFirst,
  PAGING,
  pageRendered,
  type ApiContext,
  type Handler,
} from './api-support.ts';
import {
  renderCheckoutSession,
  renderInvoice,
  renderPaymentIntent,
  renderSubscription,
} from './render-billing.ts';
import { renderEvent, renderPortalSession } from './render.ts';
import type { Params } from './form.ts';
import type { CheckoutSessionRecord, SubscriptionRecord, SubscriptionStatus } from './state.ts';

// ---- checkout ----

export const createCheckoutSession: Handler = (c) => {
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
    if (!price) throw errors.noSuchInParam('price', priceId, `line_items[${index}][price]`);
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
  if (customerId) customerOf(c.state, customerId, { param: 'customer' });
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
    pendingAuthentication: null,
  };
  c.state.checkoutSessions.set(session.id, session);
  return renderCheckoutSession(c, session);
};

export const getCheckoutSession: Handler = (c, [id = '']) => {
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

export const listSubscriptions: Handler = (c) => {
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

export const getSubscription: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  return renderSubscription(c, subscriptionOf(c, id));
};

export const updateSubscription: Handler = (c, [id = '']) => {
  const p = c.params.only([
    'cancel_at_period_end',
    'cancel_at',
    'default_payment_method',
    'metadata',
    'description',
    'cancellation_details',
    'proration_behavior',
    'items',
    'expand',
  ]);
  const subscription = subscriptionOf(c, id);
  const newPrice = itemsPrice(c, subscription, p.array('items'));
  const proration =
    p.enumOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ??
    'create_prorations';
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
  if (newPrice) c.billing.changePrice(subscription, newPrice, proration);
  return renderSubscription(c, subscription);
};

/**
 * `items[n][id|price|quantity]`: the new price of the subscription's one item, if it changes. The
 * sandbox's subscriptions have one item each, so adding or deleting items is refused.
 */
function itemsPrice(c: ApiContext, subscription: SubscriptionRecord, items: Params[]): string | null {
  let price: string | null = null;
  items.forEach((item, index) => {
    item.only(['id', 'price', 'quantity', 'deleted', 'metadata']);
    const itemId = item.string('id');
    const own = subscription.items.find((i) => i.id === itemId);
    if (itemId === undefined || item.boolean('deleted'))
      throw errors.invalidRequest(
        'The local Stripe sandbox keeps one item per subscription: name it by id to change its price.',
        `items[${index}][id]`,
      );
    if (!own) throw errors.noSuchInParam('subscription item', itemId, `items[${index}][id]`);
    const quantity = item.integer('quantity');
    if (quantity !== undefined && quantity !== own.quantity)
      throw errors.invalidRequest(
        'The local Stripe sandbox keeps per-unit quantities as they are.',
        `items[${index}][quantity]`,
      );
    const priceId = item.string('price');
    if (priceId === undefined) return;
    const record = c.state.prices.get(priceId);
    if (!record) throw errors.noSuchInParam('price', priceId, `items[${index}][price]`);
    if (!record.active)
      throw errors.invalidRequest(
        'The price specified is inactive. This field only accepts active prices.',
        `items[${index}][price]`,
      );
    const current = c.state.prices.get(own.price);
    if (current && (record.currency !== current.currency || record.product !== current.product))
      throw errors.invalidRequest(
        'The local Stripe sandbox switches between prices of the same product and currency.',
        `items[${index}][price]`,
      );
    price = priceId;
  });
  return price;
}

export const cancelSubscription: Handler = (c, [id = '']) => {
  const p = c.params.only(['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  const subscription = subscriptionOf(c, id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    throw errors.invalidRequest(`No such subscription: '${id}'`, 'id');
  const comment = p.object('cancellation_details')?.only(['comment', 'feedback']).string('comment') ?? null;
  c.billing.cancelNow(subscription, 'cancellation_requested', comment);
  return renderSubscription(c, subscription);
};

// ---- invoices ----

export const listInvoices: Handler = (c) => {
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

export const getInvoice: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const invoice = c.state.invoices.get(id);
  if (!invoice) throw errors.noSuch('invoice', id, 'invoice');
  return renderInvoice(c, invoice);
};

export const getPaymentIntent: Handler = (c, [id = '']) => {
  c.params.only(['expand', 'client_secret']);
  const intent = c.state.paymentIntents.get(id);
  if (!intent) throw errors.noSuch('payment_intent', id, 'intent');
  return renderPaymentIntent(c, intent);
};

// ---- billing portal ----

export const createPortalSession: Handler = (c) => {
  c.params.only(['customer', 'return_url', 'configuration', 'locale', 'expand']);
  const customer = customerOf(c.state, c.params.requiredString('customer'), { param: 'customer' });
  const configuration = c.params.string('configuration');
  if (configuration && configuration !== 'bpc_sandboxdefault0')
    throw errors.noSuchInParam('billing_portal.configuration', configuration, 'configuration');
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

export const listEvents: Handler = (c) => {
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

export const getEvent: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const event = c.state.events.get(id);
  if (!event) throw errors.noSuch('event', id);
  return renderEvent(event);
};

// /v1 products, prices, customers and payment methods: the catalog the sandbox was seeded with and the
// customers and cards the hosted pages made.
import { errors } from './errors.ts';
import { customerOf, newestFirst, PAGING, pageRendered, type Handler } from './api-support.ts';
import { renderCustomer, renderPaymentMethod, renderPrice, renderProduct } from './render.ts';

// ---- products and prices ----

export const listProducts: Handler = (c) => {
  c.params.only([...PAGING, 'active', 'ids', 'created', 'shippable', 'url']);
  const active = c.params.boolean('active');
  const ids = c.params.strings('ids');
  const products = newestFirst(c.state.products.values()).filter(
    (p) => (active === undefined || p.active === active) && (ids.length === 0 || ids.includes(p.id)),
  );
  return pageRendered(c, products, '/v1/products', renderProduct);
};

export const getProduct: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const product = c.state.products.get(id);
  if (!product) throw errors.noSuch('product', id);
  return renderProduct(product);
};

export const listPrices: Handler = (c) => {
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

export const getPrice: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const price = c.state.prices.get(id);
  if (!price) throw errors.noSuch('price', id);
  return renderPrice(price);
};

// ---- customers and payment methods ----

const CUSTOMER_FIELDS = ['email', 'name', 'phone', 'description', 'metadata', 'invoice_settings', 'expand'];

export const createCustomer: Handler = (c) => {
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
    throw errors.noSuchInParam('PaymentMethod', defaultMethod, 'invoice_settings[default_payment_method]');
  return renderCustomer(customer);
};

export const getCustomer: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  return renderCustomer(customerOf(c.state, id, { url: 'id' }));
};

export const updateCustomer: Handler = (c, [id = '']) => {
  c.params.only(CUSTOMER_FIELDS);
  const customer = customerOf(c.state, id, { url: 'id' });
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

export const listCustomers: Handler = (c) => {
  c.params.only([...PAGING, 'email', 'created', 'test_clock']);
  const email = c.params.string('email');
  const customers = newestFirst(c.state.customers.values()).filter(
    (x) => email === undefined || x.email === email,
  );
  return pageRendered(c, customers, '/v1/customers', renderCustomer);
};

export const listCustomerPaymentMethods: Handler = (c, [id = '']) => {
  c.params.only([...PAGING, 'type', 'allow_redisplay']);
  const customer = customerOf(c.state, id, { url: 'customer' });
  c.params.enumOf('type', ['card'] as const);
  const methods = newestFirst(c.state.paymentMethods.values()).filter((m) => m.customer === customer.id);
  return pageRendered(c, methods, `/v1/customers/${customer.id}/payment_methods`, renderPaymentMethod);
};

export const listPaymentMethods: Handler = (c) => {
  c.params.only([...PAGING, 'type', 'customer', 'allow_redisplay']);
  const customer = c.params.string('customer');
  if (customer !== undefined) customerOf(c.state, customer, { param: 'customer' });
  c.params.enumOf('type', ['card'] as const);
  const methods = newestFirst(c.state.paymentMethods.values()).filter(
    (m) => customer === undefined || m.customer === customer,
  );
  return pageRendered(c, methods, '/v1/payment_methods', renderPaymentMethod);
};

export const getPaymentMethod: Handler = (c, [id = '']) => {
  c.params.only(['expand']);
  const method = c.state.paymentMethods.get(id);
  if (!method) throw errors.noSuch('PaymentMethod', id);
  return renderPaymentMethod(method);
};

// The /v1 endpoints the product calls, with Stripe's parameter checks, list paging and `expand[]`.
// Each route names the path of Stripe's OpenAPI document it answers for (the contract test uses it).
import * as billing from './api-billing.ts';
import * as customers from './api-customers.ts';
import type { Handler, Route } from './api-support.ts';

export { expand, type ApiContext, type Route } from './api-support.ts';

const ID = '([A-Za-z0-9_]+)';
const route = (method: Route['method'], path: string, openapiPath: string, handler: Handler): Route => ({
  method,
  pattern: new RegExp(`^${path.replaceAll(':id', ID)}$`),
  openapiPath,
  handler,
});

export const routes: Route[] = [
  route('GET', '/v1/products', '/v1/products', customers.listProducts),
  route('GET', '/v1/products/:id', '/v1/products/{id}', customers.getProduct),
  route('GET', '/v1/prices', '/v1/prices', customers.listPrices),
  route('GET', '/v1/prices/:id', '/v1/prices/{price}', customers.getPrice),
  route('GET', '/v1/customers', '/v1/customers', customers.listCustomers),
  route('POST', '/v1/customers', '/v1/customers', customers.createCustomer),
  route('GET', '/v1/customers/:id', '/v1/customers/{customer}', customers.getCustomer),
  route('POST', '/v1/customers/:id', '/v1/customers/{customer}', customers.updateCustomer),
  route(
    'GET',
    '/v1/customers/:id/payment_methods',
    '/v1/customers/{customer}/payment_methods',
    customers.listCustomerPaymentMethods,
  ),
  route('GET', '/v1/payment_methods', '/v1/payment_methods', customers.listPaymentMethods),
  route('GET', '/v1/payment_methods/:id', '/v1/payment_methods/{payment_method}', customers.getPaymentMethod),
  route('POST', '/v1/checkout/sessions', '/v1/checkout/sessions', billing.createCheckoutSession),
  route('GET', '/v1/checkout/sessions/:id', '/v1/checkout/sessions/{session}', billing.getCheckoutSession),
  route('GET', '/v1/subscriptions', '/v1/subscriptions', billing.listSubscriptions),
  route(
    'GET',
    '/v1/subscriptions/:id',
    '/v1/subscriptions/{subscription_exposed_id}',
    billing.getSubscription,
  ),
  route(
    'POST',
    '/v1/subscriptions/:id',
    '/v1/subscriptions/{subscription_exposed_id}',
    billing.updateSubscription,
  ),
  route(
    'DELETE',
    '/v1/subscriptions/:id',
    '/v1/subscriptions/{subscription_exposed_id}',
    billing.cancelSubscription,
  ),
  route('GET', '/v1/invoices', '/v1/invoices', billing.listInvoices),
  route('GET', '/v1/invoices/:id', '/v1/invoices/{invoice}', billing.getInvoice),
  route('GET', '/v1/payment_intents/:id', '/v1/payment_intents/{intent}', billing.getPaymentIntent),
  route('POST', '/v1/billing_portal/sessions', '/v1/billing_portal/sessions', billing.createPortalSession),
  route('GET', '/v1/events', '/v1/events', billing.listEvents),
  route('GET', '/v1/events/:id', '/v1/events/{id}', billing.getEvent),
];

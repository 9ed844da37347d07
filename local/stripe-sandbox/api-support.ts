// What every /v1 handler shares: the request context, Stripe's list paging, `expand[]`, and the checks
// of ids and URLs that several endpoints make.
import type { Billing } from './billing.ts';
import { errors } from './errors.ts';
import type { Params } from './form.ts';
import {
  renderCheckoutSession,
  renderInvoice,
  renderInvoicePayment,
  renderPaymentIntent,
  renderSubscription,
} from './render-billing.ts';
import {
  list,
  renderCustomer,
  renderPaymentMethod,
  renderPrice,
  renderProduct,
  type RenderContext,
} from './render.ts';
import type { SandboxState } from './state.ts';

export interface ApiContext extends RenderContext {
  billing: Billing;
  params: Params;
}

export type Handler = (c: ApiContext, ids: string[]) => unknown;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The operation's path in Stripe's OpenAPI document. */
  openapiPath: string;
  handler: Handler;
}

export const PAGING = ['limit', 'starting_after', 'ending_before', 'expand'] as const;

// ---- helpers ----

/** Stripe's list paging: newest first, `limit` 1–100 (default 10), cursors by object id. */
export function page<T extends { id: string }>(c: ApiContext, items: T[], url: string) {
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
    if (index < 0) throw errors.noSuchInParam(objectName(after), after, 'starting_after');
    start = index + 1;
  }
  if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw errors.noSuchInParam(objectName(before), before, 'ending_before');
    end = index;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return list(data, url, before ? start > 0 : start + limit < end);
}

export const newestFirst = <T extends { created: number }>(items: Iterable<T>) => [...items].reverse();

export function objectName(id: string): string {
  const names: Array<[string, string]> = [
    ['cus_', 'customer'],
    ['sub_', 'subscription'],
    ['in_', 'invoice'],
    ['price_', 'price'],
    ['prod_', 'product'],
    ['pm_', 'PaymentMethod'],
    ['cs_', 'checkout.session'],
    ['pi_', 'payment_intent'],
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
  if (id.startsWith('pi_')) {
    const intent = state.paymentIntents.get(id);
    return intent ? renderPaymentIntent(c, intent) : undefined;
  }
  if (id.startsWith('cs_')) {
    const session = state.checkoutSessions.get(id);
    return session ? renderCheckoutSession(c, session) : undefined;
  }
  return undefined;
}

function invoicePayments(c: RenderContext, invoiceId: string) {
  const invoice = c.state.invoices.get(invoiceId);
  const intent = invoice?.paymentIntent ? c.state.paymentIntents.get(invoice.paymentIntent) : undefined;
  return list(
    invoice && intent ? [renderInvoicePayment(invoice, intent)] : [],
    `/v1/invoice_payments?invoice=${invoiceId}`,
  );
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
  // The invoice's `payments` is includable: present only when expanded, as Stripe answers.
  if (isObject(node) && head === 'payments' && node.object === 'invoice' && !(head in node))
    node.payments = invoicePayments(c, String(node.id));
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

/** The customer an id names: one in the URL is a 404 when missing, one in a parameter a 400 naming it. */
export function customerOf(state: SandboxState, id: string, where: { url: string } | { param: string }) {
  const customer = state.customers.get(id);
  if (!customer)
    throw 'url' in where
      ? errors.noSuch('customer', id, where.url)
      : errors.noSuchInParam('customer', id, where.param);
  return customer;
}

export function allowedUrl(value: string | undefined, param: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'placeholder'));
    if (!/^https?:$/.test(url.protocol)) throw new Error('not http');
  } catch {
    throw errors.invalidRequest('Not a valid URL', param);
  }
  return value;
}

export function pageRendered<T extends { id: string }>(
  c: ApiContext,
  items: T[],
  url: string,
  render: (item: T) => unknown,
) {
  const paged = page(c, items, url);
  return { ...paged, data: paged.data.map(render) };
}

// The Billing Portal (`/p/session/:token`): the plan and its state, switching between the product's
// prices (with proration), the card on file, cancel at period end (confirmed first) or renew, and the
// invoice history with a link to pay or authenticate an open invoice.
import { readCard } from './cards.ts';
import { StripeApiError } from './errors.ts';
import { every as everyOf } from './invoices.ts';
import {
  alert,
  cardFields,
  day,
  escape,
  money,
  page,
  testCardHelp,
  type PageContext,
  type PageResponse,
} from './pages.ts';
import type { PortalSessionRecord, PriceRecord, SubscriptionRecord } from './state.ts';

/** The product's other active prices a subscription can switch to (monthly ↔ annual). */
function otherPrices(c: PageContext, subscription: SubscriptionRecord): PriceRecord[] {
  const current = c.state.prices.get(subscription.items[0]?.price ?? '');
  if (!current) return [];
  return [...c.state.prices.values()].filter(
    (p) => p.product === current.product && p.active && p.id !== current.id,
  );
}

const priceLabel = (price: PriceRecord) => `${money(price.unitAmount, price.currency)} per ${everyOf(price)}`;

function subscriptionLine(c: PageContext, self: string, subscription: SubscriptionRecord): string {
  const item = subscription.items[0];
  const price = item ? c.state.prices.get(item.price) : undefined;
  const product = price ? c.state.products.get(price.product) : undefined;
  const every = price ? everyOf(price) : '';
  const title = `${product?.name ?? 'Plan'} — ${price ? money(price.unitAmount, price.currency) : ''} per ${every}`;
  const open = [...c.state.invoices.values()].find(
    (invoice) => invoice.subscription === subscription.id && invoice.status === 'open',
  );
  let status: string;
  if (subscription.cancelAtPeriodEnd || subscription.cancelAt)
    status = `Cancels on ${day(subscription.cancelAt ?? subscription.currentPeriodEnd)}.`;
  else if (subscription.status === 'trialing')
    status = `Trial ends on ${day(subscription.trialEnd ?? subscription.currentPeriodEnd)}; then renews.`;
  else if (open?.requiresAction) status = 'Your bank asks you to confirm the latest payment.';
  else if (subscription.status === 'past_due' || subscription.status === 'unpaid')
    status =
      `Payment failed. ` +
      (open?.nextPaymentAttempt
        ? `We will try again on ${day(open.nextPaymentAttempt)}.`
        : 'Update your card to pay.');
  else status = `Renews on ${day(subscription.currentPeriodEnd)}.`;
  const cancelForm =
    subscription.cancelAtPeriodEnd || subscription.cancelAt
      ? `<form method="post" action="${self}/renew"><input type="hidden" name="subscription" value="${subscription.id}">
<button type="submit" class="secondary">Renew plan</button></form>`
      : `<form method="post" action="${self}/cancel"><input type="hidden" name="subscription" value="${subscription.id}">
<button type="submit" class="secondary">Cancel plan</button></form>`;
  const pay = open
    ? `<p><a href="/i/${escape(open.hostedToken)}">${open.requiresAction ? 'Confirm payment' : 'Pay invoice'}</a></p>`
    : '';
  const switches = subscription.cancelAtPeriodEnd
    ? ''
    : otherPrices(c, subscription)
        .map(
          (price) => `<form method="post" action="${self}/switch">
<input type="hidden" name="subscription" value="${escape(subscription.id)}">
<input type="hidden" name="price" value="${escape(price.id)}">
<button type="submit" class="secondary">Switch to ${escape(priceLabel(price))}</button></form>`,
        )
        .join('\n');
  return `<section aria-label="Current plan">
<h2>${escape(title)}</h2>
<p>${escape(status)}</p>
${pay}
${switches}
${cancelForm}
</section>`;
}

/** "Switch plan" asks first, with what the change costs today (Stripe's portal shows the same). */
function switchConfirmPage(
  c: PageContext,
  self: string,
  subscription: SubscriptionRecord,
  price: PriceRecord,
): PageResponse {
  const change = c.billing.priceChange(subscription, price.id, 'create_prorations');
  const credit = change.lines.filter((l) => l.amount < 0).reduce((sum, l) => sum - l.amount, 0);
  const what =
    subscription.status === 'trialing'
      ? `Your trial goes on until ${day(subscription.currentPeriodEnd)}; then ${priceLabel(price)}.`
      : change.invoiceNow
        ? `Due today: ${money(change.dueNow, price.currency)}` +
          (credit > 0 ? ` (after ${money(credit, price.currency)} credit for unused time).` : '.') +
          ` Then ${priceLabel(price)}, renewing on ${day(change.periodEnd ?? subscription.currentPeriodEnd)}.`
        : `The difference for the rest of this period is added to your next invoice on ${day(subscription.currentPeriodEnd)}.`;
  const body = `
<h1>Switch your plan</h1>
<p>New plan: ${escape(priceLabel(price))}.</p>
<p>${escape(what)}</p>
<form method="post" action="${self}/switch">
<input type="hidden" name="subscription" value="${escape(subscription.id)}">
<input type="hidden" name="price" value="${escape(price.id)}">
<input type="hidden" name="confirm" value="yes">
<button type="submit">Confirm switch</button>
</form>
<p><a href="${self}">← Go back</a></p>`;
  return { status: 200, html: page('Switch your plan', body) };
}

export function portalPage(
  c: PageContext,
  session: PortalSessionRecord | undefined,
  notice: { error?: string | null; status?: string | null } = {},
): PageResponse {
  if (!session) return { status: 404, html: page('Billing', '<h1>This billing link is not valid.</h1>') };
  const self = `/p/session/${session.token}`;
  const customer = c.state.customers.get(session.customer);
  const current = c.billing
    .subscriptionsOf(session.customer)
    .filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
  const method = customer?.defaultPaymentMethod
    ? c.state.paymentMethods.get(customer.defaultPaymentMethod)
    : [...c.state.paymentMethods.values()].find((m) => m.customer === session.customer);
  const card = method
    ? `${method.card.brand[0]?.toUpperCase()}${method.card.brand.slice(1)} •••• ${method.card.number.slice(-4)}, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
    : 'No card on file';
  const invoices = [...c.state.invoices.values()]
    .filter((invoice) => invoice.customer === session.customer && invoice.status !== 'draft')
    .reverse()
    .map(
      (invoice) =>
        `<li>${day(invoice.created)} — ${money(invoice.amountDue, invoice.currency)} — <a href="/i/${escape(invoice.hostedToken)}">${invoice.status}</a></li>`,
    )
    .join('\n');
  const back = session.returnUrl
    ? `<p><a href="${escape(session.returnUrl)}">← Return to Tallywise</a></p>`
    : '';
  const body = `
<h1>Manage billing</h1>
<p>${escape(customer?.email ?? '')}</p>
${notice.status ? `<div role="status">${escape(notice.status)}</div>` : ''}
${alert(notice.error ?? null)}
${current.length > 0 ? current.map((s) => subscriptionLine(c, self, s)).join('\n') : '<section><p>No current plan.</p></section>'}
<section aria-label="Payment method">
<h2>Payment method</h2>
<p>${escape(card)}</p>
<form method="post" action="${self}/payment-method">
${cardFields('Update card')}
</form>
</section>
<section aria-label="Invoice history">
<h2>Invoice history</h2>
<ul>${invoices || '<li>No invoices yet.</li>'}</ul>
</section>
${back}
${testCardHelp}`;
  return { status: notice.error ? 402 : 200, html: page('Manage billing', body) };
}

/** "Cancel plan" asks first: when access ends, and that the plan can be renewed until then. */
function cancelConfirmPage(self: string, subscription: SubscriptionRecord): PageResponse {
  // A cancellation takes effect at the period's end (a trial's end while trialing).
  const ends = day(subscription.currentPeriodEnd);
  const body = `
<h1>Cancel your plan</h1>
<p>Your plan will be canceled, but is still available until the end of your billing period on ${escape(ends)}.
If you change your mind, you can renew it before then.</p>
<form method="post" action="${self}/cancel">
<input type="hidden" name="subscription" value="${escape(subscription.id)}">
<input type="hidden" name="confirm" value="yes">
<button type="submit">Cancel plan</button>
</form>
<p><a href="${self}">← Go back</a></p>`;
  return { status: 200, html: page('Cancel your plan', body) };
}

export function submitPortal(
  c: PageContext,
  session: PortalSessionRecord | undefined,
  action: string,
  form: URLSearchParams,
): PageResponse {
  if (!session) return portalPage(c, session);
  const self = `/p/session/${session.token}`;
  const customer = c.state.customers.get(session.customer);
  if (!customer) return portalPage(c, undefined);
  const own = (id: string | null) => {
    const subscription = id ? c.state.subscriptions.get(id) : undefined;
    return subscription && subscription.customer === session.customer ? subscription : undefined;
  };
  if (action === 'payment-method') {
    try {
      const details = readCard(
        {
          number: form.get('cardnumber') ?? '',
          expiry: form.get('expiry') ?? '',
          cvc: form.get('cvc') ?? '',
        },
        new Date(c.state.now() * 1000),
      );
      const method = c.billing.attachCard(customer, details, { name: customer.name, email: customer.email });
      c.billing.replaceDefaultCard(customer, method);
    } catch (error) {
      if (error instanceof StripeApiError) return portalPage(c, session, { error: error.body.message });
      throw error;
    }
    return { status: 303, location: `${self}?done=card` };
  }
  const subscription = own(form.get('subscription'));
  if (!subscription || subscription.status === 'canceled')
    return portalPage(c, session, { error: 'That plan could not be found.' });
  // As Stripe's portal does, a cancellation is confirmed on a page of its own first.
  if (action === 'cancel' && form.get('confirm') !== 'yes') return cancelConfirmPage(self, subscription);
  if (action === 'cancel') {
    c.billing.changeSubscription(subscription, (s) => {
      s.cancelAtPeriodEnd = true;
      s.cancelAt = s.currentPeriodEnd;
      s.canceledAt = c.state.now();
      s.cancellation = { reason: 'cancellation_requested', comment: null };
    });
    return { status: 303, location: `${self}?done=cancel` };
  }
  if (action === 'switch') {
    const price = otherPrices(c, subscription).find((p) => p.id === form.get('price'));
    if (!price) return portalPage(c, session, { error: 'That plan could not be found.' });
    if (form.get('confirm') !== 'yes') return switchConfirmPage(c, self, subscription, price);
    c.billing.changePrice(subscription, price.id, 'create_prorations');
    return { status: 303, location: `${self}?done=switch` };
  }
  if (action === 'renew') {
    c.billing.changeSubscription(subscription, (s) => {
      s.cancelAtPeriodEnd = false;
      s.cancelAt = null;
      s.canceledAt = null;
      s.cancellation = null;
    });
    return { status: 303, location: `${self}?done=renew` };
  }
  return { status: 404, html: page('Billing', '<h1>Not found</h1>') };
}

export const PORTAL_NOTICES: Record<string, string> = {
  card: 'Your card was updated.',
  cancel: 'Your plan will end at the end of the current period.',
  renew: 'Your plan will renew.',
  switch: 'Your plan was switched.',
};

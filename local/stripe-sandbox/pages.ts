// The pages Stripe hosts, as plain HTML forms: Checkout (`/c/pay/:session`, card entry, then a redirect
// to success_url) and the Billing Portal (`/p/session/:token`: update the card, cancel at period end,
// renew). No script, labelled fields, errors in a role=alert region, so people and tests can use them.
import type { Billing } from './billing.ts';
import { readCard, TEST_CARDS } from './cards.ts';
import { StripeApiError } from './errors.ts';
import type {
  CheckoutSessionRecord,
  PortalSessionRecord,
  SandboxState,
  SubscriptionRecord,
} from './state.ts';

export interface PageContext {
  state: SandboxState;
  billing: Billing;
}

export interface PageResponse {
  status: number;
  html?: string;
  location?: string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const day = (unix: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(unix * 1000));

export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'";

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .sandbox { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: #8a5300;
             background: #fff4e0; display: inline-block; padding: .1rem .5rem; border-radius: 4px; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font: inherit; border: 1px solid #8792a2;
          border-radius: 6px; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; font: inherit; font-weight: 600; color: #fff;
           background: #533afd; border: 0; border-radius: 6px; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1f36; border: 1px solid #8792a2; }
  [role=alert] { margin-top: 1rem; padding: .75rem; border-radius: 6px; background: #fde8e8; color: #8c1d18; }
  [role=status] { margin-top: 1rem; padding: .75rem; border-radius: 6px; background: #e6f6ea; color: #1a5c2b; }
  section { border-top: 1px solid #e3e8ee; margin-top: 1.5rem; padding-top: 1rem; }
  code { font-size: .9em; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox">Local Stripe sandbox · test mode</p>
${body}
</main>
</body>
</html>
`;
}

const cardFields = (submit: string) => `
<label for="cardnumber">Card number</label>
<input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="expiry">Expiry date (MM / YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required>
<label for="cvc">Security code (CVC)</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<button type="submit">${escape(submit)}</button>`;

const testCardHelp = `
<details>
<summary>Test cards</summary>
<ul>
${TEST_CARDS.map(
  (card) =>
    `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — ${
      card.behaviour === 'succeeds'
        ? 'succeeds'
        : card.behaviour === 'declines'
          ? `declined (${card.declineCode})`
          : 'saved, then every charge fails'
    }</li>`,
).join('\n')}
</ul>
<p>Any future expiry date and any 3 digits for the CVC.</p>
</details>`;

const alert = (message: string | null) => (message ? `<div role="alert">${escape(message)}</div>` : '');

// ---- Checkout ----

function checkoutSummary(c: PageContext, session: CheckoutSessionRecord) {
  const item = session.lineItems[0];
  const price = item ? c.state.prices.get(item.price) : undefined;
  const product = price ? c.state.products.get(price.product) : undefined;
  const every = price
    ? price.intervalCount === 1
      ? price.interval
      : `${price.intervalCount} ${price.interval}s`
    : '';
  const amount = price ? money(price.unitAmount * (item?.quantity ?? 1), price.currency) : '';
  return {
    name: product?.name ?? 'Subscription',
    line: session.trialPeriodDays
      ? `${session.trialPeriodDays} days free, then ${amount} per ${every}`
      : `${amount} per ${every}`,
  };
}

export function checkoutPage(
  c: PageContext,
  session: CheckoutSessionRecord | undefined,
  error: string | null = null,
  values: { email?: string; name?: string } = {},
): PageResponse {
  if (!session) return { status: 404, html: page('Checkout', '<h1>This checkout link is not valid.</h1>') };
  if (session.status !== 'open') {
    const what =
      session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout has expired.';
    const back = session.cancelUrl
      ? `<p><a href="${escape(session.cancelUrl)}">Return to the site</a></p>`
      : '';
    return { status: 410, html: page('Checkout', `<h1>${what}</h1>${back}`) };
  }
  const summary = checkoutSummary(c, session);
  const customer = session.customer ? c.state.customers.get(session.customer) : undefined;
  const knownEmail = customer?.email ?? session.customerEmail;
  const emailField = knownEmail
    ? `<p>Email: <strong>${escape(knownEmail)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escape(values.email ?? '')}">`;
  const back = session.cancelUrl ? `<p><a href="${escape(session.cancelUrl)}">← Back</a></p>` : '';
  const body = `
<h1>Subscribe to ${escape(summary.name)}</h1>
<p>${escape(summary.line)}</p>
${alert(error)}
<form method="post" action="/c/pay/${escape(session.id)}">
${emailField}
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escape(values.name ?? '')}">
${cardFields(session.trialPeriodDays ? 'Start trial' : 'Subscribe')}
</form>
${back}
${testCardHelp}`;
  return { status: error ? 402 : 200, html: page(`Subscribe to ${summary.name}`, body) };
}

export function submitCheckout(
  c: PageContext,
  session: CheckoutSessionRecord | undefined,
  form: URLSearchParams,
): PageResponse {
  if (!session || session.status !== 'open') return checkoutPage(c, session);
  const email = (form.get('email') ?? '').trim();
  const name = (form.get('name') ?? '').trim();
  const customer = session.customer ? c.state.customers.get(session.customer) : undefined;
  if (!customer?.email && !session.customerEmail && !/^[^@\s]+@[^@\s]+$/.test(email))
    return checkoutPage(c, session, 'Your email address is incomplete.', { email, name });
  try {
    const details = readCard(
      { number: form.get('cardnumber') ?? '', expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '' },
      new Date(c.state.now() * 1000),
    );
    c.billing.completeCheckout(session, details, { email: email || null, name: name || null });
  } catch (error) {
    if (error instanceof StripeApiError) return checkoutPage(c, session, error.body.message, { email, name });
    throw error;
  }
  const successUrl = (session.successUrl ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  return { status: 303, location: successUrl };
}

// ---- Billing Portal ----

function subscriptionLine(c: PageContext, self: string, subscription: SubscriptionRecord): string {
  const item = subscription.items[0];
  const price = item ? c.state.prices.get(item.price) : undefined;
  const product = price ? c.state.products.get(price.product) : undefined;
  const every = price
    ? price.intervalCount === 1
      ? price.interval
      : `${price.intervalCount} ${price.interval}s`
    : '';
  const title = `${product?.name ?? 'Plan'} — ${price ? money(price.unitAmount, price.currency) : ''} per ${every}`;
  const open = [...c.state.invoices.values()].find(
    (invoice) => invoice.subscription === subscription.id && invoice.status === 'open',
  );
  let status: string;
  if (subscription.cancelAtPeriodEnd || subscription.cancelAt)
    status = `Cancels on ${day(subscription.cancelAt ?? subscription.currentPeriodEnd)}.`;
  else if (subscription.status === 'trialing')
    status = `Trial ends on ${day(subscription.trialEnd ?? subscription.currentPeriodEnd)}; then renews.`;
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
  return `<section aria-label="Current plan">
<h2>${escape(title)}</h2>
<p>${escape(status)}</p>
${cancelForm}
</section>`;
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
        `<li>${day(invoice.created)} — ${money(invoice.amountDue, invoice.currency)} — ${invoice.status}</li>`,
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
};
